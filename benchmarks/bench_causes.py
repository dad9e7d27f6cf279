"""How often the feedback names the real cause of a real kind of bug, and how often a wrong one.

Two sets of buggy submissions, graded by the real grader (``autograde grade --skip-slow
--json``, one batch per assignment):

1. **the bank's real bug kinds**: every known mistake of ``hidden/<name>/mutants`` that
   carries a ``REAL_BUG`` (a kind of mistake seen in real students' or public code, issue
   35), materialised as a whole submission. It *gets its own cause* when a ``likely cause:``
   line of its feedback holds its own ``HINT``; a *wrong cause* is a ``likely cause:`` line that
   names another mistake of the bank, or a relation that is not its own.
2. **held out**: ``benchmarks/held_out/<name>/*.py``, buggy functions written in code shapes
   that were not used to design the causes (each file: one or more functions swapped into the
   reference, a docstring saying what is wrong, ``CAUSE``: a regular expression that the
   real cause's words match). *Right*: some ``likely cause:`` line or ``diagnosis:`` line
   matches ``CAUSE``; *wrong*: a ``likely cause:`` or ``diagnosis:`` line is shown and none
   matches. Goals (issue 35): right on four in five, wrong on at most one in fifty.

``--baseline COMMIT`` grades the same submissions, in the same run, with that commit's code
(extracted as ``benchmarks/bench_adversarial.py`` does) and prints both tables. ``--held-out
DIR`` reads the held-out set from ``DIR/<name>/*.py`` (same form) instead of
``benchmarks/held_out``.

Run (a few minutes on two cores; twice that with --baseline)::

    .venv/bin/python benchmarks/bench_causes.py --baseline 24c18be
    .venv/bin/python benchmarks/bench_causes.py --held-out path/to/set --assignment grpo
"""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_adversarial import extract, interpreter  # noqa: E402

from autograder.authoring import course  # noqa: E402
from autograder.engine.mutants import Mutant, bank  # noqa: E402

#: the precision test's note on a wrong answer: it names no cause
GENERIC = "differs by more than any rounding"
HELD_OUT = Path(__file__).resolve().parent / "held_out"


def held_out(assignment, root: Path = HELD_OUT) -> list[Mutant]:
    folder = root / assignment.name
    return [Mutant(p.stem, p, assignment) for p in sorted(folder.glob("*.py"))] \
        if folder.is_dir() else []


def cause_regex(mutant: Mutant) -> str:
    return mutant._constant("CAUSE") or "$^"


def explanations(result: dict) -> list[str]:
    """Every ``likely cause:`` and ``diagnosis:`` line of a graded submission's feedback (but
    the precision test's note that a value is off by more than rounding: no cause)."""
    lines = []
    for test in result["tests"]:
        for line in test["output"].splitlines():
            line = line.strip()
            if line.startswith(("likely cause:", "diagnosis:")) and GENERIC not in line:
                lines.append(line)
    return lines


def lost(result: dict) -> bool:
    return any(t["score"] < t["max_score"] for t in result["tests"])


def grade(python: list[str], checkout: Path, batch: Path, name: str, out: Path) -> dict:
    cmd = python + ["-m", "autograder.cli", "grade", str(batch), "--assignment", name,
                    "--jobs", "2", "--skip-slow", "--out", str(out), "--json"]
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=checkout)
    if proc.returncode:
        raise SystemExit(f"the grader failed on {name}:\n{proc.stderr[-3000:]}")
    return {r["submission"]: r for r in json.loads(proc.stdout)}


@dataclass
class Row:
    assignment: str
    real: int = 0
    real_killed: int = 0
    real_own: int = 0
    real_wrong: int = 0
    held: int = 0
    held_killed: int = 0
    held_right: int = 0
    held_wrong: int = 0
    notes: list = field(default_factory=list)


