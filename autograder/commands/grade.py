"""``autograde grade``: grade submissions (docs/contract.md): ``results.json`` and
``feedback.md`` per student, ``gradebook.csv`` per batch, the class page, and a summary
table (``--json``: one JSON array).

Examples::

    autograde grade submissions/ -a NAME --jobs 2 --out grades/NAME
    autograde grade submissions/ -a NAME --json > grades.json
    autograde grade alice/ -a NAME --skip-slow          # quick: no training run
    autograde grade submissions/ -a NAME --cluster local:4
"""
from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

from rich.table import Table
from rich.text import Text   # student ids and messages: shown as they are, never as markup

from autograder.records.grades import Graded
from autograder.commands.console import (UsageError, assignment_named, cluster, cluster_option,
                                         command_parser, console, err, grade_with_progress,
                                         key_options, note, printable, sandbox_limits,
                                         sandbox_options)


def add_parser(sub) -> None:
    """The ``grade`` command's arguments, under ``sub`` (the subparsers of ``autograde``)."""
    g = command_parser(
        sub, "grade", __doc__,
        help="grade submissions: feedback per student, a gradebook per "
             "batch, --json for scripts",
        epilog="The --json output and the exit status are fixed: docs/contract.md.")
    g.add_argument("paths", nargs="+", metavar="PATH",
                   help="a submission (a folder holding NAME.py or NAME.ipynb, or the file), "
                        "or a folder of student folders")
    g.add_argument("--assignment", "-a", required=True, metavar="NAME",
                   help="the assignment to grade (a folder of solutions/)")
    g.add_argument("--jobs", "-j", type=int, default=1,
                   help="submissions graded in parallel (default 1; per worker with --cluster)")
    cluster_option(g, "grade")
    g.add_argument("--out", "-o", default="autograde-out",
                   help="folder for the reports and gradebook.csv (default autograde-out)")
    g.add_argument("--json", action="store_true", help="print the results as one JSON array")
    g.add_argument("--roster", metavar="FILE",
                   help="the class list (docs/lms.md): the summary names every graded folder "
                        "not on it and every student on it with no submission; the class page "
                        "shows names")
    g.add_argument("--nbgrader-db", metavar="URL",
                   help="also record the scores in this nbgrader gradebook "
                        "(e.g. sqlite:///gradebook.db), for formgrader and `nbgrader export`")
    g.add_argument("--no-reuse", action="store_true",
                   help="grade every submission again, even those whose grade in --out could "
                        "be reused (a benchmark measures grading, not the cache)")
    g.add_argument("--skip-slow", action="store_true",
                   help="leave out the hidden tests marked slow (training runs such as cart-pole): quick "
                        "feedback, not a final grade")
    sandbox_options(g)
    g.set_defaults(func=run)


def summary_table(results: list[Graded], title: str) -> Table:
    """One row per grade: the functions left as stubs, how many tests failed, the count
    the feedback and results.json give (:meth:`Graded.failed_tests`: the written answers,
    which a person scores, left out; public checks, worth 0 in a grade, counted), and the
    written answers that still await a person's score (their points are in "max")."""
    from autograder.report import what_went_wrong

    table = Table(title=title)
    for column in ("student", "assignment", "score", "max", "not implemented / failed"):
        table.add_column(column, justify="right" if column in ("score", "max") else "left")
    for r in results:
        failed, missing = len(r.failed_tests()), r.not_implemented
        parts = [f"not implemented: {', '.join(missing)}"] if missing else []
        parts += [f"{failed} failed"] if failed else []
        waiting = [o for o in r.outcomes if o.manual and r.mark_of(o.name) is None]
        if waiting:
            worth = sum(o.max_score for o in waiting)
            parts.append(f"{len(waiting)} written answer{'s' if len(waiting) > 1 else ''} "
                         f"({worth:g} point{'s' if worth != 1 else ''}) await a person")
        parts += [went_wrong] if (went_wrong := what_went_wrong(r)) else []
        parts += ["the grader's problem: below"] if r.grader_problem else []
        why = "; ".join(parts)
        table.add_row(Text(r.submission), r.assignment, f"{r.score:g}",
                      f"{r.max_score:g}", Text(why or "-"))
    return table


def protection_lines(results) -> list[str]:
    """The sandbox's protections the batch was graded under, one line per set (a cluster's
    workers may differ), with how many submissions each: the TA's view of what
    ``docs/security.md`` promises; the students' feedback leaves them out."""
    from collections import Counter

    sets = Counter(", ".join(r.protections) or "not recorded" for r in results)
    return [f"sandbox: {kept} ({count} submission{'s' if count != 1 else ''})"
            for kept, count in sets.most_common()]


