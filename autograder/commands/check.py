"""``autograde check``: a student's own run of the public checks, in the feedback's format.

Examples::

    autograde check NAME                 # the release in assignments/NAME
    autograde check NAME my-work/NAME.ipynb
"""
from __future__ import annotations

from pathlib import Path

from autograder.commands.console import (UsageError, assignment_named, command_parser,
                                         grade_with_progress, sandbox_limits, sandbox_options,
                                         say)


def add_parser(sub) -> None:
    """The ``check`` command's arguments, under ``sub`` (the subparsers of ``autograde``)."""
    c = command_parser(
        sub, "check", __doc__,
        help="run the public checks on your work")
    c.add_argument("name", metavar="NAME", help="the assignment")
    c.add_argument("path", nargs="?", metavar="PATH",
                   help="your NAME.py / NAME.ipynb or its folder (default assignments/NAME)")
    c.add_argument("--out", default="autograde-out/check",
                   help="folder for the feedback (default autograde-out/check)")
    sandbox_options(c)
    c.set_defaults(func=run)


def run(args) -> int:
    from autograder.engine import pool
    from autograder.engine import grade
    from autograder.authoring.course import warm_imports

    pool.launch(1, warm_imports(args.name))

    assignment = assignment_named(args.name)
    path = Path(args.path) if args.path else assignment.release_dir
    if not path.exists():
        raise UsageError(f"no such file or directory: {path}")
    out = Path(args.out).resolve()
    options = grade.Options(out_dir=out, sandbox=args.sandbox, limits=sandbox_limits(args, assignment),
                             public_only=True)
    [result] = grade_with_progress([(path.name if path.is_dir() else path.parent.name, path)],
                                    assignment, options, jobs=1, quiet=True)
    report = out / result.submission / "feedback.md"
    say(report.read_text())
    say("These are the public checks only. When you submit, hidden tests will also run (more "
         "cases, edge cases, gradients), so passing here does not guarantee full marks.")
    return 0
