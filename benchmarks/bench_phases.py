"""Where a grade's CPU goes: a profile per phase, side by side with another commit's code.

Each tree (``--baseline COMMIT``'s, extracted as bench_adversarial.py does, then this
checkout's) grades the same class of ``--n`` correct submissions of an assignment with a
whole ``autograde grade --jobs 1`` (training checks included unless ``--skip-slow``), its
process tree in a cgroup of its own (benchmarks/cgroup_cpu.py: the grader, its fork
servers, the workers and the harness child running the student's code, all counted). The
grader runs under a driver (this file, ``--drive``) that reads the group's CPU counter at
the boundaries of the phases, from outside the code it measures: it wraps
``grade.grade``, ``pytest.main`` and ``grade.write_submission_report`` of whichever tree it
runs, so the grader carries no timing code, and costs nothing when not profiled.

Phases (CPU of the whole tree between two boundaries, per submission):

* ``start``: the interpreter, imports, the fork servers' warm-up, until the first grade;
* ``load``: a grade's start until its first test (reading the submission, the sandbox
  session, pytest's collection);
* one row per test (``training`` marks the slow ones: the training checks), with pytest's
  work between two tests in ``between tests``;
* ``score``: after the last test until the report; ``report``: writing it;
* ``exit``: after the last grade until the last process of the tree is gone.

Rounds alternate the trees' order; each figure is the minimum over ``--rounds`` rounds,
after one warm-up round (page cache, the extracted tree's bytecode).

Run: ``.venv/bin/python benchmarks/bench_phases.py reinforce --baseline 7a165c8 [--n 3]``
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path


def drive(counter: str, record: str, argv: list[str]) -> int:
    """Run ``autograde`` with ``argv`` in this process, writing ``[(phase, cpu, wall)]``
    (each phase's start) to ``record`` when done. Imports only the tree it runs in."""
    import pytest

    marks: list[tuple[str, float, float]] = []

    def cpu() -> float:
        text = Path(counter).read_text()
        if counter.endswith("cpu.stat"):
            return int(dict(x.split() for x in text.splitlines())["usage_usec"]) / 1e6
        return int(text) / 1e9

    def mark(phase: str) -> None:
        marks.append((phase, cpu(), time.perf_counter()))

    mark("start")
    from autograder import cli
    from autograder.engine import grade

    class Boundaries:
        @pytest.hookimpl(hookwrapper=True)
        def pytest_runtest_protocol(self, item):
            slow = item.get_closest_marker("slow") is not None
            mark(("training: " if slow else "test: ") + item.name)
            yield
            mark("between tests")

    def wrap(function, before: str, after: str, extra=None):
        def wrapped(*args, **kwargs):
            mark(before)
            if extra:
                kwargs["plugins"] = [*kwargs.get("plugins", ()), extra]
            try:
                return function(*args, **kwargs)
            finally:
                mark(after)
        return wrapped

    grade.grade = wrap(grade.grade, "load", "between grades")
    grade.pytest.main = wrap(pytest.main, "load", "score", Boundaries())
    grade.write_submission_report = wrap(grade.write_submission_report, "report", "score")
    try:
        return cli.main(argv)
    finally:       # then leave as ``autograde`` does (cli.run: os._exit, no teardown)
        mark("exit")
        Path(record).write_text(json.dumps(marks))


def profile(marks: list, total: float, n: int) -> dict[str, float]:
    """CPU seconds per submission of each phase, from the phases' starting marks and the
    tree's total (the last phase runs until every process is gone)."""
    spent: dict[str, float] = {}
    ends = [cpu for _, cpu, _ in marks[1:]] + [marks[0][1] + total]
    for (phase, cpu, _), end in zip(marks, ends):
        spent[phase] = spent.get(phase, 0.0) + end - cpu
    return {phase: seconds / n for phase, seconds in spent.items()}


def measure(label: str, python: list[str], tree: Path, klass: Path, out: Path,
            assignment: str, extra: list[str]) -> tuple[dict, float, float]:
    """(profile, core-s per submission, wall s) of one whole grade of ``klass``."""
    from cgroup_cpu import CpuGroup
    from fresh import assert_fresh

    record = out.parent / f"{out.name}.json"
    n = len(list(klass.iterdir()))
    with CpuGroup(label.replace(" ", "-")) as group:
        counter = str(group.path / group.counter)
        wall, total = group.run([*python, __file__, "--drive", counter, str(record), "--",
                                 "grade", klass, "-a", assignment, "--jobs", "1",
                                 "--out", out, *extra], cwd=tree)
        assert_fresh(out)
        marks = json.loads(record.read_text())
        marks[0][1] = 0.0       # a fresh group: start counts from the interpreter's start
    return profile(marks, total, n), total / n, wall


def table(profiles: dict[str, dict], totals: dict[str, tuple], n: int) -> str:
    labels = list(profiles)
    rows = ["| phase | " + " | ".join(f"{lab} (core-s per submission)" for lab in labels)
            + (" | difference |" if len(labels) == 2 else " |"),
            "|---|" + "---|" * (len(labels) + (len(labels) == 2))]
    phases = list(dict.fromkeys(p for lab in labels for p in profiles[lab]))
    for phase in phases:
        values = [profiles[lab].get(phase) for lab in labels]
        cells = ["-" if v is None else f"{v:.3f}" for v in values]
        if len(labels) == 2:
            cells.append("-" if None in values else f"{values[1] - values[0]:+.3f}")
        rows.append(f"| {phase} | " + " | ".join(cells) + " |")
    cells = [f"{totals[lab][0]:.3f}" for lab in labels]
    if len(labels) == 2:
        a, b = (totals[lab][0] for lab in labels)
        cells.append(f"{b - a:+.3f} (ratio {b / a:.2f})")
    rows.append("| **whole command** | " + " | ".join(cells) + " |")
    rows.append("| wall s per submission | "
                + " | ".join(f"{totals[lab][1] / n:.2f}" for lab in labels)
                + (f" | ratio {totals[labels[1]][1] / totals[labels[0]][1]:.2f} |"
                   if len(labels) == 2 else " |"))
    return "\n".join(rows)


def main() -> None:
    sys.path[:0] = [str(Path(__file__).resolve().parent)]
    from bench_adversarial import checkouts
    from cgroup_cpu import available
    from fresh import NO_REUSE

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("assignment")
    parser.add_argument("--baseline", metavar="COMMIT", help="also profile this commit's code")
    parser.add_argument("--n", type=int, default=3, help="correct submissions graded")
    parser.add_argument("--rounds", type=int, default=2, help="timed rounds after a warm-up")
    parser.add_argument("--skip-slow", action="store_true", help="no training check")
    args = parser.parse_args()
    if why := available():
        raise SystemExit(why)
    extra = [NO_REUSE] + (["--skip-slow"] if args.skip_slow else [])
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        trees = checkouts(args.baseline, tmp)
        klass = tmp / "class"
        reference = trees[-1][2] / "solutions" / args.assignment / f"{args.assignment}.py"
        for i in range(args.n):
            (klass / f"s{i}").mkdir(parents=True)
            (klass / f"s{i}" / reference.name).write_text(reference.read_text())
        best: dict[str, tuple] = {}
        for r in range(args.rounds + 1):
            order = trees if r % 2 else trees[::-1]
            for label, python, tree in order:
                run = measure(label, python, tree, klass, tmp / f"out-{r}-{len(best)}-"
                              f"{label.split()[-1]}", args.assignment, extra)
                print(f"round {r} {'(warm-up) ' if not r else ''}{label}: "
                      f"{run[1]:.3f} core-s, {run[2]:.1f} s wall", file=sys.stderr)
                if r and (label not in best or run[1] < best[label][1]):
                    best[label] = run
    print(f"{args.assignment}, {args.n} correct submissions, --jobs 1"
          f"{' --skip-slow' if args.skip_slow else ''}; the round with the least CPU of "
          f"{args.rounds} (after a warm-up), {os.cpu_count()} cores, load average "
          f"{', '.join(f'{x:.1f}' for x in os.getloadavg())}:\n")
    print(table({lab: run[0] for lab, run in best.items()},
                {lab: (run[1], run[2]) for lab, run in best.items()}, args.n))


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--drive":
        split = sys.argv.index("--")
        code = drive(sys.argv[2], sys.argv[3], sys.argv[split + 1:])
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    main()
