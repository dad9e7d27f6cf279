"""``autograde roster``: a roster (docs/lms.md) made from the LMS's own export: Canvas's
gradebook (Grades → Export) or Moodle's grades (Grades → Export → Plain text file). The
grader's id of each student is taken from one of its columns (``--id-from``): the one
the course names submission folders by.

Examples::

    autograde roster canvas.csv --from canvas --id-from sis_login_id -o roster.csv
    autograde roster moodle.csv --from moodle --id-from email -o roster.csv
"""
from __future__ import annotations

import sys
from pathlib import Path

from autograder.commands.console import UsageError, command_parser, note


def add_parser(sub) -> None:
    """The ``roster`` command's arguments, under ``sub`` (the subparsers of ``autograde``)."""
    r = command_parser(sub, "roster", __doc__,
                       help="a roster (--roster FILE) from Canvas's or Moodle's own export")
    r.add_argument("export", metavar="FILE", help="the file downloaded from the LMS")
    r.add_argument("--from", dest="lms", choices=("canvas", "moodle"), required=True,
                   help="which LMS wrote FILE")
    r.add_argument("--id-from", choices=("sis_login_id", "sis_user_id", "canvas_id", "email",
                                         "id_number", "username"),
                   help="the column giving the grader's id (default: sis_login_id for "
                        "Canvas, email for Moodle; an e-mail address gives its part before @)")
    r.add_argument("--output", "-o", default="roster.csv",
                   help="the roster to write (default roster.csv)")
    r.set_defaults(func=run)


def run(args) -> int:
    from autograder.lms import roster

    id_from = args.id_from or ("sis_login_id" if args.lms == "canvas" else "email")
    out = Path(args.output)
    if out.exists() and out.resolve() == Path(args.export).resolve():
        raise UsageError(f"{out}: the export itself; write the roster to another file")
    try:
        rows = roster.from_export(Path(args.export), args.lms, id_from)
        written = roster.write(out, rows)
    except roster.RosterError as exc:
        raise UsageError(str(exc)) from None
    note(f"roster: {len(rows)} students, the grader's id from {id_from}; check it, then "
         "pass it as --roster")
    sys.stdout.write(f"{written}\n")
    return 0
