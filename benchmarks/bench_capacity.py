"""The course as a benchmark: core-seconds per student over every assignment, side by side
with another commit's code, and the capacity model of docs/scaling.md drawn from them.

**Core-seconds per student** (the default run). Per assignment, each tree (``--baseline
COMMIT``'s, extracted as bench_adversarial.py does, and this checkout's) runs one whole
``autograde grade`` of a class of ``--n`` correct submissions (the reference solution),
``--jobs 1``, training checks included (the module alone: a notebook's answer cells and
written answers, which the reference module does not hold, are left out of its scores), its
process tree in a cgroup of its own
(benchmarks/cgroup_cpu.py: the grader, its fork servers, every worker and the child running
the student's code, counted together until the last is gone). A submission's figure is the
command's CPU over ``n``: start-up included, as a class of ``n`` pays it; beside it, the CPU
of one more grade (from the end of the first grade to the end of the last, per grade: read at
the grades' boundaries by bench_phases.py's driver), which is what each student of a large
class adds. Before timing, each
tree grades one submission of each assignment (``--skip-slow``: bytecode and page cache);
then ``--rounds`` rounds, each tree's order alternating, and each figure is the minimum
over the rounds (the machine is shared: the round least disturbed). What compares two trees
is a ratio of figures measured side by side in one run, never figures of two runs.

**The model** (``--model``: minutes more) adds, measured on this checkout:

* ``T(1)``, a fresh process grading one submission (Python, ``import torch``, the fork
  server, the grade), whole: what a container made for one submission runs;
* nbgrader: the seconds ``nbgrader autograde`` spends per notebook, one after another, on
  the one-function notebook of benchmarks/bench_grading.py (a kernel per notebook);
* the cluster's own costs, on a loopback cluster of two one-thread workers grading
  ``--cluster-n`` submissions of the engine's example: the client's and the scheduler's CPU
  seconds per submission (both serial: one process each, whatever the number of workers)
  and the workers' one-off warm-up (the first run's extra seconds);

and models from them (nothing below is measured at 64 or 512 cores), with ``s`` the
core-seconds of one more grade above:

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

Run: ``.venv/bin/python benchmarks/bench_capacity.py --baseline COMMIT [--n 3] [--rounds 2]
[--model]`` (as root: it makes cgroups)
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "benchmarks"), str(ROOT)]

from bench_adversarial import checkouts  # noqa: E402
from bench_grading import nbgrader_course  # noqa: E402
from cgroup_cpu import CpuGroup, available  # noqa: E402
from fresh import NO_REUSE, assert_fresh  # noqa: E402
from loopback import Loopback, varied_class  # noqa: E402

from autograder.authoring import course  # noqa: E402

AUTOGRADE = [sys.executable, "-m", "autograder.cli"]
CONTAINER_START = 0.57      #: seconds: docker run on native Linux, SSD (arXiv:2602.15214)
STUDENTS, CORES = (1_000, 10_000), (8, 64, 512)
COURSE, ON_CORES = 1_000, 2      #: the course the per-student line models: students, cores


def run(command: list, cwd: Path = ROOT) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the command's own process tree, as getrusage counts
    the children it waited for: the model's nbgrader and cluster client)."""
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
    """``n`` correct submissions of ``assignment``: this checkout's reference, for every tree."""
    for i in range(n):
        (folder / f"s{i}").mkdir(parents=True)
        (folder / f"s{i}" / f"{assignment.name}.py").write_text(
            assignment.reference_module.read_text())
    return folder


def whole_grade(python: list[str], tree: Path, folder: Path, name: str, out: Path,
                extra: list[str] = ()) -> dict:
    """One whole ``autograde grade --jobs 1`` of ``folder`` by ``tree``'s code: its wall and
    CPU seconds (its process tree's, from a cgroup), the CPU of one more grade (``steady``:
    from the end of the first grade to the end of the last, per grade, read at the grades'
    ends by bench_phases.py's driver; None for one submission) and the scores it gave."""
    record = out.parent / f"{out.name}-marks.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    with CpuGroup(name) as group:
        wall, cpu = group.run([*python, ROOT / "benchmarks" / "bench_phases.py", "--drive",
                               group.path / group.counter, record, "--", "grade", folder,
                               "-a", name, "--jobs", "1", "--out", out, NO_REUSE, *extra],
                              cwd=tree)
    assert_fresh(out)
    ends = [c for phase, c, _ in json.loads(record.read_text()) if phase == "between grades"]
    scores = []
    for student in sorted(p.name for p in folder.iterdir()):
        tests = [t for t in json.loads((out / student / "results.json").read_text())["tests"]
                 if not {"step", "manual"} & set(t.get("extra_data") or {})]  # a notebook's
        scores.append((sum(t["score"] for t in tests), sum(t["max_score"] for t in tests)))
    return {"wall": wall, "cpu": cpu, "scores": scores,
            "steady": (ends[-1] - ends[0]) / (len(ends) - 1) if len(ends) > 1 else None}


