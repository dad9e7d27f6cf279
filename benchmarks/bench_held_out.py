"""How often the feedback names the real cause on a held-out set of real buggy functions.

A held-out set is a folder ``<set>/<assignment>/*.py`` (``benchmarks/held_out_real``: functions
ported from public repositories, homework and issue threads that the causes were never tuned
to). Each file is one submission: its functions swapped into the reference, a docstring saying
what is wrong and where the code comes from, ``SOURCE`` (the citation), ``KIND`` (the kind of
mistake, for the table by kind) and either ``CAUSE`` (a regular expression that the words of the
real cause match, written by hand before any grader run) or ``CORRECT = True`` (a control: a
correct but unusual implementation from the same sources).

Each file is graded by the real grader (``bench_causes.grade``: ``autograde grade --skip-slow
--json``, one batch per assignment) and judged from its ``likely cause:`` and ``diagnosis:``
lines (``bench_causes.explanations``). A buggy file gets the *right* cause when one of those
lines matches ``CAUSE``, a *wrong* one when lines are shown and none matches, *none* when no
line is shown; a control *fails falsely* when it loses a point that the reference, graded in
the same batch, keeps (a bare ``.py`` loses the notebook's answer cells either way), and *shows a
cause* when any such line appears. Goals (issue 50): right on four in five, wrong on at most one in fifty, no
control losing a point or shown a cause.

``--baseline COMMIT`` grades the same files, in the same run, with that commit's code (extracted
as ``benchmarks/bench_adversarial.py`` does) and prints both tables.

Run (a few minutes on two cores; twice that with --baseline)::

    .venv/bin/python benchmarks/bench_held_out.py benchmarks/held_out_real --baseline 4d39b63
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_adversarial import checkouts  # noqa: E402
from bench_causes import explanations, grade, lost  # noqa: E402

from autograder.authoring import course  # noqa: E402
from autograder.engine.mutants import Mutant  # noqa: E402


#: the student id under which the reference itself is graded beside the set
REFERENCE = "_reference"


def held_out(folder: Path, assignment) -> list[Mutant]:
    """The set's files for one assignment (``<folder>/<assignment>/*.py``)."""
    where = folder / assignment.name
    return [Mutant(p.stem, p, assignment) for p in sorted(where.glob("*.py"))] \
        if where.is_dir() else []


def lost_beside(result: dict, reference: dict) -> bool:
    """Whether ``result`` loses a point on a test that the reference's own grade passes."""
    full = {t["name"] for t in reference["tests"] if t["score"] >= t["max_score"]}
    return any(t["score"] < t["max_score"] and t["name"] in full for t in result["tests"])


def verdict(m: Mutant, result: dict, reference: dict) -> tuple[str, list[str]]:
    """``right`` / ``wrong`` / ``none`` for a buggy file, ``ok`` / ``false fail`` / ``cause
    shown`` for a control, and the explanation lines it was judged on."""
    shown = explanations(result)
    if m._constant("CORRECT"):
        return ("false fail" if lost_beside(result, reference) else "cause shown" if shown
                else "ok"), shown
    pattern = m._constant("CAUSE")
    if any(re.search(pattern, line, flags=re.I) for line in shown):
        return "right", shown
    return ("wrong" if shown else "none"), shown


@dataclass
class Tally:
    buggy: int = 0
    killed: int = 0
    right: int = 0
    wrong: int = 0
    none: int = 0
    controls: int = 0
    false_fail: int = 0
    cause_shown: int = 0

    def add(self, word: str, killed: bool):
        if word in ("right", "wrong", "none"):
            self.buggy += 1
            self.killed += killed
            setattr(self, word, getattr(self, word) + 1)
        else:
            self.controls += 1
            self.false_fail += word == "false fail"
            self.cause_shown += word == "cause shown"


@dataclass
class Record:
    assignment: str
    name: str
    kind: str
    source: str
    verdict: str
    killed: bool
    shown: list = field(default_factory=list)


