"""``autograde lint``: what an assignment's author has left to do, each with what to add.

In seconds, no sandbox: the bar every assignment meets (known mistakes, variants, fairness
forms), ``[points]`` against the hidden suite's ideas (and how each idea's points are shared),
grade cells only one route would count, what the texts quote from the settings, and each
known mistake whose ``HINT`` the hidden suite never shows (``--no-hints`` leaves that out).
Exit status 1 while anything is left. Details: :mod:`autograder.engine.lint`.

Examples::

    autograde lint bandit
    autograde lint
    autograde lint grpo --shares
"""
from __future__ import annotations

from autograder.commands.console import assignment_named, command_parser, note


def add_parser(sub) -> None:
    """The ``lint`` command's arguments, under ``sub`` (the subparsers of ``autograde``)."""
    p = command_parser(sub, "lint", __doc__,
                       help="say what an assignment's author has left to do, and what to add")
    p.add_argument("name", nargs="?", metavar="NAME", help="the assignment (default: every one)")
    p.add_argument("--no-hints", action="store_true",
                   help="leave out the grade of each known mistake (whose HINT never shows)")
    p.add_argument("--shares", action="store_true",
                   help="also print how each idea's points are shared among its tests")
    p.set_defaults(func=run)


def run(args) -> int:
    from autograder.authoring import course
    from autograder.engine.lint import lint

    chosen = [assignment_named(args.name)] if args.name else list(course.assignments().values())
    left = 0
    for assignment in chosen:
        found = lint(assignment, with_hints=not args.no_hints)
        for line in found.shares if args.shares else []:
            note(line)
        for line in found.todo:
            note(line)
        left += len(found.todo)
        if not found.todo:
            note(f"{assignment.name}: nothing left to do")
    return 1 if left else 0
