"""``autograde``: argument parsing and console output only; the work lives elsewhere.

Commands:

=============  =============================================================
``grade``      grade submissions (docs/contract.md): ``results.json`` and
               ``feedback.md`` per student, ``gradebook.csv`` per batch
``check``      a student's own run of the public checks, same feedback format
``release``    regenerate ``assignments/`` from ``solutions/`` (``--check``:
               only report whether the committed release is current)
``demo``       grade the bundled examples (reference, blank release, a
               buggy submission per assignment) and print the gradebook
``report``     the class at a glance (also written by ``grade``):
               ``OUT/_report/NAME.html`` with its CSV and JSON
``similarity`` pairs of submissions too alike to be independent work
=============  =============================================================

Progress and logs go to standard error; ``grade --json`` prints exactly one
JSON array on standard output. Exit status: 0 when grading ran, whatever the
scores; 2 for bad arguments; 1 when grading could not run.

On a terminal, output is laid out to its width. Written to a pipe or a file it
is never wrapped, whatever ``$COLUMNS`` says: a table keeps one line per row
and a path stays whole, so logs, ``grep`` and ``cut`` see what was printed.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from contextlib import contextmanager
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text   # student ids and messages: shown as they are, never as markup

#: the width of a console that is not a terminal: wide enough that nothing is ever wrapped
UNWRAPPED = 100_000


def _console(stderr: bool = False) -> Console:
    """Standard output (or error) as rich sees it: a terminal keeps rich's layout; a pipe or
    a file gets no wrapping at all (tables one line per row, paths whole)."""
    stream = sys.stderr if stderr else sys.stdout
    if stream.isatty():
        return Console(stderr=stderr)
    return Console(stderr=stderr, width=UNWRAPPED, soft_wrap=True)


err = _console(stderr=True)


def _note(text: str) -> None:
    """A line of progress or log on standard error, printed as written (no markup)."""
    err.print(text, markup=False, highlight=False)


class UsageError(Exception):
    """Bad arguments: reported in one line, exit status 2."""


def _limits(args):
    from autograder.sandbox.confine import Limits

    limits = Limits()
    if getattr(args, "timeout", None):
        limits.call_floor = args.timeout
    if getattr(args, "timeout_factor", None):
        limits.call_factor = args.timeout_factor
    if getattr(args, "budget", None):
        limits.wall_budget = args.budget
    return limits


def _assignment(name: str):
    from autograder.authoring import course

    try:
        return course.get(name)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def _progress(last: bool = True, quiet: bool = False) -> Progress:
    """The progress bar of every long command, on standard error; ``last`` adds a column
    for the task's ``last`` field (the item that just finished)."""
    columns = [TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn()]
    if last:    # a student's id: shown as it is, never as markup
        columns.append(TextColumn("{task.fields[last]}", markup=False))
    return Progress(*columns, console=err, transient=False, disable=quiet)


def _grade_with_progress(pairs, assignment, options, jobs, quiet=False, grid=None):
    """Grade ``pairs`` with a progress bar: in the local pool of ``jobs`` graders, or on the
    Dask cluster ``grid`` (``--cluster``: ``jobs`` graders per worker)."""
    with _progress(quiet=quiet) as progress:
        task = progress.add_task(f"grading {assignment.name}", total=len(pairs), last="")

        def done(result):
            progress.update(task, advance=1,
                            last=f"{result['submission']}: {result['score']:g}/{result['max_score']:g}")

        if grid is not None:
            from autograder.cluster import grading

            return grading.grade_many(grid, pairs, assignment, options, on_done=done,
                                      note=_note)
        from autograder.engine.pool import grade_many

        return grade_many(pairs, assignment, options, jobs=jobs, on_done=done)


@contextmanager
def _cluster(args):
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


def _runs_executor(grid, assignment: str):
    """Where a calibration's or an experiment's runs go: the cluster's admitted workers, or
    None (a local pool of ``--jobs`` processes)."""
    return grid.executor(assignment, note=_note) if grid is not None else None


