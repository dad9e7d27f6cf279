"""``autograde gradescope``: an assignment's Gradescope autograder zip.

Examples::

    autograde gradescope NAME --out dist
"""
from __future__ import annotations

from pathlib import Path

from autograder.commands.console import assignment_named, command_parser, note


def add_parser(sub) -> None:
    """The ``gradescope`` command's arguments, under ``sub`` (the subparsers of ``autograde``)."""
    s_ = command_parser(
        sub, "gradescope", __doc__,
        help="build an assignment's Gradescope autograder zip")
    s_.add_argument("name", metavar="NAME", help="the assignment")
    s_.add_argument("--out", default="dist", help="folder for NAME-gradescope.zip (default dist)")
    s_.set_defaults(func=run)


def run(args) -> int:
    """Build the Gradescope autograder zip of one assignment."""
    from autograder.platforms import gradescope

    path = gradescope.build_zip(assignment_named(args.name), Path(args.out))
    note(f"Gradescope autograder: {path} (upload it as the assignment's autograder)")
    import zipfile

    with zipfile.ZipFile(path) as zf:       # the points, and the written answers' questions
        note(zf.read("README.md").decode().rstrip())
    return 0
