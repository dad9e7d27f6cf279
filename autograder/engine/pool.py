"""Grade many submissions, in parallel, with one warm fork server per job.

``--jobs N`` starts the fork-server factory first (it imports torch while this
process does too), forks N servers from it (milliseconds each: one warm
import for any N), then N grading processes forked from this one (torch and
pytest already imported); grading process k owns server k and job slot k (each
slot's server leases uids of its own for its workers, so one job's process limit
never starves another's). Results come back in the order of the input.
"""
from __future__ import annotations

import multiprocessing as mp
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Callable

from autograder.records.grades import Graded
from autograder.sandbox.servers import ForkFactory, Zygote

_factory: ForkFactory | None = None
_zygotes: list[Zygote] = []
_slot = 0


def launch(jobs: int, warm: list[str] = ()) -> list[Zygote]:
    """Start the fork servers now (cheap to call first: they warm up while we import torch);
    ``warm`` names extra modules for them to import in advance."""
    global _factory, _zygotes
    close()
    _factory = ForkFactory(warm)
    _zygotes = [Zygote(_factory) for _ in range(max(1, jobs))]
    return _zygotes


def close() -> None:
    global _factory
    for zygote in _zygotes:
        zygote.close()
    _zygotes.clear()
    if _factory is not None:
        _factory.close()
        _factory = None


def _init(counter) -> None:
    global _slot
    with counter.get_lock():
        _slot = counter.value
        counter.value += 1


def grade_in_slot(student_id: str, path: Path, assignment, options, sub=None) -> Graded:
    """Grade one submission with this process's job slot (slot 0 in the process that
    launched the servers; slot k in grading process k of :func:`processes`)."""
    from autograder.engine import grade

    return grade.grade(student_id, path, assignment, options, _zygotes[_slot], sub=sub)


def processes(jobs: int) -> ProcessPoolExecutor:
    """``jobs`` grading processes forked from this one, process k owning server k of
    :func:`launch` (called first); they fork on the first submission."""
    for zygote in _zygotes[:jobs]:
        zygote.wait_ready()     # consume each server's greeting once, here, before forking
    ctx = mp.get_context("fork")
    return ProcessPoolExecutor(max_workers=jobs, mp_context=ctx,
                               initializer=_init, initargs=(ctx.Value("i", 0),))


def warm_trainer(assignment) -> None:
    """Construct a torch optimizer once if ``assignment`` has a training check.

    Its run trains here, in the grader (:mod:`autograder.training.remote`), and the first
    construction of any ``torch.optim`` optimizer imports ``torch._dynamo`` (1.3-1.9 s on
    one core). Paid here, it overlaps the fork server's own warm-up (on another core), and
    grading processes forked from this one inherit it instead of paying it each. Not done
    under ``--skip-slow``, which runs no training check.
    """
    if assignment.settings.training.check:
        import torch

        torch.optim.Adam([torch.nn.Parameter(torch.zeros(1))])


def grade_many(pairs: list[tuple[str, Path]], assignment, options, jobs: int = 1,
               on_done: Callable[[Graded], None] = lambda r: None,
               subs: dict | None = None) -> list[Graded]:
    """Grade every (student id, path): their :class:`~autograder.records.grades.Graded`
    records, in that order; ``on_done`` is called with each as it finishes. ``subs``:
    student id -> the submission already read from its path (the regrade plan read it for
    its fingerprint: graded from that, not read again); the others are read here.

    Uses the fork servers of :func:`launch` (started here if it was not called).
    """
    import torch

    torch.set_num_threads(1)   # the grader's own tensor work is tiny; threads only contend
    jobs = max(1, min(jobs, len(pairs)))
    if len(_zygotes) < jobs:
        launch(jobs, list(assignment.settings.grading.warm_imports))
    if not options.skip_slow:      # the training checks are slow tests
        warm_trainer(assignment)
    subs = subs or {}
    results: list[Graded | None] = [None] * len(pairs)
    if jobs == 1:
        for i, (sid, path) in enumerate(pairs):
            results[i] = grade_in_slot(sid, path, assignment, options, subs.get(sid))
            on_done(results[i])
        return results

    with processes(jobs) as pool:
        futures = {pool.submit(grade_in_slot, sid, path, assignment, options, subs.get(sid)): i
                   for i, (sid, path) in enumerate(pairs)}
        for future in as_completed(futures):
            results[futures[future]] = future.result()
            on_done(results[futures[future]])
    return results