def _out() -> Console:
    """Standard output (see :func:`_console`)."""
    return _console()


def _say(text: str) -> None:
    """Plain text (a report, a markdown table) on standard output, exactly as written."""
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


def summary_table(results: list[dict], title: str, by_hand=()) -> Table:
    """One row per grade; tests named in ``by_hand`` (written answers a person scores) are
    not counted as failed."""
    from autograder.report import what_went_wrong

    table = Table(title=title)
    for column in ("student", "assignment", "score", "max", "not implemented / failed"):
        table.add_column(column, justify="right" if column in ("score", "max") else "left")
    for r in results:
        failed = [t for t in r["tests"] if t["score"] < t["max_score"] and t["name"] not in by_hand]
        missing = sorted({t["output"][len("not implemented: "):] for t in failed
                          if t["output"].startswith("not implemented: ")})
        other = len([t for t in failed if not t["output"].startswith("not implemented: ")])
        parts = [f"not implemented: {', '.join(missing)}"] if missing else []
        parts += [f"{other} failed"] if other else []
        parts += [went_wrong] if (went_wrong := what_went_wrong(r)) else []
        why = "; ".join(parts)
        table.add_row(Text(r["submission"]), r["assignment"], f"{r['score']:g}",
                      f"{r['max_score']:g}", Text(why or "-"))
    return table


#: a grade is "slow" when it took this many seconds and this many times the batch's median
SLOW_SECONDS, SLOW_FACTOR = 5.0, 3.0


def slow_ones(results: list[dict], shown: int = 5) -> list:
    """The grades worth a line under "slowest to grade", slowest first: those during which a
    call hung, the worker crashed or the time budget ran out, and those that took at least
    :data:`SLOW_SECONDS` and :data:`SLOW_FACTOR` times the batch's median. A batch of
    equally quick grades has none: a table of them would say nothing."""
    import statistics

    timed = [r for r in results if getattr(r, "seconds", None) is not None]
    if not timed:
        return []
    median = statistics.median(r.seconds for r in timed)

    def troubled(r) -> bool:
        spent = getattr(r, "spent", None)
        return bool(spent and (spent.hung or spent.crashed or spent.budget_exhausted))

    slow = [r for r in timed if troubled(r)
            or r.seconds >= max(SLOW_SECONDS, SLOW_FACTOR * median)]
    return sorted(slow, key=lambda r: -r.seconds)[:shown]


def slowest_table(results: list[dict], shown: int = 5) -> Table | None:
    """The submissions that took longest to grade, and what their time went on; None when
    none stands out (:func:`slow_ones`)."""
    from autograder.report import where_time_went

    slow = slow_ones(results, shown)
    if not slow:
        return None
    total = sum(getattr(r, "seconds", None) or 0.0 for r in results)
    table = Table(title=f"slowest to grade ({total:.0f} s of grading in all)")
    for column in ("student", "assignment", "seconds", "where the time went"):
        table.add_column(column, justify="right" if column == "seconds" else "left")
    for r in slow:
        table.add_row(Text(r["submission"]), r["assignment"], f"{r.seconds:.1f}",
                      Text(where_time_went(r)))
    return table


