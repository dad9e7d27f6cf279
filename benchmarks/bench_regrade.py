"""Regrading an unchanged class, measured side by side in one run; prints ratios only.

A class of ``--n`` (40) ``grpo`` submissions is built from the banks (the reference, the
correct variants, every known mistake, then copies of them to make up the number). Each
round grades it three times with ``autograde grade --jobs 2`` (the cart-pole-free
``--skip-slow`` is not needed: grpo has no slow test):

1. into a fresh output folder: every submission is graded;
2. again, into the same folder, nothing changed: every grade is reused (the class report is
   still rebuilt);
3. again, after one student changed their file: that one is graded, the rest reused.

Each run is the whole command, start-up and class report included. The figures are the
ratios of run 2 and run 3 to run 1, medians over ``--rounds`` interleaved rounds (a shared
2-core machine wanders by 10-20 % between runs), with their spread. The issue's bar: run 2
takes at most 10 % of run 1.

With ``--baseline COMMIT`` (repeatable) it instead runs the three grades with each baseline
commit's code and this checkout's, in interleaved rounds (each round: every setup once, a class
of its own), and prints each setup's median seconds per run and this checkout's ratio to each
baseline: a change of the pipeline around the grades (reading, caching, writing, the class
page) shows here, the first run's grading itself being the same.

Run: ``.venv/bin/python benchmarks/bench_regrade.py [--n 40] [--rounds 3]``, or
``nice -n 5 .venv/bin/python benchmarks/bench_regrade.py --baseline c9b2be3 --rounds 2``
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from autograder.authoring import course  # noqa: E402
from autograder.engine import mutants  # noqa: E402

AUTOGRADE = [sys.executable, "-m", "autograder.cli"]


def build_class(folder: Path, n: int) -> list[Path]:
    a = course.get("grpo")
    sources = [a.reference_module.read_text()]
    sources += [(v / "grpo.py").read_text()
                for v in sorted((ROOT / "tests" / "variants" / "grpo").iterdir())]
    sources += [m.materialize() for m in mutants.bank(a)]
    students = []
    for i in range(n):
        (folder / f"s{i:02d}").mkdir(parents=True)
        (folder / f"s{i:02d}" / "grpo.py").write_text(sources[i % len(sources)])
        students.append(folder / f"s{i:02d}")
    return students


def grade(klass: Path, out: Path, python: list[str] = AUTOGRADE[:1],
          checkout: Path = ROOT) -> tuple[float, str]:
    """One ``autograde grade`` of ``klass`` into ``out`` (with ``python`` in ``checkout``):
    its wall time and standard error."""
    start = time.perf_counter()
    proc = subprocess.run([*python, "-m", "autograder.cli", "grade", str(klass), "-a", "grpo",
                           "--jobs", "2", "--out", str(out)], capture_output=True, text=True,
                          check=True, cwd=checkout)
    return time.perf_counter() - start, proc.stderr


def three_runs(base: Path, n: int, python: list[str] = AUTOGRADE[:1],
               checkout: Path = ROOT) -> tuple[float, float, float]:
    """The seconds of the three runs of the module docstring, on a class of ``n`` in
    ``base`` (removed after)."""
    students = build_class(base / "class", n)
    first, _ = grade(base / "class", base / "out", python, checkout)
    second, log = grade(base / "class", base / "out", python, checkout)
    assert f"reused {n} earlier grades" in log, log[-500:]
    changed = students[0] / "grpo.py"
    changed.write_text(changed.read_text() + "\n# resubmitted\n")
    third, log = grade(base / "class", base / "out", python, checkout)
    assert f"reused {n - 1} earlier grades" in log, log[-500:]
    shutil.rmtree(base)
    return first, second, third


def side_by_side(baselines: list[str], n: int, rounds: int) -> None:
    """``--baseline``: the three runs with each commit's code and this checkout's."""
    from bench_adversarial import extract

    names = ("graded", "all reused", "one changed")
    seconds: dict[str, list[tuple[float, float, float]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        setups = [(f"baseline {c}", *reversed(extract(c, Path(tmp) / f"b{i}")))
                  for i, c in enumerate(baselines)] + [("this checkout", AUTOGRADE[:1], ROOT)]
        for r in range(rounds):
            for k, (label, python, checkout) in enumerate(setups):
                seconds.setdefault(label, []).append(
                    three_runs(Path(tmp) / f"round{r}-{k}", n, python, checkout))
    print(f"{n} grpo submissions, --jobs 2, {rounds} interleaved rounds; each run is the "
          "whole `autograde grade` command, class report included (median s; per round)")
    for label, runs in seconds.items():
        print(f"  {label:<22} " + "; ".join(
            f"{name} {statistics.median(r[i] for r in runs):.1f} "
            f"({', '.join(f'{r[i]:.1f}' for r in runs)})" for i, name in enumerate(names)))
    ours = seconds["this checkout"]
    for label, base in seconds.items():
        if label != "this checkout":
            print(f"  this checkout / {label}: " + "; ".join(
                f"{name} {statistics.median(o[i] for o in ours) / statistics.median(b[i] for b in base):.2f}"
                for i, name in enumerate(names)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=40, help="submissions in the class")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds")
    parser.add_argument("--baseline", metavar="COMMIT", action="append", default=[],
                        help="time the same runs with this commit's code too (repeatable)")
    args = parser.parse_args()
    if args.baseline:
        side_by_side(args.baseline, args.n, args.rounds)
        return
    reuse, one = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(args.rounds):
            first, second, third = three_runs(Path(tmp) / f"round{r}", args.n)
            reuse.append(second / first)
            one.append(third / first)
    print(f"{args.n} grpo submissions, --jobs 2, {args.rounds} rounds; each run is the "
          "whole `autograde grade` command, class report included")
    for label, ratios in (("unchanged class, all reused", reuse),
                          ("one submission changed", one)):
        print(f"  {label:<32} {statistics.median(ratios):6.1%} of the first run "
              f"(rounds: {', '.join(f'{x:.1%}' for x in ratios)})")
    print(f"  bar for the unchanged class: at most 10% -> "
          f"{'met' if statistics.median(reuse) <= 0.10 else 'NOT met'}")


if __name__ == "__main__":
    main()
