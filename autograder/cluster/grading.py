"""Grades as Dask tasks: what goes out, what comes back, and the client's loop.

A :class:`GradeTask` carries one submission as the client read it
(:func:`autograder.engine.discover.read`: through :mod:`pgcheck.files`, never a link, never
past the limit), so a worker needs no access to the class folder. On the worker,
:func:`grade_task` grades it exactly as the local pool does, into a temporary folder, and
returns a :class:`GradeReturn`: the grade (the :class:`Graded` record itself) and its report files (``results.json``,
``feedback.md``, ``feedback.html``, figures), read back as data and bounded
(:func:`report_files`). The client writes them into ``OUT/<student>/``; the gradebook, the
regrade cache, the ``_runs/`` history and the class page follow as on a local run.

Faults lose nothing. The client keeps a few more tasks in flight than the cluster has
graders (never the whole class: what it holds is bounded) and takes each grade as it comes:

* a worker that dies (killed, out of memory, its machine gone) loses the tasks it held; the
  scheduler gives them to another worker, and a grade whose result died with its worker is
  made again. The client writes each student's grade once, from the one result it receives;
* a submission whose grade kills its grading process again and again is not tried for
  ever: after Dask's ``distributed.scheduler.allowed-failures`` deaths of a worker
  (``KilledWorker``), or as many of a grading process, it is graded as a crash: every test 0,
  with a sentence saying so, its code never run again in this run, and not reused by the
  next run (:attr:`autograder.records.grades.Graded.retry`), which tries it again.
"""
from __future__ import annotations

import queue
import re
import tempfile
import time
import uuid
import warnings
from collections import Counter, deque
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

from autograder.cluster.workers import Fingerprints, GraderCrashed, admitted
from autograder.engine.options import Options
from autograder.records.grades import Graded
from pgcheck.discovery import Submission

#: files a grade may leave in its folder, and their bytes in all: the grader keeps one
#: student's output under 2 MB (docs/security.md); twice that is never a correct grade's
REPORT_FILES, REPORT_BYTES = 32, 4 << 20
#: a report file's name: one plain name, never a path
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,127}")
#: seconds without a grade after which the client checks that some worker can still grade
STALL_CHECK = 10.0
#: seconds with no admitted worker in the cluster after which the run stops
NO_WORKER_WAIT = 120.0


class ReportTooLarge(RuntimeError):
    """A grade's report folder broke the bounds of :func:`report_files`."""


@dataclass(frozen=True)
class GradeTask:
    """One submission to grade, as the client read it."""
    expected: Fingerprints      #: the client's: the worker must have the same
    student: str                #: the student's id (``OUT/<id>/``)
    path: Path                  #: where the client found it: named in the report, never opened
    submission: Submission      #: what the client read (its bytes, decoded; ``raw`` dropped)
    options: Options            #: the batch's options (``out_dir`` is the worker's own)

    def __repr__(self) -> str:   # what Dask logs of a task: never the student's code
        return f"GradeTask({self.expected.assignment}: {self.student})"


@dataclass
class GradeReturn:
    """One grade as a worker sends it back: the record and its report folder."""
    graded: Graded              #: the grade, as the worker's pool made it
    files: dict[str, bytes]     #: the report folder: file name -> bytes
    worker: str                 #: the worker's address


def report_files(folder: Path) -> dict[str, bytes]:
    """The files of a grade's report folder, read as data: plain names, regular files (no
    link), at most :data:`REPORT_FILES` of them and :data:`REPORT_BYTES` in all."""
    from pgcheck import files

    found: dict[str, bytes] = {}
    left = REPORT_BYTES
    for path in sorted(folder.iterdir()):
        if len(found) == REPORT_FILES or not _NAME.fullmatch(path.name):
            raise ReportTooLarge(f"the report of {folder.name} holds more than {REPORT_FILES} "
                                 f"files or a name that is not a plain file name ({path.name!r})")
        try:
            found[path.name] = files.read_file(path, path.name, left)
        except files.Refused as exc:
            raise ReportTooLarge(f"the report of {folder.name}: {exc}") from None
        left -= len(found[path.name])
    return found