def cmd_grade(args) -> int:
    from dataclasses import asdict

    from autograder.authoring.course import warm_imports
    from autograder.engine import discover
    from autograder.engine import pool
    from autograder.report import GRADEBOOK, write_gradebook
    from autograder.review import manual, regrade

    assignment = _assignment(args.assignment)
    try:
        students = discover.students([Path(p) for p in args.paths], assignment.name)
    except FileNotFoundError as exc:
        raise UsageError(str(exc)) from None
    if not students:
        raise UsageError("no submissions found under the given paths")
    pairs = [(s.id, s.path) for s in students]
    renamed = [s for s in students if s.renamed]
    out = Path(args.out).resolve()
    limits = _limits(args)
    scores = _manual_scores(out, assignment, [s.id for s in students])
    try:   # grades whose submission, suite, reference, engine and options are unchanged: reused
        plan = regrade.plan(out, assignment, pairs, {"sandbox": args.sandbox, "limits": asdict(
            limits), "skip_slow": args.skip_slow, "public_only": False}, renamed=renamed)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    fresh = []
    if plan.pending:
        from autograder.engine.options import Options

        options = Options(out_dir=out, sandbox=args.sandbox, limits=limits,
                          skip_slow=args.skip_slow)
        with _cluster(args) as grid:
            if grid is None:
                pool.launch(args.jobs, warm_imports(args.assignment))   # warms up meanwhile
            fresh = _grade_with_progress(plan.pending, assignment, options, args.jobs,
                                         grid=grid)
    if plan.reused:
        _note(f"reused {len(plan.reused)} earlier grades (submission, suite, reference, "
              f"engine and options unchanged); graded {len(plan.pending)}")
    results = manual.apply(out, assignment, plan.finish(fresh), scores)
    write_gradebook(out / GRADEBOOK, results)
    from autograder.review import classview

    try:    # grading ran: a report that cannot be drawn must not change the exit status
        for page in classview.write_reports(out, assignment.name):
            _note(f"class report: {page}")
    except Exception as exc:  # noqa: BLE001
        _note(f"autograde: the class report could not be written ({type(exc).__name__}: "
                  f"{exc}); `autograde report {out}` tries again")
    if args.nbgrader_db:
        from autograder.platforms.nbgrader import NOTEBOOK_CELL_PREFIX, record

        stored = record(results, args.nbgrader_db, folders=dict(pairs),
                        skip_groups={assignment.answers.written_idea} - {""})
        _note(f"recorded {stored} grades in {args.nbgrader_db} (notebook {assignment.name}, "
              f"cells '{NOTEBOOK_CELL_PREFIX}<group>')")
    if args.json:
        sys.stdout.write(json.dumps(results) + "\n")
    else:
        by_hand = {q.test for q in manual.questions(assignment).values()}
        _out().print(summary_table(results, f"{assignment.name}: {len(results)} graded", by_hand))
        slowest = slowest_table(results)
        if slowest is not None:
            _out().print(slowest)
    for line in renamed_lines(renamed):
        (err if args.json else _out()).print(line, markup=False, highlight=False, soft_wrap=True)
    if not args.json:
        first = out / results[0]["submission"] / "feedback.md"
        _note(f"feedback: {first} (and feedback.html), one folder per student in {out}")
        _note(f"gradebook: {out / GRADEBOOK}")
    return 0


def _manual_scores(out: Path, assignment, students: list[str]) -> dict:
    """``OUT/manual.csv``, read and checked before anything is graded (a wrong row stops the
    command, naming file, line and column); ``students``: this grade's, and every earlier
    run's in ``out``."""
    from autograder.review import manual, regrade

    known = set(students) | {e["id"] for run in regrade.runs(out, assignment.name)
                             for e in run["students"]}
    try:
        return manual.load(out, assignment, known)
    except manual.ManualError as exc:
        raise UsageError(str(exc)) from None


def renamed_lines(renamed) -> list[str]:
    """The summary's account of students graded under another id than their folder's name
    (:class:`autograder.engine.discover.Student`)."""
    if not renamed:
        return []
    lines = [f"{len(renamed)} student{'s' if len(renamed) != 1 else ''} graded under another "
             "id than the folder's name (no grade overwrites another):"]
    lines += [f"  {s.path} is graded as {s.id}: {s.renamed}" for s in renamed]
    return lines


