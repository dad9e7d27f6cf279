"""A benchmark times grading, never the regrade cache.

Since grades are reused when nothing that decides them changed (``autograder/batch/regrade.py``),
a second ``autograde grade`` into the same ``--out`` measures cache hits: a benchmark that did
so printed "0.020 s per submission" and a speed-up of 1.01x. Every benchmark's timed grade
passes ``--no-reuse`` (:data:`NO_REUSE`), and :func:`assert_fresh` stops the benchmark if any
grade of the run it timed was reused anyway (the run's manifest, ``OUT/_runs/*/run.json``,
says so per student). ``bench_regrade.py`` alone times reuse, on purpose, against a fresh
grade of the same class.
"""
from __future__ import annotations

import json
from pathlib import Path

NO_REUSE = "--no-reuse"     #: ``autograde grade``'s option: grade every submission again


def assert_fresh(out: Path) -> None:
    """Stop (SystemExit) if the latest run in ``out`` reused any grade."""
    runs = sorted(Path(out).glob("_runs/*/run.json"))
    if not runs:
        raise SystemExit(f"benchmark invalid: no recorded run in {out}")
    reused = [s["id"] for s in json.loads(runs[-1].read_text())["students"] if s["reused"]]
    if reused:
        raise SystemExit(f"benchmark invalid: {len(reused)} grades of the timed run in {out} "
                         f"were reused, not graded ({', '.join(reused[:5])})")
