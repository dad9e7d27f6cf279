"""``autograde export``: one course gradebook from the output folders of any number of grade
runs (the latest run of each, manual scores included), as our CSV, as Canvas's gradebook
filled in for its import, or as Moodle's grade import made from its export (docs/lms.md).

No blank is ever written over a grade the LMS holds, and no grade goes into a row that is
not its student's: the summary counts the cells written, unchanged, kept (no grade of ours)
and refused (a grade that could not be placed, each named: a student not on the roster or
not in the LMS's file, a clash of folder names, a cell Canvas exported as ``N/A``, ``EX`` or
posting manually). Exits 1 when a grade was refused; the file holds every other cell.

Examples::

    autograde export grades/ --roster roster.csv --to csv -o course.csv
    autograde export grades/ --roster roster.csv --to canvas --canvas-export canvas.csv -o canvas-import.csv
    autograde export grades/ --roster roster.csv --to moodle --moodle-export moodle.csv --moodle-id email -o moodle-import.csv
"""
from __future__ import annotations

import sys
from pathlib import Path

from autograder.commands.console import UsageError, command_parser, note


def add_parser(sub) -> None:
    """The ``export`` command's arguments, under ``sub`` (the subparsers of ``autograde``)."""
    e = command_parser(
        sub, "export", __doc__,
        help="one course gradebook from grade runs: CSV, or a file Canvas or Moodle imports")
    e.add_argument("out_dirs", nargs="+", metavar="OUT_DIR",
                   help="an --out folder of `autograde grade` (or a folder of such folders)")
    e.add_argument("--roster", required=True, metavar="FILE",
                   help="the class list (docs/lms.md): who each graded folder is")
    e.add_argument("--to", choices=("csv", "canvas", "moodle"), default="csv",
                   help="csv: our course gradebook; canvas: Canvas's export filled in; "
                        "moodle: Moodle's CSV grade import (default csv)")
    e.add_argument("--output", "-o", metavar="FILE",
                   help="the file to write (default course-grades.csv, canvas-import.csv or "
                        "moodle-import.csv)")
    e.add_argument("--ideas", action="store_true",
                   help="--to csv: also a column per idea of each assignment")
    e.add_argument("--missing", choices=("blank", "zero"), default="blank",
                   help="a roster student with no submission: no grade (blank, the default) "
                        "or 0 (only where the LMS holds no grade)")
    e.add_argument("--canvas-export", metavar="FILE",
                   help="--to canvas: the gradebook downloaded from Canvas (Grades → Export)")
    e.add_argument("--column", action="append", default=[], metavar="NAME=HEADER",
                   help="--to canvas or moodle: the column of assignment NAME (default: the "
                        "column titled NAME, as the LMS writes it: 'NAME (1234)', "
                        "'Assignment: NAME (Real)'); may be repeated")
    e.add_argument("--overwrite", action="append", default=[], choices=("excused",
                                                                          "manual-posting"),
                   help="--to canvas: also write a score over EX (lifting the excusal), or in "
                        "a column that posts manually; may be repeated")
    e.add_argument("--moodle-export", metavar="FILE",
                   help="--to moodle: the grades downloaded from Moodle (Grades → Export → "
                        "Plain text file, display type Real)")
    e.add_argument("--moodle-id", choices=("email", "id_number", "username"), default="email",
                   help="--to moodle: the roster column that identifies a student in Moodle "
                        "(default email)")
    e.set_defaults(func=run)


DEFAULT_NAMES = {"csv": "course-grades.csv", "canvas": "canvas-import.csv",
                 "moodle": "moodle-import.csv"}


def run(args) -> int:
    """Collect the gradebook, match the roster, write the file asked for, count its cells."""
    from autograder.lms import canvas, export, gradebook, moodle, roster

    try:
        students = roster.read(Path(args.roster))
        book = gradebook.collect(args.out_dirs)
    except (roster.RosterError, gradebook.GradebookError) as exc:
        raise UsageError(str(exc)) from None
    if not book.assignments:
        raise UsageError("no graded assignments in " + ", ".join(args.out_dirs))
    for line in students.match(book.students()).lines("graded"):
        note(line)
    for name in book.assignments:
        source = book.sources[name]
        note(f"{name}: run {source.run} of {source.folder}")
    out = Path(args.output or DEFAULT_NAMES[args.to])
    zero = args.missing == "zero"
    check_flags(args)
    given = columns_given(args.column)
    try:
        if args.to == "csv":
            written = export.course_csv(out, book, students, ideas=args.ideas, missing_zero=zero)
        elif args.to == "moodle":
            if not args.moodle_export:
                raise UsageError("--to moodle needs --moodle-export FILE: the grades downloaded "
                                 "from Moodle (Grades → Export → Plain text file), whose values "
                                 "a student with no new grade keeps")
            made = moodle.fill(Path(args.moodle_export), book, students, args.moodle_id, given,
                               zero)
            written = export.Written(moodle.write(out, made), made.placed, made.notes)
        else:
            if not args.canvas_export:
                raise UsageError("--to canvas needs --canvas-export FILE: the gradebook "
                                 "downloaded from Canvas (Grades → Export), whose columns we fill")
            filled = canvas.fill(Path(args.canvas_export), book, students, given, zero,
                                 tuple(args.overwrite))
            written = export.Written(canvas.write(out, filled), filled.placed, filled.notes)
            note("Canvas: our grades in " + ", ".join(filled.header[k] for k in
                                                       filled.columns.values())
                 + "; every other cell as exported. Import it: Grades → Import")
    except (canvas.CanvasError, moodle.MoodleError) as exc:
        raise UsageError(str(exc)) from None
    for line in written.notes:
        note(line)
    late = [f"{sid} ({name})" for sid, grades in book.grades.items()
            for name, g in grades.items() if g.submitted and g.submitted.late]
    if late:
        note("handed in late, as the LMS said (the grades are as graded: no penalty is "
             "applied): " + ", ".join(late))
    placed = written.placed
    for line in placed.refused:
        note(f"not placed: {line}")
    note(placed.summary())
    sys.stdout.write(f"{written.path}\n")
    return 1 if placed.refused else 0


def check_flags(args) -> None:
    """Each route's own flags only with that route."""
    if args.to != "canvas" and (args.canvas_export or args.overwrite):
        raise UsageError("--canvas-export and --overwrite are for --to canvas")
    if args.to != "moodle" and args.moodle_export:
        raise UsageError("--moodle-export is for --to moodle")
    if args.to == "csv" and args.column:
        raise UsageError("--column is for --to canvas or moodle")


def columns_given(items: list[str]) -> dict[str, str]:
    """``--column NAME=HEADER``, each."""
    given = {}
    for item in items:
        name, sep, header = item.partition("=")
        if not sep or not name or not header:
            raise UsageError(f"--column {item!r}: write NAME=HEADER, as in "
                             "--column NAME='Homework 3 (1234)'")
        given[name.strip()] = header
    return given
