"""``autograde calibrate NAME``: measure a training check's pass rates.

For the reference functions and for named mistakes from the bank, each
calibration seed (1000, 1001, ...; never the grading seeds) is one attempt of
the check's rule. The code calibrated is ours (reference, mutants), so it runs
without the sandboxed worker: here, in a pool of processes, or wherever the
executor it is given runs it (``autograde calibrate --cluster``: a Dask cluster's
workers, :mod:`autograder.cluster`). A check module
supplies ``calibration_seed(label, seed) -> dict`` (with at least ``label``,
``seed``, ``success`` and ``seconds``) and a table of its results; this module
runs the pool, bounds the rule's false-fail rate and writes the table into the
check's document between the calibration markers.
"""
from __future__ import annotations

import multiprocessing as mp
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Callable

from autograder.training.rule import wilson

START, END = "<!-- calibration:start -->", "<!-- calibration:end -->"


def pool(jobs: int, executor: Executor | None = None) -> AbstractContextManager[Executor]:
    """Where the runs of a calibration or an experiment go: ``executor`` when one is given
    (left open: its owner closes it), else a fresh local pool of ``jobs`` forked processes,
    closed on exit. Whatever runs there is a module-level function of the course's own
    modules and its arguments, so that any executor can ship it."""
    if executor is not None:
        return nullcontext(executor)
    return ProcessPoolExecutor(max_workers=jobs, mp_context=mp.get_context("fork"))


def run(one_seed: Callable[[str, int], dict], labels: dict[str, int], jobs: int = 2,
        first_seed: int = 1000, on_done: Callable[[dict], None] = lambda r: None,
        executor: Executor | None = None) -> list[dict]:
    """``labels`` maps "reference" / mutant names to their number of seeds; ``executor``:
    see :func:`pool`."""
    work = [(label, first_seed + i) for label, n in labels.items() for i in range(n)]
    results = []
    with pool(jobs, executor) as workers:
        for future in as_completed([workers.submit(one_seed, label, seed)
                                    for label, seed in work]):
            results.append(future.result())
            on_done(results[-1])
    return results


def by_label(results: list[dict]) -> dict[str, list[dict]]:
    """Results grouped by label, in order of first appearance."""
    groups: dict[str, list[dict]] = {}
    for r in results:
        groups.setdefault(r["label"], []).append(r)
    return groups


def pass_rate(mine: list[dict]) -> str:
    """'passes | rate (95 % interval)' cells of a calibration table."""
    passes = sum(r["success"] for r in mine)
    lo, hi = wilson(passes, len(mine))
    return f"{passes} | {passes / len(mine):.1%} ({lo:.1%} to {hi:.1%})"


def false_fail_bound(results: list[dict], attempts: int) -> tuple[float, float] | None:
    """(upper end of the reference's per-seed failure interval, the same to the power
    ``attempts``: the rule's false-fail bound), or None without reference seeds."""
    ref = [r for r in results if r["label"] == "reference"]
    if not ref:
        return None
    fail_hi = 1 - wilson(sum(r["success"] for r in ref), len(ref))[0]
    return fail_hi, fail_hi ** attempts


def write_docs(path: Path, text: str) -> None:
    """Replace the table between the calibration markers of ``path``."""
    doc = path.read_text()
    if START not in doc or END not in doc:
        raise ValueError(f"{path} has no {START} ... {END} section")
    head, rest = doc.split(START, 1)
    _, tail = rest.split(END, 1)
    path.write_text(f"{head}{START}\n{text}{END}{tail}")
