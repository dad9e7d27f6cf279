"""Where student code runs: a confined worker, and the grader's side of the conversation.

==================  ========================================================
module              job
==================  ========================================================
``session``         the grader's side of one submission: calls with time
                    limits, restarts, an Event for whatever went wrong
``proxy``           the ``student`` proxy: ``student.fn(...)`` through a session
``problems``        what went wrong, as exceptions worded for the student
``servers``         the fork servers a grader's workers come from
``forkserver``      a clean, warm process (torch imported, nothing of the
                    course) that forks one worker per submission
``worker``          inside the worker: load the submission, answer calls
``confine``         namespaces, private root, uid, resource limits
``kernel``          kernel state no worker may leave for the next: the
                    seccomp filter, fresh keyrings, the uid-mode clean-up
``cgroup``          one cgroup per worker: the memory, tasks and CPU of the
                    submission's whole tree (v2 or v1), removed on the reap
``uids``            the block of worker uids each job slot leases
``codec``           the wire format: JSON plus raw tensor bytes, never pickle;
                    every frame's size checked against a budget before it is read
``replies``         what the grader accepts back: typed replies, their budgets
==================  ========================================================

Nothing here imports the engine; ``docs/security.md`` is the threat model.
"""
