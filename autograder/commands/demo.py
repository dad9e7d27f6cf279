"""``autograde demo``: grade the bundled examples (reference, blank release, a buggy submission
per assignment), print the gradebook and write what a TA gets from ``autograde grade``: the
feedback per example, ``gradebook.csv`` and the class page of every assignment (each path is
named on standard error as it is written).

Examples::

    autograde demo
    autograde demo --jobs 4 --out demo-out
"""
from __future__ import annotations

import shutil
from pathlib import Path

from autograder.commands.console import (command_parser, console, grade_with_progress, key_options,
                                         note, sandbox_limits, sandbox_options)


def add_parser(sub) -> None:
    """The ``demo`` command's arguments, under ``sub`` (the subparsers of ``autograde``)."""
    d = command_parser(
        sub, "demo", __doc__,
        help="grade the bundled example submissions")
    d.add_argument("--out", default="demo-out",
                   help="folder for the examples, their feedback and the gradebook "
                        "(default demo-out)")
    d.add_argument("--jobs", "-j", type=int, default=2,
                   help="submissions graded in parallel (default 2)")
    sandbox_options(d)
    d.set_defaults(func=run)


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


def run(args) -> int:
    """Grade reference, blank release and one buggy submission of every assignment."""
    from autograder.engine import pool
    from autograder.authoring.course import warm_imports

    pool.launch(args.jobs, warm_imports())       # every assignment's
    from autograder.authoring import course
    from autograder.batch import Batch
    from autograder.engine import grade
    from autograder.engine.discover import Student
    from autograder.report import GRADEBOOK, write_gradebook

    out = Path(args.out).resolve()
    if out.exists():
        shutil.rmtree(out)
    everything, batches = [], []
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
        graded_in = out / "grades" / assignment.name
        batch = Batch.start(graded_in, assignment, [Student(s, folder / s) for s in examples],
                            key_options(args, assignment))
        options = grade.Options(out_dir=graded_in, sandbox=args.sandbox,
                                limits=sandbox_limits(args, assignment), marks=batch.marks)
        batch = batch.finished(grade_with_progress(batch.plan.pending, assignment, options,
                                                   args.jobs, subs=batch.plan.subs))
        batch.write(gradebook=False)
        batches.append(batch)
        everything += batch.grades
    write_gradebook(out / GRADEBOOK, everything)
    from autograder.commands.grade import protection_lines, summary_table
    from autograder.review import classview

    console().print(summary_table(everything, "Gradebook of the bundled examples"))
    for line in protection_lines(everything):
        console().print(line, markup=False, highlight=False, soft_wrap=True)
    first = out / "grades" / everything[0].assignment / everything[0].submission
    note(f"feedback: {first / 'feedback.md'} (and feedback.html), one folder per assignment "
          f"and example under {out / 'grades'}")
    note(f"gradebook: {out / GRADEBOOK}")
    for batch in batches:
        note(f"class report: {classview.write_batch_report(batch)}")
    return 0
