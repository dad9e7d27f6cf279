"""The worker side: what a Dask worker process holds to grade, set up once and checked.

The client registers one :class:`GraderPlugin` per assignment, ``--jobs`` and fingerprints.
Dask runs its ``setup`` on every worker process of the cluster, present and future (a worker
its nanny restarted, one an adaptive Slurm or Kubernetes cluster added), and does not run it
again for a plugin already registered (it is *idempotent*), so a warm cluster stays warm
from one ``autograde`` run to the next. ``setup``:

1. computes the worker's own :class:`Fingerprints` (the engine's version and source, the
   assignment's hidden suite, reference and settings: the regrade key's parts,
   :mod:`autograder.batch.regrade`) and compares them with the client's. A worker that
   differs is *refused*: it records one sentence naming both sides and offers nothing;
2. otherwise warms the process's :class:`Graders` (once per process, whatever the
   assignment) and offers the Dask resource :attr:`Fingerprints.resource`, ``jobs`` units
   of it. Every task of that assignment asks for one unit, so the scheduler gives it only to
   admitted workers, and at most ``jobs`` at a time to each.

Every task checks its worker's admission again (:func:`admitted`) before it grades.

A worker process grades as one grader instance does locally: ``jobs`` fork servers forked
from one warm factory (torch imported once), each leasing its own block of worker uids
(:mod:`autograder.sandbox.uids`), and for ``jobs`` > 1 as many grading processes forked
from this one (:func:`autograder.engine.pool.processes`); a lone job grades in the worker
process itself, one submission at a time. The hidden suites and the reference are this
checkout's; student code runs in the sandbox exactly as on a local run, so a report says
which protections were in force on the worker that graded it.
"""
from __future__ import annotations

import asyncio
import hashlib
import threading
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from distributed.diagnostics.plugin import WorkerPlugin


class WorkerRefused(RuntimeError):
    """A task reached a worker that was not admitted for it."""


class GraderCrashed(RuntimeError):
    """A grading process of the worker died while it graded (its pool was rebuilt)."""


@dataclass(frozen=True)
class Fingerprints:
    """What must be the same on the client and on a worker for a grade to be the same."""
    assignment: str     #: the assignment's name
    version: str        #: ``autograder.__version__``
    engine: str         #: :func:`autograder.authoring.fingerprints.engine_fingerprint`
    suite: str          #: :func:`autograder.authoring.fingerprints.assignment_fingerprint`

    @classmethod
    def here(cls, assignment: str) -> Fingerprints:
        from autograder import __version__
        from autograder.authoring import course
        from autograder.authoring import fingerprints

        return cls(assignment, __version__, fingerprints.engine_fingerprint(),
                   fingerprints.assignment_fingerprint(course.get(assignment)))

    @property
    def resource(self) -> str:
        """The Dask resource an admitted worker offers for this assignment."""
        digest = hashlib.sha256(f"{self.assignment}:{self.engine}:{self.suite}".encode())
        return f"autograde-{digest.hexdigest()[:16]}"

    def refusal(self, theirs: Fingerprints, worker: str) -> str:
        """Why ``worker``, whose fingerprints are ``theirs``, may not grade for us (these):
        one sentence naming both sides; empty when they are the same."""
        differ = []
        if (theirs.version, theirs.engine) != (self.version, self.engine):
            differ.append(f"its engine is {theirs.version} ({theirs.engine[:12]}), this "
                          f"grader's is {self.version} ({self.engine[:12]})")
        if theirs.suite != self.suite:
            differ.append(f"its {self.assignment} hidden suite is {theirs.suite[:12]}, this "
                          f"grader's is {self.suite[:12]}")
        if not differ:
            return ""
        return (f"worker {worker} refused: {'; '.join(differ)} (install the course checkout "
                "the grades are made with on every worker)")


class Graders:
    """One worker process's graders: ``jobs`` fork servers, warmed once with every
    assignment's warm imports, and for more than one job as many grading processes."""

    def __init__(self, jobs: int):
        import torch

        from autograder.authoring.course import warm_imports
        from autograder.engine import grade  # noqa: F401 - torch and pytest, now, not per grade

        torch.set_num_threads(1)   # the grader's own tensor work is tiny; threads only contend
        self.jobs = jobs
        self._lock = threading.Lock()
        self._warm = warm_imports()
        self._processes = self._start()

    def _start(self):
        from autograder.engine import pool

        zygotes = pool.launch(self.jobs, self._warm)
        if self.jobs == 1:
            zygotes[0].wait_ready()
            return None
        return pool.processes(self.jobs)

    def run(self, fn, *args):
        """``fn(*args)``: in one of the grading processes, or here for a lone job (one call at
        a time). :class:`GraderCrashed` when the grading process died; the processes and
        their fork servers are started afresh for the next call."""
        if self._processes is None:
            with self._lock:
                return fn(*args)
        processes = self._processes
        try:
            return processes.submit(fn, *args).result()
        except BrokenProcessPool:
            with self._lock:
                if self._processes is processes:
                    self._processes = self._start()
            raise GraderCrashed("a grading process of the worker died while it graded") \
                from None

    def close(self) -> None:
        from autograder.engine import pool

        if self._processes is not None:
            self._processes.shutdown(cancel_futures=True)
        pool.close()


