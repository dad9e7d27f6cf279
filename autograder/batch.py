"""Grade many submissions, in parallel, with one warm fork server per job.

``--jobs N`` starts N grading processes (forked from this one, so torch and
pytest are already imported); each owns a :class:`Zygote` and a job slot (the
slot picks the worker's uid, so one job's process limit never starves
another's). Results come back in the order of the input.
"""
from __future__ import annotations

import multiprocessing as mp
from concurrent.futures import ProcessPoolExecutor, as_completed
from copy import deepcopy
from pathlib import Path
from typing import Callable

from . import runner
from .course import Assignment
from .worker.client import Zygote

_zygote: Zygote | None = None
_slot = 0


def _init(counter) -> None:
    global _slot
    with counter.get_lock():
        _slot = counter.value
        counter.value += 1


def _grade(student_id: str, path: Path, assignment: Assignment, options: runner.Options) -> dict:
    global _zygote
    if _zygote is None:
        _zygote = Zygote()
        mp.util.Finalize(None, _zygote.close, exitpriority=10)
    options = deepcopy(options)
    options.slot = _slot
    return runner.grade(student_id, path, assignment, options, _zygote)


def grade_many(pairs: list[tuple[str, Path]], assignment: Assignment, options: runner.Options,
               jobs: int = 1, on_done: Callable[[dict], None] = lambda r: None) -> list[dict]:
    """Grade every (student id, path); ``on_done`` is called as each finishes."""
    results: list[dict | None] = [None] * len(pairs)
    if jobs <= 1 or len(pairs) <= 1:
        zygote = Zygote()
        try:
            for i, (sid, path) in enumerate(pairs):
                results[i] = runner.grade(sid, path, assignment, options, zygote)
                on_done(results[i])
        finally:
            zygote.close()
        return results
    import pytest  # noqa: F401 - imported before the fork, so each job starts warm
    import torch  # noqa: F401

    ctx = mp.get_context("fork")
    with ProcessPoolExecutor(max_workers=min(jobs, len(pairs)), mp_context=ctx,
                             initializer=_init, initargs=(ctx.Value("i", 0),)) as pool:
        futures = {pool.submit(_grade, sid, path, assignment, options): i
                   for i, (sid, path) in enumerate(pairs)}
        for future in as_completed(futures):
            results[futures[future]] = future.result()
            on_done(results[futures[future]])
    return results