def write_report(folder: Path, report: dict[str, bytes]) -> None:
    """Write a returned report folder into ``folder`` (the client's ``OUT/<student>``)."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in report.items():
        if not _NAME.fullmatch(name):
            raise ReportTooLarge(f"a report file name that is not a plain file name: {name!r}")
        (folder / name).write_bytes(data)


def without_bytes(sub: Submission) -> Submission:
    """What a task carries of a read submission: its decoded code, not the bytes it was read
    from (nor those of the notebook beside a module, whose answer cells are graded too)."""
    notebook = None if sub.notebook is None else replace(sub.notebook, raw=b"")
    return replace(sub, raw=b"", notebook=notebook)


def grade_task(task: GradeTask) -> GradeReturn:
    """On a worker: grade one submission as the local pool does; return it with its files."""
    from distributed import get_worker

    from autograder.authoring import course
    from autograder.engine import pool

    graders = admitted(task.expected)
    assignment = course.get(task.expected.assignment)
    with tempfile.TemporaryDirectory(prefix="autograde-cluster-") as tmp:
        options = replace(task.options, out_dir=Path(tmp))
        graded = graders.run(pool.grade_in_slot, task.student, task.path, assignment, options,
                             task.submission)
        files = report_files(Path(tmp) / task.student)
    return GradeReturn(graded, files, get_worker().address)


def crash_text(sub: Submission, times: int) -> str:
    """What a student reads when grading their work crashed the grader ``times`` times."""
    return (f"{sub.filename} could not be graded: the grading process stopped {times} times "
            "while grading it (killed by the operating system or the cluster), so it was not "
            "tried again in this run; the course staff see this and can grade it again")


def grade_many(grid, pairs: list[tuple[str, Path]], assignment, options: Options,
               on_done: Callable[[dict], None] = lambda r: None,
               note: Callable[[str], None] = lambda text: None, subs: dict | None = None) -> list:
    """Grade every (student id, path) on the cluster ``grid`` (:class:`.connect.Cluster`);
    ``on_done`` is called as each grade is written, ``note`` with lines for the TA;
    ``subs``: the submissions already read, by student (the others are read here).
    Returns the :class:`~autograder.records.grades.Graded` results in the order of ``pairs``.

    Long because: the scheduling state (futures in flight, retries, crash grades) is shared
    by its inner functions; splitting it would pass that state around as arguments.
    """
    from distributed.scheduler import KilledWorker

    from autograder.engine import discover

    grant = grid.admit(assignment.name, options.sandbox, note)
    allowed = grid.allowed_failures()
    run = uuid.uuid4().hex[:8]
    waiting = deque(range(len(pairs)))
    results: list = [None] * len(pairs)
    running: dict = {}                       # future -> (index, submission, crashes, attempt)
    finished: queue.Queue = queue.Queue()    # futures as they finish, in that order
    by_worker: dict[str, Counter] = {}
    given_up: dict[int, tuple[str, str]] = {}    # graded as not gradable: (why, for the TA)

    def send(i: int, sub: Submission, crashes: int, attempt: int) -> None:
        sid, path = pairs[i]
        task = GradeTask(grant.expected, sid, path, without_bytes(sub), options)
        with warnings.catch_warnings():      # a 5 MB notebook is a large task, and that is fine
            warnings.simplefilter("ignore")
            future = grid.client.submit(grade_task, task, key=f"grade-{run}-{i}-{attempt}",
                                        resources={grant.expected.resource: 1}, pure=False)
        running[future] = (i, sub, crashes, attempt)
        future.add_done_callback(finished.put)

    def fill() -> None:
        while waiting and len(running) < grant.window:
            i = waiting.popleft()
            sid, path = pairs[i]
            sub = (subs or {}).get(sid) or discover.read(
                sid, path, assignment.name, assignment.functions,
                answers=bool(assignment.answers))
            send(i, sub, 0, 0)

    def give_up(i: int, sub: Submission, attempt: int, why: str, told: str = "") -> None:
        """Grade the student as not gradable, saying ``why``; the next run tries again."""
        given_up[i] = (why, told)
        send(i, Submission(sub.id, sub.path, problem=why), 0, attempt + 1)

    def failed(i: int, sub: Submission, why: str, attempt: int) -> None:
        """A task that failed for a reason of its own (not a lost worker): the student is
        graded as not gradable, saying why, and the batch goes on (issue 34)."""
        told = (f"grading it failed on the cluster ({why}); graded as not gradable; the next "
                "run tries it again")
        note(f"{pairs[i][0]}: {told}")
        give_up(i, sub, attempt, f"the grader could not grade this submission ({why}); a TA "
                "has been told", told)

    def take(future) -> None:
        """One finished task: its grade written, or what its failure calls for."""
        i, sub, crashes, attempt = running.pop(future)
        if future.status == "error":
            error = future.exception()
            future.release()
            if i in given_up:                # a crash grade that could not be made: give up
                raise error
            if isinstance(error, GraderCrashed) and crashes < allowed:
                send(i, sub, crashes + 1, attempt + 1)
            elif isinstance(error, (KilledWorker, GraderCrashed)):    # graded as a crash
                times = allowed + 1 if isinstance(error, KilledWorker) else crashes + 1
                note(f"{pairs[i][0]}: the grading process stopped {times} times while grading "
                     "it; graded as a crash (every test 0, its code not run again); the next run "
                     "tries it again")
                give_up(i, sub, attempt, crash_text(sub, times))
            else:                            # this student's problem, not the batch's
                failed(i, sub, f"{type(error).__name__}: {str(error)[:200]}", attempt)
            return
        back: GradeReturn = future.result()  # a result lost with its worker is made again
        future.release()
        try:
            write_report(Path(options.out_dir) / pairs[i][0], back.files)
        except (ReportTooLarge, OSError, ValueError) as exc:
            if i in given_up:
                raise
            failed(i, sub, f"its report could not be written: {exc}", attempt)
            return
        why, told = given_up.pop(i, ("", ""))    # what the client learnt of the grade
        problem = told or back.graded.grader_problem
        results[i] = replace(back.graded, retry=why or problem, grader_problem=problem)
        by_worker.setdefault(back.worker, Counter())[", ".join(back.graded.protections)] += 1
        on_done(results[i])

    fill()
    quiet_since = time.monotonic()
    while running:
        try:   # each future puts itself here when it is done: no scan of those in flight
            take(finished.get(timeout=STALL_CHECK))
        except queue.Empty:
            quiet_since = grid.check_workers(grant, quiet_since, NO_WORKER_WAIT)
            continue
        quiet_since = time.monotonic()
        fill()
    for worker, protections in sorted(by_worker.items()):
        for kept, count in protections.items():
            note(f"graded on {worker}: {count} submission{'s' if count != 1 else ''}; "
                 f"sandbox: {kept or 'none (not loaded)'}")
    return results