def judge(row: Row, results: dict, real: list[Mutant], held: list[Mutant], hints: list[str]):
    for m in real:
        r = results[f"real-{m.name}"]
        row.real += 1
        row.real_killed += lost(r)
        causes = [line for line in explanations(r) if line.startswith("likely cause:")]
        own = any(m.hint in line for line in causes)
        row.real_own += own
        wrong = [line for line in causes if m.hint not in line]
        row.real_wrong += bool(wrong) and not own
        if not own:
            row.notes.append(f"real {m.name}: " + (wrong[0][:150] if wrong else "no cause"))
    for m in held:
        r = results[f"held-{m.name}"]
        row.held += 1
        row.held_killed += lost(r)
        shown = explanations(r)
        right = any(re.search(cause_regex(m), line, flags=re.I) for line in shown)
        row.held_right += right
        row.held_wrong += bool(shown) and not right
        if not right:
            row.notes.append(f"held {m.name}: " + (shown[0][:150] if shown else "no cause"))


def table(label: str, rows: list[Row]) -> list[str]:
    lines = [f"{label}:",
             f"  {'assignment':11}{'real kinds':>11}{'killed':>8}{'own cause':>11}{'wrong':>7}"
             f"{'held out':>10}{'killed':>8}{'right':>7}{'wrong':>7}"]
    total = Row("all")
    for r in rows:
        lines.append(f"  {r.assignment:11}{r.real:>11}{r.real_killed:>8}{r.real_own:>11}"
                     f"{r.real_wrong:>7}{r.held:>10}{r.held_killed:>8}{r.held_right:>7}"
                     f"{r.held_wrong:>7}")
        for k in ("real", "real_killed", "real_own", "real_wrong", "held", "held_killed",
                  "held_right", "held_wrong"):
            setattr(total, k, getattr(total, k) + getattr(r, k))
    lines.append(f"  {'all':11}{total.real:>11}{total.real_killed:>8}{total.real_own:>11}"
                 f"{total.real_wrong:>7}{total.held:>10}{total.held_killed:>8}"
                 f"{total.held_right:>7}{total.held_wrong:>7}")
    if total.held:
        lines.append(f"  held out: right cause {total.held_right / total.held:.0%}, "
                     f"wrong cause {total.held_wrong / total.held:.0%} of {total.held}")
    for r in rows:
        lines += [f"  {r.assignment}: {n}" for n in r.notes]
    return lines


def main(argv=None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", metavar="COMMIT", help="also grade with this commit's code")
    parser.add_argument("--assignment", action="append", help="only this assignment")
    parser.add_argument("--json", metavar="FILE", help="also save every figure")
    parser.add_argument("--held-out", metavar="DIR", type=Path, default=HELD_OUT,
                        help="the held-out set: DIR/<assignment>/*.py, in the form of "
                             "benchmarks/held_out (the default)")
    args = parser.parse_args(argv)
    names = args.assignment or sorted(course.assignments())
    per_tree: dict[str, list[Row]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        trees = []
        if args.baseline:
            where, python = extract(args.baseline, tmp / "baseline")
            trees.append((f"baseline {args.baseline}", python, where))
        trees.append(("this checkout", interpreter(ROOT), ROOT))
        for name in names:
            assignment = course.get(name)
            real = [m for m in bank(assignment) if m.real_bug]
            held = held_out(assignment, args.held_out.resolve())
            hints = [m.hint for m in bank(assignment) if m.hint]
            batch = tmp / f"batch-{name}"
            for prefix, ms in (("real", real), ("held", held)):
                for m in ms:
                    (batch / f"{prefix}-{m.name}").mkdir(parents=True)
                    (batch / f"{prefix}-{m.name}" / f"{name}.py").write_text(m.materialize())
            if not (real or held):
                continue
            for label, python, tree in trees:
                results = grade(python, tree, batch, name, tmp / f"out-{len(per_tree)}-{name}-"
                                f"{label.split()[0]}")
                row = Row(name)
                judge(row, results, real, held, hints)
                per_tree.setdefault(label, []).append(row)
                print(f"[bench] {label}: {name} graded", file=sys.stderr)
    for label, rows in per_tree.items():
        print("\n".join(table(label, rows)))
    if args.json:
        Path(args.json).write_text(json.dumps({k: [r.__dict__ for r in v]
                                               for k, v in per_tree.items()}, indent=1))
    return per_tree


if __name__ == "__main__":
    main()
