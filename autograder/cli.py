"""``autograde``: build the parser from the commands and dispatch; the work lives elsewhere.

Each command is a module of :mod:`autograder.commands` (its arguments, examples and work).
Progress and logs go to standard error; ``grade --json`` prints exactly one JSON array on
standard output. Exit status: 0 when grading ran, whatever the scores; 2 for bad arguments
(and for a mistake in an ``assignment.toml``); 1 when grading could not run.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys
from pathlib import Path

from autograder.commands import COMMANDS
from autograder.commands.console import UsageError, note

EPILOG = """\
The fixed interface (the functions students write, with their worked examples, and the
JSON and exit status of `autograde grade`) is documented in docs/contract.md.
Run `autograde COMMAND --help` for a command's options and examples."""


def build_parser() -> argparse.ArgumentParser:
    """``autograde`` and one subcommand per module of :data:`COMMANDS`."""
    parser = argparse.ArgumentParser(
        prog="autograde", epilog=EPILOG,
        description="Release, check and grade the policy-gradient assignments; student code runs "
                    "in a sandbox.",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"autograder.commands.{name}").add_parser(sub)
    return parser


def _enclosing_course(folder: Path) -> Path | None:
    """The course checkout ``folder`` is in (a folder holding ``nbgrader_config.py``,
    ``solutions/`` and ``autograder/``), or None."""
    for candidate in (folder, *folder.parents):
        if all((candidate / p).exists() for p in ("nbgrader_config.py", "solutions", "autograder")):
            return candidate.resolve()
    return None


def _same_course() -> None:
    """``autograde`` serves one course: ``$AUTOGRADE_ROOT``, else the checkout it is installed
    from. Run from inside another checkout (with the first one's venv), it would read, and
    write into, the first; refuse rather than surprise."""
    from autograder.authoring import course

    here = _enclosing_course(Path.cwd())
    served = course.course_root()
    if here is not None and here != served and not os.environ.get("AUTOGRADE_ROOT"):
        raise UsageError(f"this autograde serves the course in {served} (the checkout it is "
                         f"installed from), but the current folder is in the course {here}: run "
                         f"{here}/.venv/bin/autograde there, or set AUTOGRADE_ROOT={here}")


def main(argv=None) -> int:
    from autograder.authoring.settings import SettingsError

    try:
        parser = build_parser()          # (it lists the course's experiments: the registry)
    except SettingsError as exc:
        note(f"autograde: {exc}")
        return 2
    args = parser.parse_args(argv)
    if getattr(args, "jobs", 1) < 1:
        note("autograde: --jobs must be at least 1")
        return 2
    try:
        _same_course()
        return args.func(args)
    except (UsageError, SettingsError) as exc:
        note(f"autograde: {exc}")
        return 2
    except KeyboardInterrupt:
        note("autograde: interrupted")
        return 130
    except Exception as exc:  # a grader fault: one line, non-zero
        note(f"autograde: grading could not run: {type(exc).__name__}: {exc}")
        return 1
    finally:
        from autograder.engine import pool

        pool.close()


def run() -> None:
    """The console script: :func:`main`, then a fast exit.

    Interpreter teardown with torch loaded costs about a third of a second, a
    fixed cost on every command (and a sixth of a one-submission ``grade``).
    Everything worth keeping is written by now: files are closed by their
    ``with`` blocks and the pools are shut down in :func:`main`; only the
    standard streams need a flush.
    """
    code = main()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)


if __name__ == "__main__":
    run()
