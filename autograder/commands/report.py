"""``autograde report``: the class at a glance (also written by ``grade``):
``OUT/_report/NAME.html`` with its CSV and JSON, the scores a person gave
(``OUT/manual.csv``) merged first.

Examples::

    autograde report grades/NAME
    autograde report grades/ -a NAME
    autograde report grades/ --roster roster.csv
"""
from __future__ import annotations

import sys
from pathlib import Path

from autograder.commands.console import UsageError, command_parser, note

EXAMPLES = """examples:
  autograde report grades/NAME
  autograde report grades/ -a NAME
  autograde report grades/ --roster roster.csv"""


def add_parser(sub) -> None:
    """The ``report`` command's arguments, under ``sub`` (the subparsers of ``autograde``)."""
    rp = command_parser(
        sub, "report", EXAMPLES,
        help="the class at a glance: one HTML page per assignment "
             "(plus CSV and JSON) from a grading output folder")
    rp.add_argument("out_dir", metavar="OUT_DIR",
                    help="the --out folder of `autograde grade` (or a folder of such folders)")
    rp.add_argument("--assignment", "-a", metavar="NAME",
                    help="only this assignment's page (default: every assignment graded there)")
    rp.add_argument("--roster", metavar="FILE",
                    help="the class list (docs/lms.md): names on the class page, and which "
                         "graded folders are not on it and which students have no submission")
    rp.set_defaults(func=run)


def run(args) -> int:
    """The class page of every assignment graded in an output folder."""
    from autograder.commands.grade import roster_of
    from autograder.review import classview, manual, regrade

    roster = roster_of(args)
    out = Path(args.out_dir)
    if not out.is_dir():
        raise UsageError(f"no such folder: {out}")
    for folder in classview.output_folders(out):   # the scores a person gave, merged first
        try:
            if manual.refresh(folder):
                note(f"manual scores merged: {folder / manual.MANUAL} (gradebook.csv written "
                      "again)")
        except manual.ManualError as exc:
            raise UsageError(str(exc)) from None
    pages = classview.write_reports(out, args.assignment, roster)
    for folder in classview.output_folders(out) if roster else ():
        for name in classview.assignments_in(folder):
            if args.assignment and name != args.assignment:
                continue
            recorded = regrade.runs(folder, name)
            run = recorded[-1] if recorded else classview.unrecorded_run(folder, name)
            for line in roster.match(e["id"] for e in (run or {}).get("students", [])).lines():
                note(f"{name}: {line}")
    if not pages:
        raise UsageError(f"no graded submissions{' of ' + args.assignment if args.assignment else ''}"
                         f" found in {out} (run `autograde grade ... --out {out}` first)")
    for page in pages:
        sys.stdout.write(f"{page}\n")
    return 0
