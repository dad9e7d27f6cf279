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


def add_parser(sub) -> None:
    """The ``report`` command's arguments, under ``sub`` (the subparsers of ``autograde``)."""
    rp = command_parser(
        sub, "report", __doc__,
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
    """The class page of every assignment graded in an output folder: each folder's latest
    runs rebuilt from the regrade cache (:func:`autograder.batch.recorded_batches`), the
    scores of its ``manual.csv`` merged and written (a changed score's ``results.json``,
    ``gradebook.csv``), then each page drawn from those records."""
    from autograder.batch import MANUAL, ManualError, recorded_batches
    from autograder.commands.grade import roster_of
    from autograder.report import GRADEBOOK, write_gradebook
    from autograder.review import classview

    roster = roster_of(args)
    out = Path(args.out_dir)
    if not out.is_dir():
        raise UsageError(f"no such folder: {out}")
    pages = []
    for folder in classview.output_folders(out):
        try:
            batches = recorded_batches(folder)
        except ManualError as exc:
            raise UsageError(str(exc)) from None
        if (folder / MANUAL).is_file():           # the scores a person gave, merged first
            for batch in batches:
                batch.write(gradebook=False)
            write_gradebook(folder / GRADEBOOK, [g for b in batches for g in b.grades])
            note(f"manual scores merged: {folder / MANUAL} (gradebook.csv written again)")
        for batch in batches:
            if args.assignment and batch.assignment.name != args.assignment:
                continue
            pages.append(classview.write_batch_report(batch, roster))
            for line in roster.match(e["id"] for e in batch.run["students"]).lines() \
                    if roster else ():
                note(f"{batch.assignment.name}: {line}")
    if not pages:
        raise UsageError(f"no graded submissions{' of ' + args.assignment if args.assignment else ''}"
                         f" found in {out} (run `autograde grade ... --out {out}` first)")
    for page in pages:
        sys.stdout.write(f"{page}\n")
    return 0
