"""Grading time of a correct ``grpo_lm`` submission (the capstone), on one core, side by side.

Grades the reference ``grpo_lm.py`` as a student's submission with ``--jobs 1``, the whole
process tree pinned to one core (``taskset``), twice: in full and with ``--skip-slow`` (the
unit tests alone). It prints the seconds of each ``results.json`` (``execution_time``) and
their difference, the GRPO-run check itself (training in the grader, the student's functions
answering in the worker; judging and the figure in the grader). With ``--baseline COMMIT``
the same submission is also graded with that commit's code (extracted as in
``bench_adversarial.py``), in interleaved rounds (baseline, this checkout, baseline, ...;
``--baseline`` may be repeated), and the ratios of the medians are printed with their
per-round range: a shared machine's timings wander, the ratios less so. Each figure comes
three times: the results.json's seconds; the command's wall time, which also counts what the
grader does before the submission (importing, warming up) and after; and, run as root on
cgroup v1, the CPU seconds of the command's whole process tree (grader, fork servers,
workers), read from a cpuacct cgroup of its own (:func:`in_cpuacct`): core-seconds, which
a busy machine inflates least.
``bench_cartpole.py --baseline`` uses the same machinery for ``ppo``.

Run::

    .venv/bin/python benchmarks/bench_capstone.py --baseline 4d1ed3a --rounds 3
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_adversarial import ROOT, extract  # noqa: E402


CPUACCT = Path("/sys/fs/cgroup/cpuacct")


def in_cpuacct(cmd: list[str], cwd: Path) -> tuple[subprocess.CompletedProcess, float | None]:
    """Run ``cmd`` in a cpuacct cgroup of its own (cgroup v1, root): (the process, the CPU
    seconds of its whole tree, grader, fork servers and workers, or None where there is no
    such cgroup). The sandbox moves its workers into ``cpu``, ``memory`` and ``pids`` groups,
    never ``cpuacct``'s: the tree stays counted here."""
    if not os.access(CPUACCT, os.W_OK):
        return subprocess.run(cmd, capture_output=True, text=True, cwd=cwd), None
    group = CPUACCT / f"bench_capstone_{os.getpid()}_{time.monotonic_ns()}"
    group.mkdir()
    try:
        proc = subprocess.run(["sh", "-c", f'echo $$ > {group}/cgroup.procs && exec "$@"', "sh",
                               *cmd], capture_output=True, text=True, cwd=cwd)
        return proc, int((group / "cpuacct.usage").read_text()) / 1e9
    finally:
        group.rmdir()


def grade(python: list[str], checkout: Path, submission: Path, out: Path, core: int | None,
          assignment: str, *extra: str) -> tuple:
    """Grade ``submission`` as ``assignment`` with ``checkout``'s code, pinned to ``core``
    (None: not pinned): (``execution_time`` of its results.json, the command's wall seconds,
    score, max score, the command's CPU seconds: :func:`in_cpuacct`)."""
    if out.exists():
        shutil.rmtree(out)
    cmd = (["taskset", "-c", str(core)] if core is not None else []) + python + [
        "-m", "autograder.cli", "grade", str(submission), "--assignment", assignment,
        "--jobs", "1", "--out", str(out), "--json", *extra]
    start = time.perf_counter()
    proc, cpu = in_cpuacct(cmd, checkout)
    wall = time.perf_counter() - start
    if proc.returncode:
        raise SystemExit(f"the grader failed:\n{proc.stderr[-3000:]}")
    (result,) = json.loads(proc.stdout)
    seconds = json.loads((out / submission.name / "results.json").read_text())["execution_time"]
    return seconds, wall, result["score"], result["max_score"], cpu


def side_by_side(assignment: str, check: str, baselines: list[str], rounds: int, core: int,
                 also: dict | None = None) -> dict[str, dict[str, list[float]]]:
    """Grade the reference of ``assignment`` as a submission with each baseline commit's code
    and this checkout's, in interleaved rounds, in full and with ``--skip-slow``; print, per
    setup, the medians of the whole grade and of ``check`` (the difference), in the
    results.json's ``execution_time`` and in the command's wall time (which also counts what
    the grader does before and after the submission), then each baseline's ratios. ``also``
    names other timings (``what -> fn(core) -> seconds``), taken once a round after the
    grades, with this checkout's code. Returns every figure: what -> setup -> per round."""
    tables: dict[str, dict[str, list[float]]] = {}   # what -> setup -> per round
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        submission = tmp / "student"
        submission.mkdir()
        shutil.copy(ROOT / "solutions" / assignment / f"{assignment}.py",
                    submission / f"{assignment}.py")
        setups = []
        for i, commit in enumerate(baselines):
            where, python = extract(commit, tmp / f"baseline{i}")
            setups.append((f"baseline {commit}", python, where))
        setups.append(("this checkout", [sys.executable], ROOT))
        for _ in range(rounds):
            for label, python, checkout in setups:
                seconds, wall, score, worth, cpu = grade(python, checkout, submission,
                                                         tmp / "out", core, assignment)
                if score != worth:
                    raise SystemExit(f"{label}: the reference scored {score:g}/{worth:g}")
                unit, unit_wall, _, _, unit_cpu = grade(python, checkout, submission,
                                                        tmp / "out", core, assignment,
                                                        "--skip-slow")
                figures = [("whole grade", seconds), (f"{check} check", seconds - unit),
                           ("whole grade, wall", wall), (f"{check} check, wall", wall - unit_wall)]
                if cpu is not None:
                    figures += [("whole grade, CPU", cpu), (f"{check} check, CPU", cpu - unit_cpu)]
                for what, value in figures:
                    tables.setdefault(what, {}).setdefault(label, []).append(value)
            for what, timing in (also or {}).items():
                tables.setdefault(what, {}).setdefault("this checkout", []).append(timing(core))
    for what, table in tables.items():
        for label, values in table.items():
            print(f"{label}: {what} of a correct {assignment} submission "
                  f"{statistics.median(values):.1f} s (median of {len(values)}; "
                  f"{', '.join(f'{v:.1f}' for v in values)})")
    for what, table in tables.items():
        ours = table["this checkout"]
        for label, base in table.items() if what not in (also or {}) else ():
            if label != "this checkout":
                ratios = [o / b for o, b in zip(ours, base)]
                print(f"{what}, this checkout / {label}: "
                      f"{statistics.median(ours) / statistics.median(base):.2f} "
                      f"[{min(ratios):.2f}-{max(ratios):.2f} per round]")
    print(f"load average at the end (1, 5, 15 min): {os.getloadavg()}")
    return tables


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", metavar="COMMIT", action="append", default=[],
                        help="also grade with this commit's code, in interleaved rounds "
                             "(repeatable)")
    parser.add_argument("--rounds", type=int, default=3, help="repetitions (default 3)")
    parser.add_argument("--core", type=int, default=0, help="the core to pin to (default 0)")
    args = parser.parse_args()
    side_by_side("grpo_lm", "GRPO-run", args.baseline, args.rounds, args.core)


if __name__ == "__main__":
    main()
