"""The capacity model of docs/scaling.md: measured seconds per submission per core, then the
wall time of 1,000 and 10,000 students on 8, 64 and 512 cores, beside nbgrader's serial
autograde and a per-submission-container model like Gradescope's.

Measured here, on this machine, each the whole ``autograde`` command:

* per assignment, unit tests only (``--skip-slow``) and full: ``s``, the core-seconds one
  more correct submission costs (the mean of the seconds each grade of a ``--jobs 1`` batch
  of K took, as its gradebook records them: one core, start-up left out), and ``T(1)``, a
  fresh process grading one submission (Python, ``import torch``, the fork server, the
  grade), whole: what a container made for one submission runs;
* nbgrader: the seconds ``nbgrader autograde`` spends per notebook, one after another, on
  the one-function notebook of benchmarks/bench_grading.py (a kernel per notebook);
* the cluster's own costs, on a loopback cluster of two one-thread workers grading
  ``--n`` submissions of the engine's example: the client's and the scheduler's CPU seconds
  per submission (both serial: one process each, whatever the number of workers) and the
  workers' one-off warm-up (the first run's extra seconds).

Modelled, from those figures (nothing below is measured at 64 or 512 cores):

* ours on C cores: ``warm-up + max(N * s / C, N * serial)`` where ``serial`` is the client's
  plus the scheduler's per-submission CPU: past some C they, not the workers, set the pace;
* nbgrader: ``N * (per-notebook seconds + s)``, serial whatever C (its autograde runs one
  notebook at a time: jupyter/nbgrader#174); the tests' own work taken as ours (``s``);
* per-submission containers: ``N * (start-up + T(1)) / C``, start-up 0.57 s, the median
  ``docker run`` start-up on native Linux with an SSD measured by Khan, "Decomposing Docker
  Container Startup Performance" (arXiv:2602.15214, 2026), plus the measured ``T(1)``;
  Gradescope documents one fresh container per submission
  (gradescope-autograders.readthedocs.io/en/latest/tech/), not its start-up time or how many
  it runs at once, so C is taken as the same cores.

Every figure is measured in each of ``--rounds`` interleaved rounds (a round measures all
of them once, in the same order) and given as the median with the spread of the rounds
(lowest-highest): the machine is shared, and one run says little. What compares two ways of
grading is a ratio taken within a round (``(start-up + T(1)) / s``: the CPU a container per
submission spends per grade, in grades of ours); the model is drawn from the medians. The
conditions (cores, load average before and after) are printed with the tables.

Run: ``.venv/bin/python benchmarks/bench_capacity.py [--k 8] [--k-full 2] [--n 40] [--rounds 3]``
"""
from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "benchmarks"), str(ROOT)]

from bench_grading import nbgrader_course  # noqa: E402
from fresh import NO_REUSE, assert_fresh  # noqa: E402
from loopback import Loopback, varied_class  # noqa: E402

from autograder.authoring import course  # noqa: E402

AUTOGRADE = [sys.executable, "-m", "autograder.cli"]
CONTAINER_START = 0.57      #: seconds: docker run on native Linux, SSD (arXiv:2602.15214)
STUDENTS, CORES = (1_000, 10_000), (8, 64, 512)


