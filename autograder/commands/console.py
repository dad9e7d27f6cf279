"""What every command shares: the console, one-line errors, the options several commands take.

On a terminal, output is laid out to its width. Written to a pipe or a file it is never
wrapped, whatever ``$COLUMNS`` says: a table keeps one line per row and a path stays whole,
so logs, ``grep`` and ``cut`` see what was printed. Progress and logs go to standard error.
"""
from __future__ import annotations

import sys
from contextlib import contextmanager

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

#: the width of a console that is not a terminal: wide enough that nothing is ever wrapped
UNWRAPPED = 100_000


class UsageError(Exception):
    """Bad arguments: reported in one line, exit status 2."""


def console(stderr: bool = False) -> Console:
    """Standard output (or error) as rich sees it: a terminal keeps rich's layout; a pipe or
    a file gets no wrapping at all (tables one line per row, paths whole)."""
    stream = sys.stderr if stderr else sys.stdout
    if stream.isatty():
        return Console(stderr=stderr)
    return Console(stderr=stderr, width=UNWRAPPED, soft_wrap=True)


err = console(stderr=True)


def printable(text, markup: bool = False) -> str:
    r"""Student-controlled text as a terminal may show it: every control, format (bidi
    override), separator or surrogate character written as its escape (``\x1b``,
    ``\u202e``), so no sequence reaches the terminal raw and no newline forges a line; with
    ``markup``, Rich markup escaped too, for text printed by a console that reads markup.

    >>> printable("mallory\x1b[2J\n")
    'mallory\\x1b[2J\\n'
    """
    import unicodedata

    from rich.markup import escape

    text = "".join(ascii(c)[1:-1] if unicodedata.category(c) in UNSAFE else c for c in str(text))
    return escape(text) if markup else text


#: the Unicode categories :func:`printable` escapes
UNSAFE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def note(text: str) -> None:
    """A line of progress or log on standard error, printed as written (no markup)."""
    err.print(text, markup=False, highlight=False)


def say(text: str) -> None:
    """Plain text (a report, a markdown table) on standard output, exactly as written."""
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


def assignment_named(name: str):
    """The registry's assignment ``name``, or a UsageError listing the known ones."""
    from autograder.authoring import course

    try:
        return course.get(name)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


# -- options several commands take -------------------------------------------------------

def sandbox_options(p) -> None:
    """``--sandbox``, the call time limits and the budget (grade, check, demo)."""
    p.add_argument("--sandbox", default="auto", choices=["auto", "namespaces", "uid", "plain"],
                   help="isolation of student code (default: the strongest available)")
    p.add_argument("--timeout", type=float, metavar="SECONDS",
                   help="seconds any call may take, however fast the reference "
                        "(default: the assignment's [limits] call_floor, else 2)")
    p.add_argument("--timeout-factor", type=float, metavar="N",
                   help="a call may also take N times the reference's time on the same "
                        "input (default: [limits] call_factor, else 1000)")
    p.add_argument("--budget", type=float,
                   help="seconds per submission (default: [limits] wall_budget, else 180)")


def sandbox_limits(args, assignment=None):
    """The sandbox's :class:`~autograder.sandbox.confine.Limits` of :func:`sandbox_options`:
    the assignment's ``[limits]`` (assignment.toml), each overridden by its flag if given."""
    from autograder.sandbox.confine import Limits

    chosen = assignment.settings.limits.applied(Limits()) if assignment else Limits()
    if getattr(args, "timeout", None):
        chosen.call_floor = args.timeout
    if getattr(args, "timeout_factor", None):
        chosen.call_factor = args.timeout_factor
    if getattr(args, "budget", None):
        chosen.wall_budget = args.budget
    return chosen


def key_options(args, assignment=None) -> dict:
    """The options of :func:`sandbox_options` (and ``--skip-slow``) as the regrade key
    holds them: a grade made under others is never reused."""
    from dataclasses import asdict

    return {"sandbox": args.sandbox, "limits": asdict(sandbox_limits(args, assignment)),
            "skip_slow": bool(getattr(args, "skip_slow", False)), "public_only": False}


def cluster_option(p, what: str) -> None:
    """``--cluster`` (grade, calibrate, experiment)."""
    p.add_argument("--cluster", metavar="ADDRESS",
                   help=f"{what} on a Dask cluster: a scheduler's address (tls://host:8786) "
                        "or scheduler file, or local:N to start N local worker processes; "
                        "--jobs is then per worker (needs pip install -e '.[cluster]'; "
                        "docs/scaling.md)")


@contextmanager
def cluster(args):
    """The Dask cluster of ``--cluster`` (None without it), closed on exit."""
    if not getattr(args, "cluster", None):
        yield None
        return
    from autograder.cluster import ClusterUnavailable, open_cluster

    try:
        grid = open_cluster(args.cluster, args.jobs)
    except ClusterUnavailable as exc:
        raise UsageError(str(exc)) from None
    try:
        yield grid
    finally:
        grid.close()


def runs_executor(grid, assignment: str):
    """Where a calibration's or an experiment's runs go: the cluster's admitted workers, or
    None (a local pool of ``--jobs`` processes)."""
    return grid.executor(assignment, note=note) if grid is not None else None


def progress(last: bool = True, quiet: bool = False) -> Progress:
    """The progress bar of every long command, on standard error; ``last`` adds a column
    for the task's ``last`` field (the item that just finished)."""
    columns = [TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn()]
    if last:    # a student's id: shown as it is, never as markup
        columns.append(TextColumn("{task.fields[last]}", markup=False))
    return Progress(*columns, console=err, transient=False, disable=quiet)


def grade_with_progress(pairs, assignment, options, jobs, quiet=False, grid=None, subs=None):
    """Grade ``pairs`` with a progress bar: in the local pool of ``jobs`` graders, or on the
    Dask cluster ``grid`` (``--cluster``: ``jobs`` graders per worker); ``subs``: the
    submissions already read, by student (:func:`autograder.engine.pool.grade_many`)."""
    with progress(quiet=quiet) as bar:
        task = bar.add_task(f"grading {assignment.name}", total=len(pairs), last="")

        def done(result):
            bar.update(task, advance=1,
                       last=f"{result.submission}: {result.score:g}/{result.max_score:g}")

        if grid is not None:
            from autograder.cluster import grading

            return grading.grade_many(grid, pairs, assignment, options, on_done=done,
                                      note=note, subs=subs)
        from autograder.engine.pool import grade_many

        return grade_many(pairs, assignment, options, jobs=jobs, on_done=done, subs=subs)


def command_parser(sub, name: str, doc: str | None, **kwargs):
    """The subparser of command ``name`` under ``sub``: the ``Examples::`` that end its
    module's docstring ``doc`` are the epilog of its ``--help`` (above an ``epilog`` of its
    own), laid out as written."""
    import argparse
    import textwrap

    if doc is not None and "Examples::\n" not in doc:
        raise ValueError(f"the module of command {name!r}: its docstring ends in no Examples::")
    examples = textwrap.dedent((doc or "Examples::\n").split("Examples::\n", 1)[1]).strip("\n")
    epilog = "examples:\n" + textwrap.indent(examples, "  ") if examples else ""  # none: -OO
    epilog += f"\n\n{kwargs.pop('epilog')}" if kwargs.get("epilog") else ""
    return sub.add_parser(name, epilog=epilog, formatter_class=argparse.RawDescriptionHelpFormatter,
                          **kwargs)