def cmd_report(args) -> int:
    """The class page of every assignment graded in an output folder."""
    from autograder.review import classview, manual

    out = Path(args.out_dir)
    if not out.is_dir():
        raise UsageError(f"no such folder: {out}")
    for folder in classview.output_folders(out):   # the scores a person gave, merged first
        try:
            if manual.refresh(folder):
                _note(f"manual scores merged: {folder / manual.MANUAL} (gradebook.csv written "
                      "again)")
        except manual.ManualError as exc:
            raise UsageError(str(exc)) from None
    pages = classview.write_reports(out, args.assignment)
    if not pages:
        raise UsageError(f"no graded submissions{' of ' + args.assignment if args.assignment else ''}"
                         f" found in {out} (run `autograde grade ... --out {out}` first)")
    for page in pages:
        sys.stdout.write(f"{page}\n")
    return 0


def cmd_similarity(args) -> int:
    """Pairs of submissions whose code is more alike than independent work would be."""
    from autograder.review import regrade, similarity
    from autograder.review import classview

    assignment = _assignment(args.assignment)
    path = Path(args.path)
    if not path.exists():
        raise UsageError(f"no such file or directory: {path}")
    try:
        docs, out = similarity.collect(path, assignment)
    except FileNotFoundError as exc:
        raise UsageError(str(exc)) from None
    if args.out:
        out = Path(args.out)
    if len(docs) < 2:
        raise UsageError(f"fewer than two submissions of {assignment.name} found in {path}")
    found = similarity.check(docs, assignment, threshold=args.threshold, noise=args.noise)
    args.threshold = found["threshold"]
    written = similarity.write(out, assignment.name, found)
    table = Table(title=f"{assignment.name}: {len(found['pairs'])} pairs at or above "
                        f"{args.threshold:.0%} similarity ({len(docs)} submissions)")
    for column in ("student", "student", "matched", "matched lines"):
        table.add_column(column)
    for p in found["pairs"]:
        table.add_row(Text(p["a"]), Text(p["b"]),
                      f"{p['similarity_a']:.0%} / {p['similarity_b']:.0%}",
                      f"{similarity.ranges(p['lines_a'])} / {similarity.ranges(p['lines_b'])}")
    _out().print(table)
    pages = classview.write_reports(out, assignment.name) if regrade.runs(out) else []
    for page in [*written, *pages]:
        _note(f"written: {page}")
    return 0


def cmd_check(args) -> int:
    from autograder.engine import pool
    from autograder.engine import grade
    from autograder.authoring.course import warm_imports

    pool.launch(1, warm_imports(args.name))

    assignment = _assignment(args.name)
    path = Path(args.path) if args.path else assignment.release_dir
    if not path.exists():
        raise UsageError(f"no such file or directory: {path}")
    out = Path(args.out).resolve()
    options = grade.Options(out_dir=out, sandbox=args.sandbox, limits=_limits(args),
                             public_only=True)
    [result] = _grade_with_progress([(path.name if path.is_dir() else path.parent.name, path)],
                                    assignment, options, jobs=1, quiet=True)
    report = out / result["submission"] / "feedback.md"
    _say(report.read_text())
    _say("These are the public checks only. When you submit, hidden tests will also run (more "
         "cases, edge cases, gradients), so passing here does not guarantee full marks.")
    return 0


def cmd_release(args) -> int:
    from autograder.authoring import release

    try:
        if args.zip:
            from autograder.authoring import bundle
            from autograder.authoring import course

            for path in bundle.build_all(course.assignments().values(), Path(args.zip)):
                _note(f"student bundle: {path}")
            return 0
        if args.check:
            problems = release.stale()
            for p in problems:
                _note(p)
            if problems:
                _note("the release is out of date: run `autograde release`")
                return 1
            _note("the release is current")
            return 0
        for line in release.build_all():
            _note(f"synced notebook function cells from the module: {line}")
    except release.AuthoringError as exc:
        raise UsageError(str(exc)) from None
    _note("assignments/ regenerated from solutions/")
    return 0


