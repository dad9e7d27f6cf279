"""A loopback Dask cluster against the local pool, measured side by side; prints ratios.

On this machine, a cluster of two one-thread workers (``dask scheduler`` and two ``dask
worker --nthreads 1`` on 127.0.0.1, started once as an operator starts a cluster:
tests/loopback.py) against the local pool's two graders:

(a) grading a class of ``--n`` (40) submissions of the engine's example assignment
    (``--skip-slow``; reference, release, variants and the bank's mistakes in turn):
    ``autograde grade --cluster SCHEDULER_FILE`` against ``autograde grade --jobs 2``;
(b) a cart-pole calibration of ``--seeds`` (20) reference seeds:
    ``autograde calibrate ppo --jobs 1 --cluster ...`` against ``--jobs 2``;
(c) for reference, ``autograde grade --cluster local:2``, which starts (and warms) a cluster
    of its own for the one command, against ``--jobs 2``.

Every run is the whole command, start-up included, and every grading run writes into a
fresh output folder (a folder graded before would reuse its grades: a cache hit, not a
grade). Each of ``--rounds`` interleaved rounds starts a fresh loopback cluster and runs
every configuration once, in the same order: the local run, the cluster's first run (its
workers warm up: the plugin is registered, torch imported, once per worker process), the
warm cluster, ``local:2``, then the two calibrations. The ratios, cluster / local, are taken
within a round and given as medians with every round's value: a shared 2-core machine's
timings wander. One untimed local run first fills the page cache (so the first round's local
run is not a cold start that the cluster's runs after it are spared). The conditions (cores,
load average before and after) are printed with the table.

The issue's bar: (a) and (b) at most 1.15.

Run: ``.venv/bin/python benchmarks/bench_cluster.py [--n 40] [--seeds 20] [--rounds 3]``
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT)]

from fresh import NO_REUSE, assert_fresh  # noqa: E402
from loopback import Loopback, varied_class  # noqa: E402

from autograder.authoring import course  # noqa: E402

AUTOGRADE = [sys.executable, "-m", "autograder.cli"]
#: the training check calibrated, and a mutant of its bank given no seeds (reference only)
CHECK, NO_MUTANT = "ppo", "loss_sign:0"


def timed(*args) -> float:
    start = time.perf_counter()
    proc = subprocess.run([*AUTOGRADE, *map(str, args)], cwd=ROOT, capture_output=True,
                          text=True)
    if proc.returncode:
        raise RuntimeError(f"autograde {' '.join(map(str, args))} failed:\n{proc.stderr[-3000:]}")
    return time.perf_counter() - start


def spread(ratios: list[float]) -> str:
    return (f"{statistics.median(ratios):.2f} (rounds: "
            f"{', '.join(f'{r:.2f}' for r in ratios)})")


def conditions() -> str:
    """The machine and its load, as the table is measured."""
    import os

    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return f"{os.cpu_count()} cores, load average {load} (1, 5, 15 min)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=40, help="submissions in the class")
    parser.add_argument("--seeds", type=int, default=20, help="calibration seeds")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds")
    args = parser.parse_args()
    example = course.example()
    grade = ["grade", None, "-a", example.name, "--skip-slow", NO_REUSE]
    calibrate = ["calibrate", CHECK, "--seeds", args.seeds, "--mutants", NO_MUTANT]
    before = conditions()
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        klass = base / "class"
        varied_class(klass, example, args.n)
        grade[1] = klass
        outs = iter(range(10_000))
        graded: list[Path] = []

        def fresh() -> list:
            graded.append(base / f"out{next(outs)}")
            return ["--out", graded[-1]]

        timed(*grade, "--jobs", "2", *fresh())          # untimed: the page cache, filled
        ratios = {"grade": [], "first": [], "calibrate": [], "local:2": []}
        for r in range(args.rounds):
            with Loopback(base / f"cluster{r}") as loop:
                for name in ("w1", "w2"):
                    loop.worker(name)
                loop.wait_for(2)
                cluster = ["--cluster", loop.scheduler_file]
                local = timed(*grade, "--jobs", "2", *fresh())
                ratios["first"].append(timed(*grade, *cluster, *fresh()) / local)
                ratios["grade"].append(timed(*grade, *cluster, *fresh()) / local)
                ratios["local:2"].append(timed(*grade, "--cluster", "local:2", *fresh()) / local)
                local = timed(*calibrate, "--jobs", "2")
                ratios["calibrate"].append(timed(*calibrate, "--jobs", "1", *cluster) / local)
            print(f"round {r + 1}/{args.rounds}: " + ", ".join(
                f"{k} {v[-1]:.2f}" for k, v in ratios.items()), file=sys.stderr)

        for out in graded:
            assert_fresh(out)
    print(f"{args.rounds} interleaved rounds; before: {before}; after: {conditions()}.\n")
    print(f"Two one-thread Dask workers on 127.0.0.1 against the local pool's two graders "
          f"(medians of {args.rounds} interleaved rounds; each run the whole command):\n")
    print("| what | cluster / local (wall time) |")
    print("|---|---|")
    print(f"| grading {args.n} {example.name} submissions (--skip-slow), warm cluster "
          f"vs --jobs 2 | {spread(ratios['grade'])} |")
    print(f"| cart-pole calibration, {args.seeds} seeds ({CHECK}), --jobs 1 per worker "
          f"vs --jobs 2 | {spread(ratios['calibrate'])} |")
    print(f"| grading, a fresh cluster's first run (its workers warm up) vs --jobs 2 | "
          f"{spread(ratios['first'])} |")
    print(f"| grading with --cluster local:2 (a cluster started for the command) "
          f"vs --jobs 2 | {spread(ratios['local:2'])} |")
    bar = max(statistics.median(ratios["grade"]), statistics.median(ratios["calibrate"]))
    print(f"\nThe bar (grading and calibration at most 1.15): "
          f"{'met' if bar <= 1.15 else 'NOT met'} ({bar:.2f}).")


if __name__ == "__main__":
    main()
