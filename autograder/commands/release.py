"""``autograde release``: regenerate ``assignments/`` from ``solutions/`` (``--check``: only
say whether the committed release is current; ``--zip``: one student bundle per assignment).

Examples::

    autograde release
    autograde release --check
    autograde release --zip dist
"""
from __future__ import annotations

from pathlib import Path

from autograder.commands.console import UsageError, command_parser, note


def add_parser(sub) -> None:
    """The ``release`` command's arguments, under ``sub`` (the subparsers of ``autograde``)."""
    r = command_parser(
        sub, "release", __doc__,
        help="generate assignments/ from solutions/ (or check it is "
             "current, or zip student bundles)")
    r.add_argument("--check", action="store_true", help="only say whether it is current")
    r.add_argument("--zip", nargs="?", const="dist", metavar="DIR",
                   help="build one student bundle per assignment into DIR (default dist/) "
                        "from the committed release")
    r.set_defaults(func=run)


def run(args) -> int:
    from autograder.authoring import course, release
    from autograder.engine import texts

    try:
        if args.zip:
            from autograder.authoring import bundle

            for path in bundle.build_all(course.assignments().values(), Path(args.zip)):
                note(f"student bundle: {path}")
            return 0
        if args.check:
            problems = release.stale() + [p for a in course.assignments().values()
                                          for p in texts.problems(a)]
            for p in problems:
                note(p)
            if problems:
                note("the release is out of date: run `autograde release` (it rewrites what "
                     "the texts quote from a setting; the rest names what to change by hand)")
                return 1
            note("the release is current, and its texts say what their sources say")
            return 0
        for a in course.assignments().values():
            for path in texts.regenerate(a):
                note(f"rewrote what {path} quotes from its sources")
        if release.write_guide(course.course_root()):
            note(f"rewrote the table of settings in {release.guide(course.course_root())}")
        for line in release.build_all():
            note(f"synced notebook function cells from the module: {line}")
    except release.AuthoringError as exc:
        raise UsageError(str(exc)) from None
    note("assignments/ regenerated from solutions/")
    return 0