def demo_examples(assignment) -> dict[str, str]:
    """The bundled examples of one assignment, student id -> source: the reference and the
    blank release (one "student" each across the course, so the gradebook shows them on one
    row), and the first known mistake of its bank, whose id names the assignment too: two
    assignments' mistakes of the same name are two students, never one row. (An assignment
    whose notebook has answer cells also gets a notebook beside each module: the solution's
    for the reference, the release's for the others.)"""
    from autograder.engine import mutants

    examples = {"reference": assignment.reference_module.read_text(),
                "blank": (assignment.release_dir / f"{assignment.name}.py").read_text()}
    bank = mutants.bank(assignment)
    if bank:
        examples[f"buggy-{assignment.name}-{bank[0].name}"] = bank[0].materialize()
    return examples


def cmd_demo(args) -> int:
    """Grade reference, blank release and one buggy submission of every assignment."""
    from autograder.engine import pool
    from autograder.authoring.course import warm_imports

    pool.launch(args.jobs, warm_imports())       # every assignment's
    from autograder.authoring import course
    from autograder.engine import grade
    from autograder.report import GRADEBOOK, write_gradebook

    out = Path(args.out).resolve()
    if out.exists():
        shutil.rmtree(out)
    everything = []
    for assignment in course.assignments().values():
        folder = out / "submissions" / assignment.name
        examples = demo_examples(assignment)
        for student, text in examples.items():
            (folder / student).mkdir(parents=True)
            (folder / student / f"{assignment.name}.py").write_text(text)
            if assignment.answers:      # the answer cells: the solution's, or the release's
                shutil.copyfile(assignment.notebook if student == "reference" else
                                assignment.release_dir / assignment.notebook.name,
                                folder / student / assignment.notebook.name)
        pairs = [(s, folder / s) for s in examples]
        options = grade.Options(out_dir=out / "grades" / assignment.name,
                                 sandbox=args.sandbox, limits=_limits(args))
        everything += _grade_with_progress(pairs, assignment, options, args.jobs)
    write_gradebook(out / GRADEBOOK, everything)
    from autograder.review import manual

    by_hand = {q.test for a in course.assignments().values()
               for q in manual.questions(a).values()}
    _out().print(summary_table(everything, "Gradebook of the bundled examples", by_hand))
    first = out / "grades" / everything[0]["assignment"] / everything[0]["submission"]
    _note(f"feedback: {first / 'feedback.md'} (and feedback.html), one folder per assignment "
          f"and example under {out / 'grades'}")
    _note(f"gradebook: {out / 'gradebook.csv'}")
    return 0


def _calibration_labels(args, default_mutants) -> dict[str, int]:
    """{"reference": seeds, mutant: seeds, ...} from ``--seeds`` and ``--mutants a:N,b``."""
    from autograder.authoring import course
    from autograder.engine.mutants import bank

    labels = {"reference": args.seeds}
    for item in args.mutants.split(",") if args.mutants else default_mutants:
        name, _, count = item.partition(":")
        labels[name] = int(count) if count else (args.mutant_seeds or args.seeds)
    known = {m.name for m in bank(course.get(args.name))}
    unknown = [n for n in labels if n != "reference" and n not in known]
    if unknown:
        raise UsageError(f"no such mutant in the {args.name} bank: {', '.join(unknown)}")
    return labels


