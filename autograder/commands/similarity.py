"""``autograde similarity``: pairs of submissions too alike to be independent work, added to
the class page.

Examples::

    autograde similarity grades/NAME -a NAME
    autograde similarity submissions/ -a NAME --threshold 0.8
"""
from __future__ import annotations

from pathlib import Path

from rich.table import Table
from rich.text import Text   # student ids: shown as they are, never as markup

from autograder.commands.console import UsageError, assignment_named, command_parser, console, note


def add_parser(sub) -> None:
    """The ``similarity`` command's arguments, under ``sub`` (the subparsers of ``autograde``)."""
    from autograder.review import similarity

    sm = command_parser(
        sub, "similarity", __doc__,
        help="find pairs of submissions whose code is too alike "
             "(starter code left out); adds them to the report")
    sm.add_argument("path", metavar="OUT_OR_CLASS_DIR",
                    help="a grading output folder (its latest run's files are compared) or a "
                         "folder of student folders")
    sm.add_argument("--assignment", "-a", required=True, metavar="NAME",
                    help="the assignment whose graded files are compared")
    sm.add_argument("--threshold", type=float, default=None,
                    help="share of either file that must match for a pair to be listed "
                         f"(default: the assignment's [similarity] threshold, else "
                         f"{similarity.THRESHOLD})")
    sm.add_argument("--noise", type=int, default=similarity.NOISE,
                    help="shortest match that counts, in characters of canonical code as "
                         f"copydetect filters it (default {similarity.NOISE})")
    sm.add_argument("--out", metavar="DIR",
                    help="output folder whose _report/ receives the pairs (default: the "
                         "output folder given, or autograde-out for a class folder)")
    sm.set_defaults(func=run)


def run(args) -> int:
    """Pairs of submissions whose code is more alike than independent work would be."""
    from autograder.batch import regrade
    from autograder.review import similarity
    from autograder.review import classview

    assignment = assignment_named(args.assignment)
    path = Path(args.path)
    if not path.exists():
        raise UsageError(f"no such file or directory: {path}")
    try:
        docs, out = similarity.collect(path, assignment)
    except FileNotFoundError as exc:
        raise UsageError(str(exc)) from None
    if args.out:
        out = Path(args.out)
    if len(docs) < 2:
        raise UsageError(f"fewer than two submissions of {assignment.name} found in {path}")
    found = similarity.check(docs, assignment, threshold=args.threshold, noise=args.noise)
    args.threshold = found["threshold"]
    written = similarity.write(out, assignment.name, found)
    table = Table(title=f"{assignment.name}: {len(found['pairs'])} pairs at or above "
                        f"{args.threshold:.0%} similarity ({len(docs)} submissions)")
    for column in ("student", "student", "matched", "matched lines"):
        table.add_column(column)
    for p in found["pairs"]:
        table.add_row(Text(p["a"]), Text(p["b"]),
                      f"{p['similarity_a']:.0%} / {p['similarity_b']:.0%}",
                      f"{similarity.ranges(p['lines_a'])} / {similarity.ranges(p['lines_b'])}")
    console().print(table)
    pages = classview.write_reports(out, assignment.name) if regrade.runs(out) else []
    for page in [*written, *pages]:
        note(f"written: {page}")
    return 0