def table(label: str, records: list[Record]) -> list[str]:
    head = (f"{'buggy':>6}{'killed':>8}{'right':>7}{'wrong':>7}{'none':>6}"
            f"{'controls':>10}{'false fail':>12}{'cause shown':>13}")

    def row(name: str, t: Tally, width: int) -> str:
        return (f"  {name:{width}}{t.buggy:>6}{t.killed:>8}{t.right:>7}{t.wrong:>7}{t.none:>6}"
                f"{t.controls:>10}{t.false_fail:>12}{t.cause_shown:>13}")

    def tallies(key) -> dict[str, Tally]:
        out: dict[str, Tally] = {}
        for r in records:
            out.setdefault(key(r), Tally()).add(r.verdict, r.killed)
        return out

    total = Tally()
    for r in records:
        total.add(r.verdict, r.killed)
    lines = [f"{label}:", f"  {'assignment':11}{head}"]
    lines += [row(a, t, 11) for a, t in sorted(tallies(lambda r: r.assignment).items())]
    lines.append(row("all", total, 11))
    if total.buggy:
        lines.append(f"  right cause {total.right / total.buggy:.0%}, wrong cause "
                     f"{total.wrong / total.buggy:.0%}, no cause {total.none / total.buggy:.0%} "
                     f"of {total.buggy} buggy; controls: {total.false_fail} of {total.controls} "
                     f"lose points, {total.cause_shown} show a cause")
    width = max([len(r.kind) for r in records] + [4]) + 2
    lines.append(f"  {'kind':{width}}{head}")
    lines += [row(k, t, width) for k, t in sorted(tallies(lambda r: r.kind).items())]
    for r in records:
        if r.verdict not in ("right", "ok"):
            first = r.shown[0][:150] if r.shown else "no cause shown"
            lines.append(f"  {r.verdict}: {r.assignment}/{r.name}: {first}")
    return lines


def main(argv=None) -> dict[str, list[Record]]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path, help="the held-out set: <folder>/<assignment>/*.py")
    parser.add_argument("--baseline", metavar="COMMIT", help="also grade with this commit's code")
    parser.add_argument("--assignment", action="append", help="only this assignment")
    parser.add_argument("--json", metavar="FILE", help="also save every file's verdict")
    args = parser.parse_args(argv)
    folder = args.folder.resolve()
    names = args.assignment or sorted(course.assignments())
    per_tree: dict[str, list[Record]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        trees = checkouts(args.baseline, tmp)
        for name in names:
            files = held_out(folder, course.get(name))
            if not files:
                continue
            batch = tmp / f"batch-{name}"
            (tmp / "reference.py").write_text('"""The reference, nothing swapped in."""\n')
            (batch / REFERENCE).mkdir(parents=True)
            (batch / REFERENCE / f"{name}.py").write_text(
                Mutant(REFERENCE, tmp / "reference.py", course.get(name)).materialize())
            for m in files:
                (batch / m.name).mkdir(parents=True)
                (batch / m.name / f"{name}.py").write_text(m.materialize())
            for n, (label, python, tree) in enumerate(trees):
                results = grade(python, tree, batch, name, tmp / f"out-{n}-{name}")
                for m in files:
                    word, shown = verdict(m, results[m.name], results[REFERENCE])
                    per_tree.setdefault(label, []).append(Record(
                        name, m.name, m._constant("KIND") or "?", m._constant("SOURCE") or "?",
                        word, lost(results[m.name]), shown))
                print(f"[bench] {label}: {name} graded", file=sys.stderr)
    for label, records in per_tree.items():
        print("\n".join(table(label, records)))
    if args.json:
        Path(args.json).write_text(json.dumps(
            {k: [r.__dict__ for r in v] for k, v in per_tree.items()}, indent=1,
            ensure_ascii=False))
    return per_tree


if __name__ == "__main__":
    main()