def cmd_calibrate(args) -> int:
    """Pass rates of an assignment's training check for the reference and named mistakes."""
    from autograder.training import calibration, modules

    assignment = _assignment(args.name)
    check = modules.check_module(assignment)
    if check is None:
        raise UsageError(f"{args.name} has no training check to calibrate (those that have one: "
                         f"{', '.join(modules.with_checks()) or 'none'})")
    settings = assignment.settings.training
    labels = _calibration_labels(args, settings.default_mutants)
    with _cluster(args) as grid, _progress(last=False) as progress:
        executor = _runs_executor(grid, args.name)
        task = progress.add_task(f"calibrating the {args.name} training check",
                                 total=sum(labels.values()))
        results = check.calibrate(labels, jobs=args.jobs, executor=executor,
                                  on_done=lambda r: progress.update(task, advance=1))
    command = (f"autograde calibrate {args.name} --seeds {args.seeds}"
               + (f" --mutants {args.mutants}" if args.mutants else "")
               + (f" --mutant-seeds {args.mutant_seeds}" if args.mutant_seeds else "")
               + f" --jobs {args.jobs}")
    text = check.calibration_table(results, command)
    _say(text)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))
    if args.write_docs:
        doc = Path(args.write_docs if args.write_docs is not True
                   else assignment.root / settings.doc)
        if args.write_docs is True and not settings.doc:
            raise UsageError(f"{args.name} names no doc ([training] doc); give --write-docs FILE")
        calibration.write_docs(doc, text)
        _note(f"table written to {doc}")
    return 0


def cmd_experiment(args) -> int:
    """An experiment of the course (each assignment.toml lists its own under [experiments])."""
    import inspect

    from autograder.training import modules

    known = modules.experiments()
    if args.name not in known:
        raise UsageError(f"unknown experiment {args.name!r} (known: {', '.join(known) or 'none'})")
    module = modules.experiment_module(args.name)
    accepted = inspect.signature(module.run).parameters
    options = {k: v for k, v in (("steps", args.steps), ("updates", args.updates),
                                 ("lag", args.lag)) if v is not None and k in accepted}
    command = " ".join([f"autograde experiment {args.name} --seeds {args.seeds}"]
                       + [f"--{k} {v}" for k, v in options.items()])
    with _cluster(args) as grid, _progress() as progress:
        executor = _runs_executor(grid, known[args.name][0].name)
        task = progress.add_task(f"{args.name} experiment",
                                 total=module.runs(args.seeds, **options), last="")
        path = module.run(seeds=args.seeds, out=Path(args.out) if args.out else None,
                          jobs=args.jobs, command=command, executor=executor,
                          on_done=lambda r: progress.update(task, advance=1,
                                                            last=module.describe(r)),
                          **options)
    _say(path.read_text())
    _note(f"written: {path} and its figures")
    return 0


def cmd_new(args) -> int:
    """Scaffold a new assignment (docs/adding-an-assignment.md)."""
    from autograder.authoring import scaffold

    try:
        files = scaffold.create(args.name, args.title)
    except (ValueError, FileExistsError) as exc:
        raise UsageError(str(exc)) from None
    root = files[0].parents[2]
    for path in files:
        _note(f"created {path.relative_to(root) if path.is_relative_to(root) else path}")
    _note(f"next: write the reference in solutions/{args.name}/{args.name}.py (the line "
              f"`{scaffold.TODO_LINE}`), then `autograde release`; see "
              "docs/adding-an-assignment.md")
    return 0


def cmd_gradescope(args) -> int:
    """Build the Gradescope autograder zip of one assignment."""
    from autograder.platforms import gradescope

    path = gradescope.build_zip(_assignment(args.name), Path(args.out))
    _note(f"Gradescope autograder: {path} (upload it as the assignment's autograder)")
    return 0


def _experiments() -> dict[str, str]:
    """The course's experiments, name -> its assignment, read from the registry (cheap: no
    experiment module is imported)."""
    from autograder.authoring import course

    return {name: a.name for a in course.assignments().values()
            for name, _ in a.settings.experiments}


EPILOG = """\
The fixed interface (the functions students write, with their worked examples, and the
JSON and exit status of `autograde grade`) is documented in docs/contract.md.
Run `autograde COMMAND --help` for a command's options."""