#: a grade is "slow" when it took this many seconds and this many times the batch's median
SLOW_SECONDS, SLOW_FACTOR = 5.0, 3.0


def slow_ones(results: list[Graded], shown: int = 5) -> list[Graded]:
    """The grades worth a line under "slowest to grade", slowest first: those during which a
    call hung, the worker crashed or the time budget ran out, and those that took at least
    :data:`SLOW_SECONDS` and :data:`SLOW_FACTOR` times the batch's median. A batch of
    equally quick grades has none: a table of them would say nothing."""
    import statistics

    timed = [r for r in results if r.seconds is not None]
    if not timed:
        return []
    median = statistics.median(r.seconds for r in timed)
    slow = [r for r in timed if r.spent.hung or r.spent.crashed or r.spent.budget_exhausted
            or r.seconds >= max(SLOW_SECONDS, SLOW_FACTOR * median)]
    return sorted(slow, key=lambda r: -r.seconds)[:shown]


def slowest_table(results: list[Graded], shown: int = 5) -> Table | None:
    """The submissions that took longest to grade, and what their time went on; None when
    none stands out (:func:`slow_ones`)."""
    from autograder.report import where_time_went

    slow = slow_ones(results, shown)
    if not slow:
        return None
    total = sum(r.seconds or 0.0 for r in results)
    table = Table(title=f"slowest to grade ({total:.0f} s of grading in all)")
    for column in ("student", "assignment", "seconds", "where the time went"):
        table.add_column(column, justify="right" if column == "seconds" else "left")
    for r in slow:
        table.add_row(Text(r.submission), r.assignment, f"{r.seconds:.1f}",
                      Text(where_time_went(r)))
    return table


def run(args) -> int:
    """Grade the submissions under ``args.paths`` as one :class:`~autograder.batch.Batch`:
    reuse what the regrade cache allows (unless ``--no-reuse``), grade the rest, write every
    output once, print the summary."""
    from autograder.report import GRADEBOOK

    assignment = assignment_named(args.assignment)
    roster = roster_of(args)                 # a wrong row stops the command before grading
    students = found_students(args.paths, assignment)
    collected = collected_of(students)
    renamed = [s for s in students if s.renamed]
    out = Path(args.out).resolve()
    batch = started_batch(args, out, assignment, students)
    fresh = grade_pending(args, out, batch) if batch.plan.pending else []
    if batch.plan.reused:
        note(f"reused {len(batch.plan.reused)} earlier grades (submission, suite, reference, "
             f"engine and options unchanged); graded {len(batch.plan.pending)}")
    batch = batch.finished(fresh)
    batch = replace(batch, grades=tuple(replace(g, submitted=collected.get(g.submission))
                                        for g in batch.grades))
    batch.write()
    results = list(batch.grades)
    write_outputs(args, out, batch, roster)
    if args.json:
        sys.stdout.write(json.dumps([r.to_contract() for r in results]) + "\n")
    else:
        console().print(summary_table(results, f"{assignment.name}: {len(results)} graded"))
        slowest = slowest_table(results)
        if slowest is not None:
            console().print(slowest)
        for line in protection_lines(results):
            console().print(line, markup=False, highlight=False, soft_wrap=True)
    lines = grader_problem_lines(results) + renamed_lines(renamed)
    lines += roster.match(r.submission for r in results).lines() if roster else []
    for line in lines:
        (err if args.json else console()).print(line, markup=False, highlight=False, soft_wrap=True)
    if not args.json:
        first = out / results[0].submission / "feedback.md"
        note(f"feedback: {first} (and feedback.html), one folder per student in {out}")
        note(f"gradebook: {out / GRADEBOOK}")
    clashes = [s for s in students if s.clash]
    if clashes:
        err.print(f"autograde: {len(clashes)} folders are one student's name once made safe, "
                  "case-folded and trimmed (" + ", ".join(printable(s.id) for s in clashes)
                  + "): graded, but no grade of theirs is exported until the roster names "
                  "the clash id or the folders are renamed", markup=False, highlight=False,
                  soft_wrap=True)
        return 2
    return 0


