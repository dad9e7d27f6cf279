"""``autograde collect``: the submissions of one assignment straight from the LMS's own
download, one folder per roster student named by the roster's id (docs/lms.md): Canvas's
"Download Submissions" zip, or Moodle's "Download all submissions" (the zip or the folder
it unpacks to) with the assignment's grading worksheet. Each file joins its student by the
LMS's number (Canvas's user id; Moodle's participant id through the worksheet), never by a
name; the graded file gets its own name back; late and the submission time are kept in
``collected.csv``, which ``autograde grade`` puts in each grade.

Exits 1 when a file could not be placed (a student the roster does not have, a file the
format does not explain, two files that would be one): each is named; the others are
collected.

Examples::

    autograde collect submissions.zip --from canvas -a grpo --roster roster.csv -o class/grpo
    autograde collect moodle-grpo.zip --from moodle --worksheet worksheet.csv -a grpo --roster roster.csv -o class/grpo
"""
from __future__ import annotations

import sys
from pathlib import Path

from autograder.commands.console import (UsageError, assignment_named, command_parser, note,
                                         printable)


def add_parser(sub) -> None:
    """The ``collect`` command's arguments, under ``sub`` (the subparsers of ``autograde``)."""
    c = command_parser(sub, "collect", __doc__,
                       help="one folder per roster student from Canvas's or Moodle's "
                            "submissions download")
    c.add_argument("download", metavar="DOWNLOAD",
                   help="the zip the LMS gave (Moodle: or the folder it unpacks to)")
    c.add_argument("--from", dest="lms", choices=("canvas", "moodle"), required=True,
                   help="which LMS made DOWNLOAD")
    c.add_argument("--assignment", "-a", required=True, metavar="NAME",
                   help="the assignment the submissions are for")
    c.add_argument("--roster", required=True, metavar="FILE",
                   help="the class list (docs/lms.md), with canvas_id for Canvas, or the "
                        "e-mail address (--match) for Moodle")
    c.add_argument("--worksheet", metavar="FILE",
                   help="--from moodle: the assignment's grading worksheet (View all "
                        "submissions → Download grading worksheet)")
    c.add_argument("--match", choices=("email", "id_number", "username"), default="email",
                   help="--from moodle: the worksheet's user field compared with the roster's "
                        "(default email)")
    c.add_argument("--output", "-o", required=True, metavar="FOLDER",
                   help="a new folder for the student folders (then: autograde grade FOLDER)")
    c.set_defaults(func=run)


def run(args) -> int:
    from autograder.lms import collect, roster

    assignment = assignment_named(args.assignment)
    if args.worksheet and args.lms != "moodle":
        raise UsageError("--worksheet is for --from moodle")
    try:
        students = roster.read(Path(args.roster))
        done = collect.collect(Path(args.download), args.lms, students, assignment.name,
                               args.worksheet, args.match)
        collect.write(done, Path(args.output))
    except (roster.RosterError, collect.CollectError) as exc:
        raise UsageError(str(exc)) from None
    late = [sid for sid, s in done.students.items() if s.submitted.late]
    note(f"collected {len(done.students)} students from {args.lms}'s download into "
         f"{args.output} ({len(late)} late{': ' + ', '.join(late) if late else ''})")
    if done.missing:
        note(f"on the roster with nothing in the download (no submission): "
             + ", ".join(done.missing))
    for line in done.left_out:
        note(f"left out: {printable(line)}")
    for line in done.unexplained:
        note(f"not placed, the format does not explain it: {printable(line)}")
    for line in done.refused:
        note(f"not placed: {printable(line)}")
    sys.stdout.write(f"{args.output}\n")
    return 0 if done.ok else 1