def build_parser() -> argparse.ArgumentParser:
    from autograder.review import similarity

    parser = argparse.ArgumentParser(
        prog="autograde", epilog=EPILOG,
        description="Release, check and grade the policy-gradient assignments; student code runs "
                    "in a sandbox.",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def cluster_option(p, what: str):
        p.add_argument("--cluster", metavar="ADDRESS",
                       help=f"{what} on a Dask cluster: a scheduler's address (tls://host:8786) "
                            "or scheduler file, or local:N to start N local worker processes; "
                            "--jobs is then per worker (needs pip install -e '.[cluster]'; "
                            "docs/scaling.md)")

    def sandbox_options(p):
        p.add_argument("--sandbox", default="auto", choices=["auto", "namespaces", "uid", "plain"],
                       help="isolation of student code (default: the strongest available)")
        p.add_argument("--timeout", type=float, metavar="SECONDS",
                       help="seconds any call may take, however fast the reference (default 2)")
        p.add_argument("--timeout-factor", type=float, metavar="N",
                       help="a call may also take N times the reference's time on the same "
                            "input (default 1000)")
        p.add_argument("--budget", type=float, help="seconds per submission (default 180)")

    g = sub.add_parser("grade", help="grade submissions: feedback per student, a gradebook per "
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
    g.add_argument("--nbgrader-db", metavar="URL",
                   help="also record the scores in this nbgrader gradebook "
                        "(e.g. sqlite:///gradebook.db), for formgrader and `nbgrader export`")
    g.add_argument("--skip-slow", action="store_true",
                   help="leave out the hidden tests marked slow (training runs such as cart-pole): quick "
                        "feedback, not a final grade")
    sandbox_options(g)
    g.set_defaults(func=cmd_grade)

    rp = sub.add_parser("report", help="the class at a glance: one HTML page per assignment "
                                       "(plus CSV and JSON) from a grading output folder")
    rp.add_argument("out_dir", metavar="OUT_DIR",
                    help="the --out folder of `autograde grade` (or a folder of such folders)")
    rp.add_argument("--assignment", "-a", metavar="NAME",
                    help="only this assignment's page (default: every assignment graded there)")
    rp.set_defaults(func=cmd_report)

    sm = sub.add_parser("similarity", help="find pairs of submissions whose code is too alike "
                                           "(starter code left out); adds them to the report")
    sm.add_argument("path", metavar="OUT_OR_CLASS_DIR",
                    help="a grading output folder (its latest run's files are compared) or a "
                         "folder of student folders")
    sm.add_argument("--assignment", "-a", required=True, metavar="NAME",
                    help="the assignment whose graded files are compared")
    sm.add_argument("--threshold", type=float, default=None,
                    help="share of either file that must match for a pair to be listed "
                         f"(default: the assignment's [similarity] threshold, else "
                         f"{similarity.THRESHOLD})")
    sm.add_argument("--noise", type=int, default=similarity.NOISE,
                    help="shortest match that counts, in characters of canonical code as "
                         f"copydetect filters it (default {similarity.NOISE})")
    sm.add_argument("--out", metavar="DIR",
                    help="output folder whose _report/ receives the pairs (default: the "
                         "output folder given, or autograde-out for a class folder)")
    sm.set_defaults(func=cmd_similarity)

    c = sub.add_parser("check", help="run the public checks on your work")
    c.add_argument("name", metavar="NAME", help="the assignment")
    c.add_argument("path", nargs="?", metavar="PATH",
                   help="your NAME.py / NAME.ipynb or its folder (default assignments/NAME)")
    c.add_argument("--out", default="autograde-out/check",
                   help="folder for the feedback (default autograde-out/check)")
    sandbox_options(c)
    c.set_defaults(func=cmd_check)

    r = sub.add_parser("release", help="generate assignments/ from solutions/ (or check it is "
                                       "current, or zip student bundles)")
    r.add_argument("--check", action="store_true", help="only say whether it is current")
    r.add_argument("--zip", nargs="?", const="dist", metavar="DIR",
                   help="build one student bundle per assignment into DIR (default dist/) "
                        "from the committed release")
    r.set_defaults(func=cmd_release)

    k = sub.add_parser("calibrate", help="measure the pass rates of an assignment's training "
                                         "check (its assignment.toml names it under [training])")
    k.add_argument("name", metavar="NAME", help="an assignment that has a training check")
    k.add_argument("--seeds", type=int, default=300, help="seeds for the reference (default 300)")
    k.add_argument("--mutant-seeds", type=int, help="seeds per mutant (default: --seeds)")
    k.add_argument("--mutants", help="comma-separated mutant names, each optionally NAME:SEEDS "
                                      "(default: the assignment's [training] default_mutants)")
    k.add_argument("--jobs", "-j", type=int, default=2, help="runs in parallel (default 2)")
    cluster_option(k, "run the seeds")
    k.add_argument("--json", metavar="FILE", help="also save every seed's result")
    k.add_argument("--write-docs", metavar="FILE", nargs="?", const=True,
                   help="replace the calibration table in FILE (default: the assignment's "
                        "[training] doc)")
    k.set_defaults(func=cmd_calibrate)

    s_ = sub.add_parser("gradescope", help="build an assignment's Gradescope autograder zip")
    s_.add_argument("name", metavar="NAME", help="the assignment")
    s_.add_argument("--out", default="dist", help="folder for NAME-gradescope.zip (default dist)")
    s_.set_defaults(func=cmd_gradescope)

    known = _experiments()
    x = sub.add_parser("experiment", help="reproduce an experiment of the course texts "
                                          "(assignment.toml files list them under [experiments])",
                       description="Reproduce an experiment of the course texts. Experiments: "
                                   + (", ".join(f"{e} ({a})" for e, a in known.items())
                                      or "none") + ".")
    x.add_argument("name", metavar="NAME", help="the experiment's name: "
                                                 + (", ".join(known) or "none is defined"))
    x.add_argument("--seeds", type=int, default=3, help="seeds per method (default 3)")
    x.add_argument("--steps", type=int, help="env steps per run (experiments that train "
                                             "with a step budget)")
    x.add_argument("--updates", type=int, help="updates per run (experiments that count updates)")
    x.add_argument("--lag", type=int,
                   help="how many updates old a rollout engine's weights are (where it applies)")
    x.add_argument("--out", default=None,
                   help="folder for the report and figures (default docs/)")
    x.add_argument("--jobs", "-j", type=int, default=2, help="runs in parallel (default 2)")
    cluster_option(x, "run the runs")
    x.set_defaults(func=cmd_experiment)

    n = sub.add_parser("new", help="scaffold a new assignment: reference module, registry entry, "
                                   "notebook, public checks, hidden suite, mutant and variant "
                                   "folders (docs/adding-an-assignment.md)")
    n.add_argument("name", metavar="NAME", help="the new assignment's name (a Python identifier)")
    n.add_argument("--title", default="a new assignment", help="its one-line title")
    n.set_defaults(func=cmd_new)

    d = sub.add_parser("demo", help="grade the bundled example submissions")
    d.add_argument("--out", default="demo-out",
                   help="folder for the examples, their feedback and the gradebook "
                        "(default demo-out)")
    d.add_argument("--jobs", "-j", type=int, default=2,
                   help="submissions graded in parallel (default 2)")
    sandbox_options(d)
    d.set_defaults(func=cmd_demo)
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
        _note(f"autograde: {exc}")
        return 2
    args = parser.parse_args(argv)
    if getattr(args, "jobs", 1) < 1:
        _note("autograde: --jobs must be at least 1")
        return 2
    try:
        _same_course()
        return args.func(args)
    except (UsageError, SettingsError) as exc:
        _note(f"autograde: {exc}")
        return 2
    except KeyboardInterrupt:
        _note("autograde: interrupted")
        return 130
    except Exception as exc:  # a grader fault: one line, non-zero
        _note(f"autograde: grading could not run: {type(exc).__name__}: {exc}")
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
