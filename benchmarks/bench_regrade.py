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

Run: ``.venv/bin/python benchmarks/bench_regrade.py [--n 40] [--rounds 3]``
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


def grade(klass: Path, out: Path) -> tuple[float, str]:
    start = time.perf_counter()
    proc = subprocess.run([*AUTOGRADE, "grade", str(klass), "-a", "grpo", "--jobs", "2",
                           "--out", str(out)], capture_output=True, text=True, check=True,
                          cwd=ROOT)
    return time.perf_counter() - start, proc.stderr


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=40, help="submissions in the class")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds")
    args = parser.parse_args()
    reuse, one = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(args.rounds):
            base = Path(tmp) / f"round{r}"
            students = build_class(base / "class", args.n)
            first, _ = grade(base / "class", base / "out")
            second, log = grade(base / "class", base / "out")
            assert f"reused {args.n} earlier grades" in log, log[-500:]
            changed = students[0] / "grpo.py"
            changed.write_text(changed.read_text() + "\n# resubmitted\n")
            third, log = grade(base / "class", base / "out")
            assert f"reused {args.n - 1} earlier grades" in log, log[-500:]
            reuse.append(second / first)
            one.append(third / first)
            shutil.rmtree(base)
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