def run(command: list, cwd: Path = ROOT) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the command's own process tree)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run([str(c) for c in command], cwd=cwd, capture_output=True, text=True,
                          env={**os.environ, "PATH": f"{Path(sys.executable).parent}:"
                                                    f"{os.environ.get('PATH', '')}"})
    wall = time.perf_counter() - start
    if proc.returncode:
        raise RuntimeError(f"{command} failed:\n{proc.stderr[-3000:]}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def klass(folder: Path, assignment, n: int) -> Path:
    for i in range(n):
        (folder / f"s{i}").mkdir(parents=True)
        (folder / f"s{i}" / f"{assignment.name}.py").write_text(
            assignment.reference_module.read_text())
    return folder


def per_submission(tmp: Path, assignment, k: int, extra: list[str]) -> tuple[float, float]:
    """(s, T(1)) of one assignment: core-seconds per submission of a batch of ``k``, and a
    fresh process grading one."""
    import csv

    one, _ = run([*AUTOGRADE, "grade", klass(tmp / "one", assignment, 1), "-a", assignment.name,
                  "--jobs", "1", "--out", tmp / "out-one", NO_REUSE, *extra])
    run([*AUTOGRADE, "grade", klass(tmp / "many", assignment, k), "-a", assignment.name,
         "--jobs", "1", "--out", tmp / "out-many", NO_REUSE, *extra])
    assert_fresh(tmp / "out-one")
    assert_fresh(tmp / "out-many")
    rows = list(csv.DictReader((tmp / "out-many" / "gradebook.csv").open()))
    return sum(float(r["seconds"]) for r in rows) / len(rows), one


def nbgrader_per_notebook(tmp: Path, k: int) -> float:
    nbgrader = Path(sys.executable).with_name("nbgrader")
    times = []
    for n in (1, k):
        course_dir = nbgrader_course(tmp / f"nb{n}", n)
        times.append(run([nbgrader, "autograde", "bench", "--force", "--create"], course_dir)[0])
    return (times[1] - times[0]) / (k - 1)


def cluster_costs(tmp: Path, n: int) -> tuple[float, float, float]:
    """(client CPU s per submission, scheduler CPU s per submission, workers' warm-up s)."""
    import psutil

    example = course.example()
    varied_class(tmp / "class", example, n)
    one = tmp / "one"
    varied_class(one, example, 1)
    with Loopback(tmp / "loop") as loop:
        for name in ("w1", "w2"):
            loop.worker(name)
        loop.wait_for(2)
        scheduler = psutil.Process(loop.processes[0].pid)

        def timed(path: Path, out: str) -> tuple[float, float, float]:
            cpu = sum(scheduler.cpu_times()[:2])
            wall, client = run([*AUTOGRADE, "grade", path, "-a", example.name, "--skip-slow",
                                "--cluster", loop.scheduler_file, "--out", tmp / out, NO_REUSE])
            assert_fresh(tmp / out)
            return wall, client, sum(scheduler.cpu_times()[:2]) - cpu

        cold, _, _ = timed(tmp / "class", "cold")
        warm, client_n, scheduler_n = timed(tmp / "class", "warm")
        _, client_1, scheduler_1 = timed(one, "single")
    return ((client_n - client_1) / (n - 1), (scheduler_n - scheduler_1) / (n - 1),
            max(cold - warm, 0.0))


def hours(seconds: float) -> str:
    return f"{seconds / 3600:.1f} h" if seconds >= 3600 else f"{seconds / 60:.1f} min"


def median_spread(values: list[float], fmt: str = "{:.2f}", unit: str = "") -> str:
    """``median [lowest-highest]`` of a figure's rounds (the median alone for one round)."""
    import statistics

    text = fmt.format(statistics.median(values)) + unit
    if len(values) > 1:
        text += f" [{fmt.format(min(values))}-{fmt.format(max(values))}]"
    return text


def conditions() -> str:
    """The machine and its load, as the tables are measured."""
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return f"{os.cpu_count()} cores, load average {load} (1, 5, 15 min)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--k", type=int, default=8, help="submissions per batch measured")
    parser.add_argument("--k-full", type=int, default=2,
                        help="the same for full grades (training checks take minutes)")
    parser.add_argument("--n", type=int, default=40, help="class of the cluster runs")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds")
    args = parser.parse_args()
    rounds: list[dict] = []
    before = conditions()
    for r in range(args.rounds):
        measured = {}
        with tempfile.TemporaryDirectory() as tmp:
            tmp = Path(tmp)
            for assignment in course.assignments().values():
                for mode, extra, k in (("unit tests", ["--skip-slow"], args.k),
                                       ("full", [], args.k_full)):
                    where = tmp / f"{assignment.name}-{len(extra)}"
                    measured[assignment.name, mode] = per_submission(where, assignment, k, extra)
                    print(f"round {r + 1}: {assignment.name} {mode}: "
                          f"{measured[assignment.name, mode]}", file=sys.stderr)
            rounds.append({"grades": measured, "notebook": nbgrader_per_notebook(tmp, args.k),
                           "cluster": cluster_costs(tmp / "cluster", args.n)})
    report(rounds, before, conditions())


def report(rounds: list[dict], before: str, after: str) -> None:
    """The two tables of docs/scaling.md: what was measured (median [spread] of the rounds),
    and what it models (from the medians)."""
    import statistics

    def each(pick) -> list[float]:
        return [pick(r) for r in rounds]

    print(f"{len(rounds)} interleaved rounds; before: {before}; after: {after}.\n")
    print("| assignment | tests | s: core-seconds per submission | T(1): one submission, "
          "fresh process | a container's CPU per grade, in grades of ours |")
    print("|---|---|---|---|---|")
    medians = {}
    for key in rounds[0]["grades"]:
        s_, one = each(lambda r: r["grades"][key][0]), each(lambda r: r["grades"][key][1])
        ratio = [(CONTAINER_START + t) / s for s, t in zip(s_, one)]
        medians[key] = statistics.median(s_), statistics.median(one)
        print(f"| {key[0]} | {key[1]} | {median_spread(s_)} | {median_spread(one, '{:.1f}', ' s')} "
              f"| {median_spread(ratio, '{:.0f}')} |")
    notebook = each(lambda r: r["notebook"])
    client, scheduler, warmup = (each(lambda r, i=i: r["cluster"][i]) for i in range(3))
    serial = [c + s for c, s in zip(client, scheduler)]
    print(f"\nnbgrader autograde: {median_spread(notebook, unit=' s')} per notebook, one at a "
          f"time. The cluster: the client {median_spread([c * 1000 for c in client], '{:.1f}', ' ms')} "
          f"and the scheduler {median_spread([s * 1000 for s in scheduler], '{:.1f}', ' ms')} of CPU "
          f"per submission, {median_spread([1 / s for s in serial], '{:.0f}')} submissions a second "
          f"at most whatever the workers; the workers' one-off warm-up "
          f"{median_spread(warmup, '{:.1f}', ' s')}.\n")
    notebook, serial, warmup = map(statistics.median, (notebook, serial, warmup))
    head = ["ours on " + ", ".join(map(str, CORES)) + " cores",
            "a container each, on " + ", ".join(map(str, CORES)), "nbgrader (serial)"]
    print(f"| assignment | tests | students | {' | '.join(head)} |")
    print("|---|---|---|---|---|---|")
    for (name, mode), (s, one) in medians.items():
        for n in STUDENTS:
            ours = " / ".join(hours(warmup + max(n * s / c, n * serial)) for c in CORES)
            boxes = " / ".join(hours(n * (CONTAINER_START + one) / c) for c in CORES)
            print(f"| {name} | {mode} | {n:,} | {ours} | {boxes} | "
                  f"{hours(n * (notebook + s))} |")


if __name__ == "__main__":
    main()