def course_rounds(trees: list, tmp: Path, n: int, rounds: int) -> dict:
    """{(assignment, tree label): [each round's whole_grade]}, trees alternating per round,
    after a warm-up grade of one submission per tree and assignment."""
    measured: dict = {}
    for name, assignment in course.assignments().items():
        one = klass(tmp / "warm" / name, assignment, 1)
        for label, python, tree in trees:
            whole_grade(python, tree, one, name, tmp / "warm-out" / f"{name}-{len(measured)}",
                        ["--skip-slow"])
            measured[name, label] = []
    for r in range(rounds):
        for name, assignment in course.assignments().items():
            folder = klass(tmp / f"class-{r}" / name, assignment, n)
            for label, python, tree in (trees if r % 2 == 0 else trees[::-1]):
                run_ = whole_grade(python, tree, folder, name,
                                   tmp / f"out-{r}" / f"{name}-{label.split()[-1]}")
                measured[name, label].append(run_)
                print(f"round {r + 1}: {name}, {label}: {run_['cpu'] / n:.2f} core-s per "
                      f"submission, {run_['wall']:.1f} s wall, scores {run_['scores']}",
                      file=sys.stderr)
    return measured


def least(runs: list[dict], n: int) -> tuple[float, float, float, bool]:
    """(core-s per submission, core-s of one more grade, wall s per submission, every
    submission full marks): the least of the rounds, each figure on its own."""
    return (min(r["cpu"] for r in runs) / n, min(r["steady"] for r in runs),
            min(r["wall"] for r in runs) / n, all(s == m for r in runs for s, m in r["scores"]))


def side_by_side(measured: dict, labels: list[str], n: int) -> str:
    """The issue's table: core-s per submission of each tree, their ratio (the last tree
    over the first) and the ratio of the batch's wall times; one more grade's core-s of each;
    and the whole course."""
    names = list(dict.fromkeys(name for name, _ in measured))
    rows = ["| assignment | " + " | ".join(f"core-s per submission, {lab}" for lab in labels)
            + " | ratio | batch wall ratio | "
            + " | ".join(f"one more grade, {lab}" for lab in labels) + " |",
            "|---|" + "---|" * (2 * len(labels) + 2)]
    totals = [[0.0, 0.0] for _ in labels]
    for name in names:
        figures = [least(measured[name, lab], n) for lab in labels]
        for total, (cpu, steady, _, _) in zip(totals, figures):
            total[0] += cpu
            total[1] += steady
        cells = [f"{cpu:.2f}" + ("" if full else " (not full marks)")
                 for cpu, _, _, full in figures]
        rows.append(f"| {name} | " + " | ".join(cells) + f" | {figures[-1][0] / figures[0][0]:.2f}"
                    f" | {figures[-1][2] / figures[0][2]:.2f} | "
                    + " | ".join(f"{f[1]:.2f}" for f in figures) + " |")
    rows.append("| per student, all assignments | " + " | ".join(f"{t[0]:.2f}" for t in totals)
                + f" | {totals[-1][0] / totals[0][0]:.2f} | | "
                + " | ".join(f"{t[1]:.2f}" for t in totals) + " |")
    return "\n".join(rows)


def capacity_table(figures: dict[str, tuple[float, float, float]], n: int) -> str:
    """docs/scaling.md's table, today's figures only: per assignment (core-s per submission
    of a class of ``n``, core-s of one more grade, wall s per submission), the whole course
    per student, and what a course of :data:`COURSE` students takes on :data:`ON_CORES` cores
    (each assignment's class graded by one command: its start-up once, then one more grade
    per student). The figures are rounded to the table's two decimals first, so its totals
    are the sums of the rows it shows (a reader, and the doc's test, can add them up)."""
    figures = {name: tuple(round(x, 2) for x in f) for name, f in figures.items()}
    rows = [f"| assignment | core-seconds per submission, a class of {n} | core-seconds of one "
            "more grade | wall seconds per submission, --jobs 1 |", "|---|---|---|---|"]
    rows += [f"| {name} | {cpu:.2f} | {steady:.2f} | {wall:.2f} |"
             for name, (cpu, steady, wall) in figures.items()]
    sums = [sum(f[i] for f in figures.values()) for i in range(3)]
    rows.append("| per student, all assignments | " + " | ".join(f"{x:.2f}" for x in sums) + " |")
    course_cpu = sum(n * cpu + (COURSE - n) * steady for cpu, steady, _ in figures.values())
    return ("\n".join(rows) + f"\n\n{COURSE:,} students' grades of every assignment: "
            f"{course_cpu / COURSE:.2f} core-seconds per student, "
            f"{hours(course_cpu / ON_CORES)} of {ON_CORES} cores.")


