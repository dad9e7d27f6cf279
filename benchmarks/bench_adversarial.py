"""Grading time of the adversarial bank (``tests/assignments/grpo/adversarial/``), per case, in the strongest mode.

The bank is graded the way ``tests/test_adversarial.py`` builds it (each attack on top of
wrong answers, beside a correct neighbour), as one batch with ``--jobs 2`` and the default
limits (no ``--timeout`` or ``--budget``), in the strongest sandbox the machine allows. For
each case it prints the seconds from the case's ``results.json`` (``execution_time``: what
Gradescope would charge), its score, and at the end the batch's wall time, whether every
attack scored 0, whether the neighbour kept full marks and whether any process of a
submission was left running.

``--baseline COMMIT`` grades the same bank, in the same run, first with the code of that
commit (extracted with ``git archive`` into a temporary folder, run by this interpreter
with the extracted tree first on its path), then with this checkout, and prints the
ratios side by side. ``--checkout DIR`` measures another checkout instead of this one
(its own ``.venv/bin/python`` if it has one). The bank itself is always this checkout's.

Run::

    .venv/bin/python benchmarks/bench_adversarial.py
    .venv/bin/python benchmarks/bench_adversarial.py --baseline 4d1ed3a
"""
from __future__ import annotations

import argparse
import json
import os
import site
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
BANK = ROOT / "tests" / "assignments" / "grpo" / "adversarial"
NEIGHBOUR = "zz-correct-neighbour"
MARK = "ADVERSARYMARK"
SLOW = "slow_correct"       # correct answers, 3 s a call: not an attack that may score nothing


def cases() -> list[str]:
    return sorted(p.stem for p in BANK.glob("*.py") if not p.name.startswith("_"))


def build_batch(folder: Path) -> Path:
    wrong = (BANK / "_wrong.py").read_text()
    for case in cases():
        (folder / case).mkdir(parents=True)
        (folder / case / "grpo.py").write_text(wrong + "\n" + (BANK / f"{case}.py").read_text())
    (folder / NEIGHBOUR).mkdir(parents=True)
    (folder / NEIGHBOUR / "grpo.py").write_text((ROOT / "solutions" / "grpo" / "grpo.py").read_text())
    return folder


def leftovers() -> list[str]:
    found = []
    for proc in psutil.process_iter(["cmdline", "pid"]):
        try:
            line = " ".join(proc.info["cmdline"] or [])
        except psutil.Error:
            continue
        if MARK in line and proc.info["pid"] != os.getpid():
            found.append(f"{proc.info['pid']}: {line[:60]}")
    return found


def extract(commit: str, into: Path) -> tuple[Path, list[str]]:
    """The tree of ``commit``, and a light virtual environment with an editable install of it.

    The environment borrows this interpreter's site-packages (torch and the rest) through a
    ``.pth`` file, which does not bring along their editable install of this checkout, and gets
    its own editable install of the extracted tree, made the same way as this checkout's
    (``pip install -e``: an import hook, so the tree itself is not on ``sys.path`` and not
    visible inside the sandbox, exactly as for this checkout).
    """
    into.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    venv = into / ".venv"
    subprocess.run([getattr(sys, "_base_executable", sys.executable), "-m", "venv",
                    "--without-pip", str(venv)], check=True)
    packages = next(venv.glob("lib/python*/site-packages"))
    (packages / "_borrowed.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    python = str(venv / "bin" / "python")
    subprocess.run([sys.executable, "-m", "pip", "--python", python, "install", "-q",
                    "--no-deps", "--no-build-isolation", "-e", str(into)],
                   check=True, capture_output=True)
    return into, [python]


def interpreter(checkout: Path) -> list[str]:
    own = checkout / ".venv" / "bin" / "python"
    return [str(own)] if own.exists() else [sys.executable]


def grade(label: str, python: list[str], checkout: Path, batch: Path, out: Path) -> dict:
    cmd = python + ["-m", "autograder.cli", "grade", str(batch), "--assignment", "grpo",
                    "--jobs", "2", "--out", str(out), "--json"]
    start = time.monotonic()
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=checkout)
    wall = time.monotonic() - start
    if proc.returncode:
        raise SystemExit(f"{label}: the grader failed:\n{proc.stderr[-3000:]}")
    results = {r["submission"]: r for r in json.loads(proc.stdout)}
    deadline = time.monotonic() + 5
    while (left := leftovers()) and time.monotonic() < deadline:
        time.sleep(0.2)
    seconds = {sid: json.loads((out / sid / "results.json").read_text())["execution_time"]
               for sid in results}
    return {"label": label, "wall": wall, "results": results, "seconds": seconds, "left": left}


def describe(run: dict) -> list[str]:
    results, seconds = run["results"], run["seconds"]
    attacks = [c for c in cases() if c != SLOW]
    scored = {c: results[c]["score"] for c in attacks if results[c]["score"]}
    neighbour = results[NEIGHBOUR]
    worst = max(attacks, key=lambda c: seconds[c])
    return [f"{run['label']}: bank graded in {run['wall']:.1f} s of wall time (--jobs 2); "
            f"sum of per-submission seconds {sum(seconds.values()):.1f}; slowest attack "
            f"{worst} {seconds[worst]:.1f} s",
            f"  attacks that scored: {scored or 'none'}; neighbour "
            f"{neighbour['score']:g}/{neighbour['max_score']:g}; "
            f"left running: {run['left'] or 'nothing'}"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", metavar="COMMIT",
                        help="also grade the bank with this commit's code, first, in the same run")
    parser.add_argument("--checkout", metavar="DIR", default=str(ROOT),
                        help="the checkout to measure (default: this one)")
    parser.add_argument("--json", metavar="FILE", help="also save every figure")
    args = parser.parse_args()
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        batch = build_batch(tmp / "batch")
        if args.baseline:
            where, python = extract(args.baseline, tmp / "baseline")
            runs.append(grade(f"baseline {args.baseline}", python, where, batch, tmp / "out-base"))
        checkout = Path(args.checkout).resolve()
        label = "this checkout" if checkout == ROOT else str(checkout)
        runs.append(grade(label, interpreter(checkout), checkout, batch, tmp / "out"))
    header = f"{'case':28}" + "".join(f"{r['label'][:18]:>20}" for r in runs)
    header += f"{'ratio':>8}" if len(runs) == 2 else ""
    print(header)
    for case in cases() + [NEIGHBOUR]:
        line = f"{case:28}"
        for r in runs:
            line += f"{r['seconds'][case]:>11.1f} s ({r['results'][case]['score']:>3g} pts)"
        if len(runs) == 2:
            line += f"{runs[0]['seconds'][case] / max(runs[1]['seconds'][case], 1e-9):>7.1f}x"
        print(line)
    for r in runs:
        print("\n".join(describe(r)))
    if len(runs) == 2:
        print(f"whole bank, wall time: {runs[1]['wall'] / runs[0]['wall']:.2f} of the baseline's")
    if args.json:
        Path(args.json).write_text(json.dumps(
            [{k: r[k] for k in ("label", "wall", "seconds", "left")}
             | {"scores": {s: x["score"] for s, x in r["results"].items()}} for r in runs],
            indent=1))


if __name__ == "__main__":
    main()
