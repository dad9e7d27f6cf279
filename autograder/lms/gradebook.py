"""One course gradebook: every student's grade of every assignment, from the output folders
of any number of grade runs (``autograde export OUT_DIR...``).

For each output folder (and each folder of such folders, as ``autograde report`` reads
them) and each assignment graded there, the **latest run** counts, rebuilt from the regrade
cache with the scores a person gave in that folder's ``manual.csv`` merged in as it reads
now (the same batch as ``autograde report``: :func:`autograder.batch.recorded_batches`;
nothing is written). Each student's grade is its record's
(:class:`~autograder.records.grades.Graded`): the score, the maximum, and the points per
idea (test group) worth points. An assignment graded in two output folders is refused: which one
counts is for the course to say, by passing one.

:class:`CourseGradebook` is what the writers (:mod:`autograder.lms.export`) put in a file;
a roster student with no grade of an assignment has none there (not 0).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from autograder.authoring import course
from autograder.batch import recorded_batches
from autograder.review import classview


class GradebookError(ValueError):
    """The output folders cannot make one gradebook (what to do is in the message)."""


@dataclass(frozen=True)
class AssignmentGrade:
    """A student's grade of one assignment: score, maximum, points per idea."""
    score: float
    max_score: float
    ideas: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Source:
    """Where an assignment's grades come from: the output folder and its run."""
    folder: Path
    run: str


@dataclass
class CourseGradebook:
    """Every grade found, by assignment (in the registry's order) and student."""
    assignments: list[str] = field(default_factory=list)
    max_scores: dict[str, float] = field(default_factory=dict)
    #: assignment -> its ideas worth points, and each idea's points
    ideas: dict[str, dict[str, float]] = field(default_factory=dict)
    grades: dict[str, dict[str, AssignmentGrade]] = field(default_factory=dict)
    sources: dict[str, Source] = field(default_factory=dict)

    def grade(self, student: str, assignment: str) -> AssignmentGrade | None:
        return self.grades.get(student, {}).get(assignment)

    def students(self) -> list[str]:
        return list(self.grades)


def _complete(folder: Path, batch) -> None:
    """GradebookError when a student ``batch``'s run graded has no grade left to read."""
    gone = [sid for sid, why in batch.plan.why.items() if why == ["missing"]]
    if gone:
        raise GradebookError(
            f"{folder / gone[0]}: its grade is missing or unreadable, though run "
            f"{batch.run['run']} of {batch.assignment.name} graded {gone[0]}; grade again "
            f"(autograde grade ... --out {folder})")


def collect(out_dirs) -> CourseGradebook:
    """The course gradebook of ``out_dirs`` (see the module docstring)."""
    book = CourseGradebook()
    order = list(course.assignments())
    found: list[tuple[str, list]] = []
    for out in map(Path, out_dirs):
        if not out.is_dir():
            raise GradebookError(f"no such folder: {out}")
        folders = classview.output_folders(out)
        if not folders:
            raise GradebookError(f"no grading output in {out} (the --out folder of "
                                 "`autograde grade`)")
        for folder in folders:
            try:
                batches = recorded_batches(folder)
            except ValueError as exc:      # ManualError: its file, line and column
                raise GradebookError(str(exc)) from None
            for batch in batches:
                _complete(folder, batch)
                name = batch.assignment.name
                if name in book.sources:
                    raise GradebookError(f"{name} is graded in {book.sources[name].folder} "
                                         f"and in {folder}: pass the output folder that "
                                         "counts, not both")
                book.sources[name] = Source(folder, batch.run["run"])
                found.append((name, list(batch.grades)))
    for name, grades in sorted(found, key=lambda f: (order.index(f[0]) if f[0] in order
                                                     else len(order), f[0])):
        book.assignments.append(name)
        ideas: dict[str, float] = {}
        for graded in grades:
            groups = graded.by_group()          # public checks are worth nothing: left out
            for idea, (_, points) in groups.items():
                ideas[idea] = max(ideas.get(idea, 0.0), points)
            book.grades.setdefault(graded.submission, {})[name] = AssignmentGrade(
                graded.score, graded.max_score, {g: score for g, (score, _) in groups.items()})
            book.max_scores[name] = max(book.max_scores.get(name, 0.0), graded.max_score)
        book.ideas[name] = ideas
    return book
