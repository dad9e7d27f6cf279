"""Grading time, bytes written and the grader's memory for the adversarial bank
(``tests/assignments/grpo/adversarial/``), per case, in the strongest mode.

The bank is graded the way ``tests/test_adversarial.py`` builds it (each attack on top of
wrong answers, beside a correct neighbour), as one batch with ``--jobs 2`` and the default
limits (no ``--timeout`` or ``--budget``), in the strongest sandbox the machine allows. For
each case it prints the seconds from the case's ``results.json`` (``execution_time``: what
Gradescope would charge), its score and the bytes its grade wrote under ``OUT/<student>/``; at
the end the batch's wall time, whether every attack scored 0, whether the neighbour kept full
marks and whether any process of a submission was left running.

The grader's memory: each case, and the neighbour, is then graded again alone (``--jobs 1``,
so the grading happens in the ``autograde`` process itself), and the peak RSS of the grading
processes (that process and any pool children it has; not the fork server and the workers,
which are the sandbox and limited on their own) is read from outside, from the kernel's
high-water mark (``VmHWM``) of each, sampled every 50 ms with psutil. A case's growth is its
peak minus the neighbour's (issue 22 allows 300 MB). The same runs sample the memory of the
submission's tree ("tree MB"): the sum of the workers' cgroups as the kernel charges them
(issue 34: at most the per-submission budget), or where there are none, the RSS of the
sandbox's processes; and the neighbour graded alone gives a quiet batch's seconds, beside
its seconds in the bank. ``--no-rss`` leaves these runs out; ``--only CASE,...`` grades only
those cases and the neighbour. The bank's text cases (``_texts.py``: two surrogate notebooks,
folders whose name is the attack) are rows like the others, under their case's name; the
notebooks keep the solution notebook's marks, less what their text costs (a commit before
issue 34 grades the id cases under other ids: ``--skip`` them with ``--baseline``).

``--baseline COMMIT`` grades the same bank, in the same run, first with the code of that
commit (extracted with ``git archive`` into a temporary folder, run by this interpreter
with the extracted tree first on its path), then with this checkout, and prints the
ratios side by side. ``--checkout DIR`` measures another checkout instead of this one
(its own ``.venv/bin/python`` if it has one). The bank itself is always this checkout's;
``--skip CASE,...`` leaves cases out (a commit from before issue 22 waits for ever on
``slow_reply`` and runs out of memory on ``lying_header``).

Run::

    .venv/bin/python benchmarks/bench_adversarial.py
    .venv/bin/python benchmarks/bench_adversarial.py --baseline 4d1ed3a --no-rss --skip slow_reply,lying_header
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


SKIPPED: set[str] = set()      # --skip

sys.path.insert(0, str(BANK))
import _texts  # noqa: E402 - the bank's text cases (issue 34): notebooks and folder names

#: a text case's folder (its name may be the attack), and the id it is graded under
FOLDER = {c.name: c.folder for c in _texts.CASES}
CASE_OF = {_texts.graded_as(c): c.name for c in _texts.CASES}
#: text cases on the solution notebook: they keep its marks, less what their text costs
NOTEBOOKS = {c.name: c.lost for c in _texts.CASES if c.cells}


def cases() -> list[str]:
    return sorted([p.stem for p in BANK.glob("*.py") if not p.name.startswith("_")
                   and p.stem not in SKIPPED] + [c for c in _texts.names() if c not in SKIPPED])


def build_batch(folder: Path) -> Path:
    wrong = (BANK / "_wrong.py").read_text()
    for case in cases():
        if case in FOLDER:
            continue
        (folder / case).mkdir(parents=True)
        (folder / case / "grpo.py").write_text(wrong + "\n" + (BANK / f"{case}.py").read_text())
    _texts.build(folder, wrong, skip=SKIPPED)
    (folder / NEIGHBOUR).mkdir(parents=True)
    (folder / NEIGHBOUR / "grpo.py").write_text((ROOT / "solutions" / "grpo" / "grpo.py").read_text())
    return folder


def bytes_written(folder: Path) -> int:
    """Every byte of every file a grade left under ``folder`` (``OUT/<student>/``)."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def high_water_mark(process: psutil.Process) -> int:
    """The peak RSS of ``process`` so far, in bytes (the kernel's ``VmHWM``); its current RSS
    where the kernel does not say."""
    try:
        for line in Path(f"/proc/{process.pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
        return process.memory_info().rss
    except (OSError, psutil.Error):
        return 0


def tree_memory(family: list[psutil.Process]) -> int:
    """The memory the submissions' trees hold now, in bytes: the sum over the workers' cgroups
    of the slot servers in ``family`` (:mod:`autograder.sandbox.cgroup`), as the kernel
    charges it; where there are none, the RSS of the sandbox's processes (overcounting the
    pages they share with the fork server)."""
    from autograder.sandbox import cgroup

    kind = cgroup.version()
    total, found = 0, False
    for p in family:
        for folder in cgroup.parent_folders(kind, p.pid)[:1]:
            name = "memory.current" if kind == "v2" else "memory.usage_in_bytes"
            for group in Path(folder).glob("w*"):
                try:
                    total += int((group / name).read_text())
                    found = True
                except (OSError, ValueError):
                    pass
    return total if found else -1


def grading_peak(cmd: list[str], cwd: Path, label: str) -> tuple[int, int]:
    """Run ``cmd`` (a grade) and return the peak RSS, in bytes, of its grading processes: the
    ``autograde`` process and its pool's children (forked from it, so with its command line),
    summed; not the fork server and the workers; and the peak of the submissions' trees
    (:func:`tree_memory`)."""
    with open(os.devnull, "wb") as devnull:
        proc = psutil.Popen(cmd, cwd=cwd, stdout=devnull, stderr=devnull)
        line = proc.cmdline()
        peaks: dict[int, int] = {}
        tree = 0
        while proc.poll() is None:
            try:
                family = [proc] + proc.children(recursive=True)
            except psutil.Error:
                family = [proc]
            sandbox = 0
            for p in family:
                try:
                    if p.pid == proc.pid or p.cmdline() == line:
                        peaks[p.pid] = max(peaks.get(p.pid, 0), high_water_mark(p))
                    else:
                        sandbox += p.memory_info().rss
                except psutil.Error:
                    pass
            charged = tree_memory(family)
            tree = max(tree, charged if charged >= 0 else sandbox)
            time.sleep(0.05)
    if proc.returncode:
        raise SystemExit(f"the grader failed on {label} (exit {proc.returncode})")
    return sum(peaks.values()), tree


def memory(python: list[str], checkout: Path, batch: Path, tmp: Path) -> dict[str, int]:
    """Peak RSS of the grading processes, in bytes, with each case graded alone."""
    peaks = {}
    for sid in cases() + [NEIGHBOUR]:
        cmd = python + ["-m", "autograder.cli", "grade", str(batch / FOLDER.get(sid, sid)),
                        "--assignment",
                        "grpo", "--jobs", "1", "--out", str(tmp / "rss" / sid), "--json"]
        peaks[sid], TREE[sid] = grading_peak(cmd, checkout, sid)
        print(f"  {sid}: peak RSS {peaks[sid] / 2**20:.0f} MB, tree {TREE[sid] / 2**20:.0f} MB",
              file=sys.stderr)
    QUIET["seconds"] = json.loads((tmp / "rss" / NEIGHBOUR / NEIGHBOUR / "results.json"
                                   ).read_text())["execution_time"]
    return peaks


#: the peak of each case's submission tree, graded alone (:func:`memory`), and the
#: neighbour's seconds graded alone: a quiet batch
TREE: dict[str, int] = {}
QUIET: dict[str, float] = {}


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
    # this interpreter's site-packages, and those it borrows in turn (run from such a tree)
    borrowed = dict.fromkeys([*site.getsitepackages(),
                              *(p for p in sys.path if p.endswith("site-packages"))])
    (packages / "_borrowed.pth").write_text("\n".join(borrowed) + "\n")
    python = str(venv / "bin" / "python")
    subprocess.run([sys.executable, "-m", "pip", "--python", python, "install", "-q",
                    "--no-deps", "--no-build-isolation", "-e", str(into)],
                   check=True, capture_output=True)
    return into, [python]


def checkouts(baseline: str | None, tmp: Path) -> list[tuple[str, list[str], Path]]:
    """The trees to grade with, as ``(label, python, tree)``: ``baseline``'s, extracted into
    ``tmp``, when one is given, then this checkout's."""
    trees = []
    if baseline:
        where, python = extract(baseline, tmp / "baseline")
        trees.append((f"baseline {baseline}", python, where))
    return trees + [("this checkout", interpreter(ROOT), ROOT)]


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
    results = {CASE_OF.get(r["submission"], r["submission"]): r for r in json.loads(proc.stdout)}
    deadline = time.monotonic() + 5
    while (left := leftovers()) and time.monotonic() < deadline:
        time.sleep(0.2)
    seconds = {case: json.loads((out / r["submission"] / "results.json").read_text()
                                )["execution_time"] for case, r in results.items()}
    written = {case: bytes_written(out / r["submission"]) for case, r in results.items()}
    return {"label": label, "wall": wall, "results": results, "seconds": seconds, "left": left,
            "bytes": written, "rss": {}}


def describe(run: dict) -> list[str]:
    results, seconds, written, rss = run["results"], run["seconds"], run["bytes"], run["rss"]
    attacks = [c for c in cases() if c != SLOW and c not in NOTEBOOKS]
    scored = {c: results[c]["score"] for c in attacks if results[c]["score"]}
    neighbour = results[NEIGHBOUR]
    worst = max(attacks, key=lambda c: seconds[c])
    most = max(attacks, key=lambda c: written[c])
    lines = [f"{run['label']}: bank graded in {run['wall']:.1f} s of wall time (--jobs 2); "
             f"sum of per-submission seconds {sum(seconds.values()):.1f}; slowest attack "
             f"{worst} {seconds[worst]:.1f} s",
             f"  attacks that scored: {scored or 'none'}; neighbour "
             f"{neighbour['score']:g}/{neighbour['max_score']:g}; "
             f"left running: {run['left'] or 'nothing'}",
             f"  most bytes written: {most} {written[most] / 1e3:.0f} KB (neighbour "
             f"{written[NEIGHBOUR] / 1e3:.0f} KB)"]
    for case, lost in NOTEBOOKS.items():    # the solution notebook: its marks, less the text's
        if case in results:
            r = results[case]
            lines.append(f"  {case} (the solution notebook): {r['score']:g}/{r['max_score']:g}, "
                         f"{lost:g} lost to its text")
    if run.get("quiet"):
        quiet = run["quiet"]["seconds"]
        lines.append(f"  neighbour {seconds[NEIGHBOUR]:.1f} s in the bank, {quiet:.1f} s graded "
                     f"alone ({seconds[NEIGHBOUR] / max(quiet, 1e-9):.2f}x)")
    if rss:
        top = max(attacks, key=lambda c: rss[c])
        lines.append(f"  largest peak RSS of the grader: {top} {rss[top] / 2**20:.0f} MB, "
                     f"{(rss[top] - rss[NEIGHBOUR]) / 2**20:+.0f} MB beside the neighbour's "
                     f"{rss[NEIGHBOUR] / 2**20:.0f} MB")
    return lines


def table(runs: list[dict]) -> list[str]:
    """One line per case: per run, its seconds and points, the bytes it wrote and (when
    measured) the grader's peak RSS beside the neighbour's; the ratio of two runs' seconds."""
    header = f"{'case':26}"
    for r in runs:
        header += f"{r['label'][:18]:>20}{'KB':>8}"
        header += f"{'RSS MB (vs nb)':>16}{'tree MB':>9}" if r["rss"] else ""
    lines = [header + (f"{'ratio':>8}" if len(runs) == 2 else "")]
    for case in cases() + [NEIGHBOUR]:
        line = f"{case[:26]:26}"
        for r in runs:
            line += (f"{r['seconds'][case]:>11.1f} s ({r['results'][case]['score']:>3g} pts)"
                     f"{r['bytes'][case] / 1e3:>8.0f}")
            if r["rss"]:
                grown = (r["rss"][case] - r["rss"][NEIGHBOUR]) / 2**20
                line += f"{r['rss'][case] / 2**20:>9.0f} ({grown:+4.0f})"
                line += f"{r.get('tree', {}).get(case, 0) / 2**20:>9.0f}"
        if len(runs) == 2:
            line += f"{runs[0]['seconds'][case] / max(runs[1]['seconds'][case], 1e-9):>7.1f}x"
        lines.append(line)
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", metavar="COMMIT",
                        help="also grade the bank with this commit's code, first, in the same run")
    parser.add_argument("--checkout", metavar="DIR", default=str(ROOT),
                        help="the checkout to measure (default: this one)")
    parser.add_argument("--no-rss", action="store_true",
                        help="leave out the grader's peak RSS (one grade per case)")
    parser.add_argument("--skip", metavar="CASE,...", default="", help="cases to leave out")
    parser.add_argument("--only", metavar="CASE,...", default="",
                        help="grade only these cases (and the neighbour)")
    parser.add_argument("--json", metavar="FILE", help="also save every figure")
    args = parser.parse_args()
    SKIPPED.update(filter(None, args.skip.split(",")))
    if args.only:
        SKIPPED.update(set(cases()) - set(args.only.split(",")))
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        batch = build_batch(tmp / "batch")
        if args.baseline:
            where, python = extract(args.baseline, tmp / "baseline")
            runs.append(grade(f"baseline {args.baseline}", python, where, batch, tmp / "out-base"))
            if not args.no_rss:
                runs[-1]["rss"] = memory(python, where, batch, tmp / "base")
                runs[-1]["tree"], runs[-1]["quiet"] = dict(TREE), dict(QUIET)
        checkout = Path(args.checkout).resolve()
        label = "this checkout" if checkout == ROOT else str(checkout)
        runs.append(grade(label, interpreter(checkout), checkout, batch, tmp / "out"))
        if not args.no_rss:
            runs[-1]["rss"] = memory(interpreter(checkout), checkout, batch, tmp)
            runs[-1]["tree"], runs[-1]["quiet"] = dict(TREE), dict(QUIET)
    print("\n".join(table(runs)))
    for r in runs:
        print("\n".join(describe(r)))
    if len(runs) == 2:
        print(f"whole bank, wall time: {runs[1]['wall'] / runs[0]['wall']:.2f} of the baseline's")
    if args.json:
        Path(args.json).write_text(json.dumps(
            [{k: r.get(k) for k in ("label", "wall", "seconds", "left", "bytes", "rss", "tree",
                                    "quiet")}
             | {"scores": {s: x["score"] for s, x in r["results"].items()}} for r in runs],
            indent=1))


if __name__ == "__main__":
    main()
