"""Grading time of a correct ``grpo_lm`` submission (the capstone), on one core, side by side.

Grades the reference ``grpo_lm.py`` as a student's submission with ``--jobs 1``, the whole
process tree pinned to one core (``taskset``), twice: in full and with ``--skip-slow`` (the
unit tests alone). It prints the seconds of each ``results.json`` (``execution_time``) and
their difference, the GRPO-run check itself (training in the worker, judging and the figure
in the grader). With ``--baseline COMMIT`` the same submission is also graded with that
commit's code (extracted as in ``bench_adversarial.py``), in interleaved rounds (baseline,
this checkout, baseline, ...), and the ratios of the medians are printed with their per-round
range: a shared machine's timings wander, the ratios less so.

Run::

    .venv/bin/python benchmarks/bench_capstone.py --baseline 4d1ed3a --rounds 3
"""
from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_adversarial import ROOT, extract  # noqa: E402


def grade(python: list[str], checkout: Path, submission: Path, out: Path, core: int,
          *extra: str) -> tuple:
    if out.exists():
        shutil.rmtree(out)
    cmd = ["taskset", "-c", str(core)] + python + [
        "-m", "autograder.cli", "grade", str(submission), "--assignment", "grpo_lm",
        "--jobs", "1", "--out", str(out), "--json", *extra]
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=checkout)
    if proc.returncode:
        raise SystemExit(f"the grader failed:\n{proc.stderr[-3000:]}")
    (result,) = json.loads(proc.stdout)
    seconds = json.loads((out / submission.name / "results.json").read_text())["execution_time"]
    return seconds, result["score"], result["max_score"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", metavar="COMMIT",
                        help="also grade with this commit's code, in interleaved rounds")
    parser.add_argument("--rounds", type=int, default=3, help="repetitions (default 3)")
    parser.add_argument("--core", type=int, default=0, help="the core to pin to (default 0)")
    args = parser.parse_args()
    runs: dict[str, list[float]] = {}      # whole grade
    checks: dict[str, list[float]] = {}    # whole grade minus the unit tests alone
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        submission = tmp / "student"
        submission.mkdir()
        shutil.copy(ROOT / "solutions" / "grpo_lm" / "grpo_lm.py", submission / "grpo_lm.py")
        setups = []
        if args.baseline:
            where, python = extract(args.baseline, tmp / "baseline")
            setups.append((f"baseline {args.baseline}", python, where))
        setups.append(("this checkout", [sys.executable], ROOT))
        for _ in range(args.rounds):
            for label, python, checkout in setups:
                seconds, score, worth = grade(python, checkout, submission, tmp / "out", args.core)
                if score != worth:
                    raise SystemExit(f"{label}: the reference scored {score:g}/{worth:g}")
                unit, _, _ = grade(python, checkout, submission, tmp / "out", args.core,
                                   "--skip-slow")
                runs.setdefault(label, []).append(seconds)
                checks.setdefault(label, []).append(seconds - unit)
    for label in runs:
        for what, values in (("whole grade", runs[label]), ("GRPO-run check", checks[label])):
            print(f"{label}: {what} of a correct grpo_lm submission "
                  f"{statistics.median(values):.1f} s (median of {len(values)}; "
                  f"{', '.join(f'{v:.1f}' for v in values)})")
    if len(runs) == 2:
        for what, table in (("whole grade", runs), ("GRPO-run check", checks)):
            base, ours = table.values()
            ratios = [o / b for o, b in zip(ours, base)]
            print(f"{what}, this checkout / baseline: "
                  f"{statistics.median(ours) / statistics.median(base):.2f} "
                  f"[{min(ratios):.2f}-{max(ratios):.2f} per round]")


if __name__ == "__main__":
    main()