def collected_of(students) -> dict:
    """Each student's :class:`~autograder.records.submitted.Submitted`, where ``autograde
    collect`` wrote one beside the student's folder (``collected.csv``), read before
    anything is graded; a grade reused takes today's, not the one it was cached with."""
    from autograder.lms.collect import CollectError, read_manifest

    manifests: dict = {}
    found = {}
    for s in students:
        folder = s.path.parent
        try:
            if folder not in manifests:
                manifests[folder] = read_manifest(folder)
        except CollectError as exc:
            raise UsageError(str(exc)) from None
        found[s.id] = manifests[folder].get(s.path.name)
    return found


def found_students(paths, assignment) -> list:
    """The students under ``paths`` (:func:`autograder.engine.discover.students`)."""
    from autograder.engine import discover

    try:
        students = discover.students([Path(p) for p in paths], assignment.name)
    except FileNotFoundError as exc:
        raise UsageError(str(exc)) from None
    if not students:
        raise UsageError("no submissions found under the given paths")
    return students


def started_batch(args, out: Path, assignment, students):
    """The :class:`~autograder.batch.Batch` of this command: ``OUT/manual.csv`` checked (a
    wrong row stops the command, naming file, line and column, before anything is graded)
    and the regrade plan made (submission, suite, reference, engine and options unchanged,
    and ``--no-reuse`` not given: reused)."""
    from autograder.batch import Batch

    try:
        return Batch.start(out, assignment, students, key_options(args, assignment),
                           reuse=not args.no_reuse)
    except ValueError as exc:               # ManualError included
        raise UsageError(str(exc)) from None


def grade_pending(args, out: Path, batch) -> list:
    """Grade ``batch``'s pending students (from their submissions as it read them), the
    person's scores merged into each before its report is written: in a local pool, or on
    ``--cluster``."""
    from autograder.authoring.course import warm_imports
    from autograder.engine import pool
    from autograder.engine.options import Options

    options = Options(out_dir=out, sandbox=args.sandbox, limits=sandbox_limits(args, batch.assignment),
                      skip_slow=args.skip_slow, marks=batch.marks)
    with cluster(args) as grid:
        if grid is None:
            pool.launch(args.jobs, warm_imports(batch.assignment.name))  # warms up meanwhile
        return grade_with_progress(batch.plan.pending, batch.assignment, options, args.jobs,
                                   grid=grid, subs=batch.plan.subs)


def roster_of(args):
    """``--roster FILE``, read strictly (:mod:`autograder.lms.roster`); None without one."""
    from autograder.lms import roster

    try:
        return roster.load(getattr(args, "roster", None))
    except roster.RosterError as exc:
        raise UsageError(str(exc)) from None


def write_outputs(args, out: Path, batch, roster=None) -> None:
    """The class page of ``batch`` (written, its records handed over: nothing read back;
    names from ``roster``) and (``--nbgrader-db``) nbgrader's grades."""
    from autograder.review import classview

    assignment = batch.assignment
    try:    # grading ran: a report that cannot be drawn must not change the exit status
        note(f"class report: {classview.write_batch_report(batch, roster)}")
    except Exception as exc:  # noqa: BLE001
        note(f"autograde: the class report could not be written ({type(exc).__name__}: "
             f"{exc}); `autograde report {out}` tries again")
    if args.nbgrader_db:
        from autograder.platforms.nbgrader import NOTEBOOK_CELL_PREFIX, record

        stored = record(list(batch.grades), args.nbgrader_db, folders=dict(batch.plan.pairs),
                        skip_groups={assignment.answers.written_idea} - {""})
        note(f"recorded {stored} grades in {args.nbgrader_db} (notebook {assignment.name}, "
             f"cells '{NOTEBOOK_CELL_PREFIX}<group>')")


def grader_problem_lines(results) -> list[str]:
    """One sentence per student for whom something went wrong on the grader's side alone
    (:attr:`autograder.records.grades.Graded.grader_problem`: their outputs could not be
    written, the cluster could not grade them), under the summary: the batch went on."""
    return [f"{printable(r.submission)}: {printable(r.grader_problem)}" for r in results
            if r.grader_problem]


def renamed_lines(renamed) -> list[str]:
    """The summary's account of students graded under another id than their folder's name
    (:class:`autograder.engine.discover.Student`)."""
    if not renamed:
        return []
    lines = [f"{len(renamed)} student{'s' if len(renamed) != 1 else ''} graded under another "
             "id than the folder's name (no grade overwrites another):"]
    lines += [f"  {printable(s.path)} is graded as {printable(s.id)}: {printable(s.renamed)}"
              for s in renamed]
    return lines