def parse_capacity_table(text: str) -> tuple[dict[str, tuple[float, float, float]], int]:
    """:func:`capacity_table`'s figures and class size, read back from its text (a test keeps
    the doc's table in this format)."""
    figures, n = {}, 0
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 4 or cells[0] == "---" or cells[0].startswith("per student"):
            continue
        if cells[0] == "assignment":
            n = int(cells[1].rsplit(" ", 1)[-1])
        else:
            figures[cells[0]] = tuple(float(c) for c in cells[1:])
    return figures, n


def one_fresh(tmp: Path, assignment, extra: list[str]) -> float:
    """T(1): the wall seconds of a fresh process grading one submission."""
    folder = klass(tmp / f"one-{assignment.name}-{len(extra)}", assignment, 1)
    return whole_grade(AUTOGRADE[:1], ROOT, folder, assignment.name,
                       tmp / f"out-one-{assignment.name}-{len(extra)}", extra)["wall"]


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


def conditions() -> str:
    """The machine and its load, as the tables are measured."""
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return f"{os.cpu_count()} cores, load average {load} (1, 5, 15 min)"




def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", metavar="COMMIT", help="also grade with this commit's code")
    parser.add_argument("--n", type=int, default=3, help="correct submissions per class")
    parser.add_argument("--rounds", type=int, default=2, help="alternating timed rounds")
    parser.add_argument("--model", action="store_true",
                        help="also measure T(1), nbgrader and a loopback cluster, and model")
    parser.add_argument("--cluster-n", type=int, default=40, help="class of the cluster runs")
    args = parser.parse_args()
    if args.n < 2:
        parser.error("--n must be at least 2 (one more grade is measured from the second on)")
    if why := available():
        raise SystemExit(why)
    before = conditions()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        trees = checkouts(args.baseline, tmp)
        measured = course_rounds(trees, tmp, args.n, args.rounds)
        model = measure_model(tmp, args.n, args.cluster_n) if args.model else None
    labels = [label for label, _, _ in trees]
    print(f"{args.n} correct submissions per assignment, one whole `autograde grade --jobs 1` "
          f"each (training checks included), CPU of its process tree from a cgroup; the least "
          f"of {args.rounds} alternating rounds after a warm-up. Before: {before}; after: "
          f"{conditions()}.\n")
    if len(labels) > 1:
        print(side_by_side(measured, labels, args.n) + "\n")
    today = {name: least(measured[name, labels[-1]], args.n)[:3]
             for name in course.assignments()}
    print(capacity_table(today, args.n))
    if model:
        print("\n" + report_model(model, today))


def measure_model(tmp: Path, k: int, cluster_n: int) -> dict:
    """T(1) per assignment (full grade), nbgrader's seconds per notebook, the cluster's costs."""
    return {"one": {a.name: one_fresh(tmp / "model", a, []) for a in course.assignments().values()},
            "notebook": nbgrader_per_notebook(tmp / "model", max(k, 2)),
            "cluster": cluster_costs(tmp / "cluster", cluster_n)}


def report_model(model: dict, today: dict[str, tuple[float, float, float]]) -> str:
    """The model's lines and table, from this checkout's core-s per submission (``s``)."""
    client, scheduler, warmup = model["cluster"]
    serial, notebook = client + scheduler, model["notebook"]
    lines = [f"nbgrader autograde: {notebook:.2f} s per notebook, one at a time. The cluster: "
             f"the client {client * 1000:.1f} ms and the scheduler {scheduler * 1000:.1f} ms of "
             f"CPU per submission, {1 / serial:.0f} submissions a second at most whatever the "
             f"workers; the workers' one-off warm-up {warmup:.1f} s.", "",
             "| assignment | T(1): one submission, fresh process | a container's CPU per grade, "
             "in grades of ours | students | ours on " + ", ".join(map(str, CORES)) + " cores"
             " | a container each, on " + ", ".join(map(str, CORES)) + " | nbgrader (serial) |",
             "|---|---|---|---|---|---|---|"]
    for name, (_, s, _) in today.items():      # s: one more grade's core-seconds
        one = model["one"][name]
        for n in STUDENTS:
            ours = " / ".join(hours(warmup + max(n * s / c, n * serial)) for c in CORES)
            boxes = " / ".join(hours(n * (CONTAINER_START + one) / c) for c in CORES)
            lines.append(f"| {name} | {one:.1f} s | {(CONTAINER_START + one) / s:.0f} | {n:,} | "
                         f"{ours} | {boxes} | {hours(n * (notebook + s))} |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