_graders: Graders | None = None
_setup = threading.Lock()
#: resource name -> "" (admitted) or why this worker was refused
_admissions: dict[str, str] = {}


def admit(expected: Fingerprints, jobs: int, worker: str) -> str:
    """Compare this process's fingerprints with the client's; warm the graders when they
    are the same. Returns why the worker is refused ("" when admitted).

    A process keeps one set of graders, whatever the assignment (they warm every
    assignment's imports); a run with another ``--jobs`` replaces them: run one ``--jobs``
    at a time on a cluster."""
    global _graders
    import multiprocessing

    try:
        why = expected.refusal(Fingerprints.here(expected.assignment), worker)
    except Exception as exc:  # noqa: BLE001 - e.g. no such assignment in this checkout
        why = f"worker {worker} refused: it cannot grade {expected.assignment} ({exc})"
    if not why and jobs > 1 and multiprocessing.current_process().daemon:
        why = (f"worker {worker} refused: --jobs {jobs} needs grading processes, which a "
               "daemonic Dask worker may not start; start its nanny with "
               "DASK_DISTRIBUTED__WORKER__DAEMON=False, or grade with --jobs 1 and more "
               "worker processes")
    if not why:
        with _setup:
            if _graders is not None and _graders.jobs != jobs:
                _graders.close()
                _graders = None
            if _graders is None:
                _graders = Graders(jobs)
    _admissions[expected.resource] = why
    return why


def admitted(expected: Fingerprints) -> Graders:
    """This process's graders, if it was admitted for ``expected``; WorkerRefused if not."""
    why = _admissions.get(expected.resource)
    if why:
        raise WorkerRefused(why)
    if why is None or _graders is None:
        raise WorkerRefused(f"this worker was never set up to grade {expected.assignment}")
    return _graders


class GraderPlugin(WorkerPlugin):
    """Admits a worker process for one assignment and warms its graders (see the module)."""
    idempotent = True       # registered again with the same name: nothing to do

    def __init__(self, expected: Fingerprints, jobs: int):
        self.expected, self.jobs = expected, jobs
        self.name = f"autograde-{expected.assignment}-{jobs}-{expected.resource}"

    async def setup(self, worker) -> None:
        loop = asyncio.get_running_loop()   # warming takes seconds: off the worker's loop
        why = await loop.run_in_executor(None, admit, self.expected, self.jobs, worker.address)
        if not why:
            from distributed.core import Status

            for name in ("profile", "profile-cycle"):   # see below
                if name in worker.periodic_callbacks:
                    worker.periodic_callbacks[name].stop()
            await worker.set_resources(**{self.expected.resource: self.jobs})
            if worker.status == Status.running:   # see below
                worker.status = Status.paused
                worker.status = Status.running

    # Two things Dask does not do by itself, as of distributed 2026.8:
    #
    # * its statistical profiler walks the stack of the thread running a task 100 times a
    #   second on the worker's event loop: a grade (pytest, deep stacks) took about 1.4 times
    #   as long with it (tests/loopback.py workers, 40 submissions); graders are not profiled;
    # * the scheduler looks again at tasks that no worker could run (``no-worker``) when a
    #   worker starts running, not when a worker's resources change: a worker restarted after
    #   every admitted one died would offer the resource and never be given those tasks. So
    #   the worker says it starts running again once it offers the resource.

    def teardown(self, worker) -> None:
        """When the worker closes: stop its graders (fork servers, grading processes)."""
        from distributed.core import Status

        global _graders
        if worker.status == Status.closing and _graders is not None:
            _graders.close()
            _graders = None


@dataclass(frozen=True)
class WorkerReport:
    """What the client learns of one worker when it admits the cluster."""
    address: str
    threads: int
    refused: str        #: why it may not grade ("" when admitted; "not set up" if pending)
    jobs: int           #: graders it runs (0 when refused)
    mode: str           #: the sandbox mode the requested one resolves to there


def report(resource: str, sandbox: str, dask_worker=None) -> WorkerReport:
    """This worker's :class:`WorkerReport` (run on every worker by ``Client.run``)."""
    from autograder.sandbox.confine import resolve_mode

    why = _admissions.get(resource)
    return WorkerReport(dask_worker.address, dask_worker.state.nthreads,
                        "not set up yet" if why is None else why,
                        _graders.jobs if _graders is not None and not why else 0,
                        resolve_mode(sandbox))
