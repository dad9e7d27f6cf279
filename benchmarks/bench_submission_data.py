"""What each file-system and zip attack costs the grader, beside a correct neighbour.

The class of ``tests/submission_attacks.py`` (links, a folder link, a hard link, a named
pipe, a device, zip members that are links, bzip2 and lzma members, a deflated member lying
about its size, 100,000 members, oversized files; here the bzip2 member expands to 1 GiB while
declaring 1,000 bytes, the issue's 5 GiB scaled to a shared machine) is graded one attack at a
time, each in a batch with the correct neighbour, as a TA would (``autograde grade BATCH
--jobs 1``), and first the neighbour alone. Each row reports, side by side from the same run:
the attack's score and its neighbour's; the attack's grading seconds (``execution_time`` of
its ``results.json``) and their ratio to the neighbour's in the same batch; the peak resident
memory of the largest process of the run (grader, pool, fork servers, workers) and its ratio
to the neighbour-alone run; the bytes written for the attack's student and their ratio to the
neighbour's.

``--checkout DIR`` grades with another checkout's code (its ``.venv/bin/python`` if it has
one; the class is always built by this one), e.g. the main branch before the fix::

    .venv/bin/python benchmarks/bench_submission_data.py
    .venv/bin/python benchmarks/bench_submission_data.py --checkout /path/to/old/checkout
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "benchmarks")]

import submission_attacks as attacks  # noqa: E402
from bench_adversarial import interpreter  # noqa: E402

from autograder.authoring import course  # noqa: E402

#: runs a command; reports the largest resident set of any process it started
PEAK = ("import resource, subprocess, sys\n"
        "code = subprocess.run(sys.argv[1:]).returncode\n"
        "sys.stderr.write(f'\\nPEAK_KIB={resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}')\n"
        "sys.exit(code)\n")


HUNG = 300     #: seconds after which a grading run counts as hung


def written(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def grade(python: list[str], checkout: Path, batch: Path, out: Path, name: str) -> dict:
    cmd = [*python, "-c", PEAK, *python, "-m", "autograder.cli", "grade", str(batch),
           "--assignment", name, "--jobs", "1", "--out", str(out), "--json"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=checkout, start_new_session=True)
    try:
        stdout, stderr = proc.communicate(timeout=HUNG)
    except subprocess.TimeoutExpired:        # e.g. an old grader reading a named pipe
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return {"failed": [f"hung: killed after {HUNG} s"], "peak": 0}
    peak = int(stderr.rsplit("PEAK_KIB=", 1)[1]) * 1024 if "PEAK_KIB=" in stderr else 0
    if proc.returncode:
        return {"failed": stderr[-400:].strip().splitlines()[-2:], "peak": peak}
    results = {r["submission"]: r for r in json.loads(stdout)}
    return {"peak": peak, "students": {
        sid: {"score": r["score"], "max": r["max_score"], "bytes": written(out / sid),
              "seconds": json.loads((out / sid / "results.json").read_text())["execution_time"]}
        for sid, r in results.items()}}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--checkout", metavar="DIR", default=str(ROOT),
                        help="the checkout to measure (default: this one)")
    parser.add_argument("--bomb-mib", type=int, default=1024,
                        help="what the bzip2 member expands to (MiB)")
    parser.add_argument("--json", metavar="FILE", help="also save every figure")
    args = parser.parse_args()
    example = course.example()
    name, checkout = example.name, Path(args.checkout).resolve()
    python = interpreter(checkout)
    rows = {}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        secret = attacks.plant_secret(tmp / "elsewhere")
        folder = tmp / "class"
        expected = attacks.build(folder, name, example.reference_module,
                                 example.source_dir / f"{name}.ipynb", example.source_dir,
                                 secret, bomb_mib=args.bomb_mib)
        alone = tmp / "alone"
        shutil.copytree(folder / attacks.NEIGHBOUR, alone / attacks.NEIGHBOUR)
        base = grade(python, checkout, alone, tmp / "out-alone", name)
        for case in expected:
            batch = tmp / f"batch-{case}"
            batch.mkdir()
            shutil.copytree(folder / attacks.NEIGHBOUR, batch / attacks.NEIGHBOUR)
            os.rename(folder / case, batch / case)        # moved, links and pipes as they are
            run = grade(python, checkout, batch, tmp / f"out-{case}", name)
            out = tmp / f"out-{case}"
            leaked = [str(p.relative_to(out)) for p in out.rglob("*") if p.is_file()
                      and attacks.SECRET.encode() in p.read_bytes()]
            rows[case] = {**run, "leaked": leaked}
    if "failed" in base:
        raise SystemExit(f"the neighbour alone could not be graded: {base['failed']}")
    mine = base["students"][attacks.NEIGHBOUR]
    print(f"checkout: {checkout}; the neighbour alone: {mine['score']:g}/{mine['max']:g}, "
          f"{mine['seconds']:.2f} s, peak RSS {base['peak'] / 2**20:.0f} MiB, "
          f"{mine['bytes'] / 1024:.0f} kB written\n")
    print("| attack | score | neighbour | seconds (x neighbour's) | peak RSS MiB (x alone) "
          "| kB written (x neighbour's) | secret leaked into |")
    print("|---|---|---|---|---|---|---|")
    for case, run in rows.items():
        if "failed" in run:
            print(f"| {case} | grader failed: {' '.join(run['failed'])[:80]} | | | "
                  f"{run['peak'] / 2**20:.0f} | | |")
            continue
        it, neighbour = run["students"][case], run["students"][attacks.NEIGHBOUR]
        print(f"| {case} | {it['score']:g}/{it['max']:g} | {neighbour['score']:g} | "
              f"{it['seconds']:.2f} ({it['seconds'] / max(neighbour['seconds'], 1e-3):.2f}) | "
              f"{run['peak'] / 2**20:.0f} ({run['peak'] / max(base['peak'], 1):.2f}) | "
              f"{it['bytes'] / 1024:.0f} ({it['bytes'] / max(neighbour['bytes'], 1):.2f}) | "
              f"{', '.join(run['leaked']) or '-'} |")
    if args.json:
        Path(args.json).write_text(json.dumps({"alone": base, "attacks": rows}, indent=1))


if __name__ == "__main__":
    main()
