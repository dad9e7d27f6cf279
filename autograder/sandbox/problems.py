"""What went wrong on the student's side of a worker, as exceptions that say it in the
student's terms (``str`` is the feedback).

=======================  ===================================================
exception                meaning
=======================  ===================================================
:class:`StudentError`    the student's code raised (type, message, the
                         student's own frames of the traceback)
:class:`CallTimeout`     a call ran past its time limit; the worker was killed
:class:`WorkerCrashed`   the worker died (signal, exit, memory); restarted
                         for the next call
:class:`AnswerTooLarge`  the reply was far larger than the reference's answer
                         on the same input; refused unread, worker restarted
:class:`MalformedReply`  the reply was not a valid frame (forged, or the
                         worker's code was replaced); worker restarted
:class:`CallSkipped`     not run: this function already hung, crashed its
                         worker, ran out of memory or sent a refused reply
:class:`LoadFailure`     the submission could not even be loaded
:class:`BudgetExhausted` the submission used up its wall-clock budget
=======================  ===================================================

Each is raised by :class:`autograder.sandbox.session.Session`, which also records what
happened as an :class:`~autograder.records.events.Event`.
"""
from __future__ import annotations

from pgcheck.messages import error_text, stubbed_function, unwritten

from autograder.sandbox.replies import WorkerError


class SubmissionProblem(Exception):
    """Base of everything that went wrong on the student's side; ``str`` is the feedback."""


class StudentError(SubmissionProblem):
    """The student's code raised: its type, message, traceback and origin, as the worker
    reported them (each cut to a fixed length: :class:`~.replies.WorkerError`)."""

    def __init__(self, error: WorkerError):
        self.type, self.message, self.traceback = error.type, error.message, error.traceback
        self.origin = error.origin
        super().__init__(self.feedback())

    @property
    def not_implemented(self) -> bool:
        """A stub's, a bare or the student's own ``raise NotImplementedError``
        (:func:`pgcheck.messages.unwritten`); not one that torch raised on the student's line
        (``"bitwise_and_cpu" not implemented for 'Float'``), an error of code that is there."""
        return unwritten(self.type, self.message, self.traceback)

    def function(self) -> str:
        """For NotImplementedError: the function a stub names, else the one that raised it."""
        return stubbed_function(self.message) or (self.origin.function if self.origin else "")

    def feedback(self) -> str:
        if self.type == "MissingFunction":
            return self.message
        return error_text(self.type, self.message, self.traceback, self.origin)


class CallTimeout(SubmissionProblem):
    pass


class WorkerCrashed(SubmissionProblem):
    pass


class AnswerTooLarge(SubmissionProblem):
    pass


class MalformedReply(SubmissionProblem):
    pass


class CallSkipped(SubmissionProblem):
    pass


class LoadFailure(SubmissionProblem):
    pass


class BudgetExhausted(SubmissionProblem):
    pass


#: Python's and torch's ways of saying that an allocation failed (RLIMIT_AS), also while
#: the worker encoded a result
OUT_OF_MEMORY_TEXT = ("can't allocate memory", "not enough memory", "DefaultCPUAllocator",
                      "MemoryError")


def out_of_memory(error: StudentError) -> bool:
    """Whether the student's exception says an allocation failed."""
    return error.type == "MemoryError" or (
        error.type in ("RuntimeError", "UnencodableResult")
        and any(t in error.message for t in OUT_OF_MEMORY_TEXT))
