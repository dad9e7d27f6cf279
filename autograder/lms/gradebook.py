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
from autograder.engine.discover import CLASH
from autograder.records.roster import Roster, id_key
from autograder.records.submitted import Submitted
from autograder.review import classview


class GradebookError(ValueError):
    """The output folders cannot make one gradebook (what to do is in the message)."""


@dataclass(frozen=True)
class AssignmentGrade:
    """A student's grade of one assignment: score, maximum, points per idea, and how the
    LMS handed the submission in (where ``autograde collect`` read it)."""
    score: float
    max_score: float
    ideas: dict[str, float] = field(default_factory=dict)
    submitted: Submitted | None = None


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

    def placement(self, roster: Roster) -> tuple[dict[str, str], Placed]:
        """Each roster id's graded id (compared as the grader compares folder names:
        :func:`~autograder.records.roster.id_key`), and a :class:`Placed` refusing every
        grade of a graded id that is on no roster row: a student the roster lacks, or a
        folder graded under a clash id (``bob~clash1``: :func:`autograder.engine.discover.
        students`) until the roster names it."""
        graded = {id_key(g): g for g in self.grades}
        ids = {s.id: graded[id_key(s.id)] for s in roster.students if id_key(s.id) in graded}
        placed = Placed()
        for gid in self.grades:
            if gid in ids.values():
                continue
            why = ("a clash of folder names (autograde grade named them): say who it is by "
                   "its id on the roster, or rename the folders and grade again"
                   if CLASH in gid else "not on the roster")
            placed.refused += [f"{gid} ({name}): {why}" for name in self.grades[gid]]
        return ids, placed


@dataclass
class Placed:
    """What an export did with the grades it was given, cell by cell: ``written`` (a grade
    where the LMS holds another value or none), ``unchanged`` (the LMS holds that grade
    already), ``kept`` (no grade of ours: the cell as the LMS has it), ``refused`` (a grade
    of ours not placed, each with why). The command says all four and fails on a refusal."""
    written: int = 0
    unchanged: int = 0
    kept: int = 0
    refused: list[str] = field(default_factory=list)

    def summary(self) -> str:
        return (f"cells: {self.written} written, {self.unchanged} unchanged, {self.kept} kept "
                f"(no grade of ours), {len(self.refused)} refused")


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
                graded.score, graded.max_score, {g: score for g, (score, _) in groups.items()},
                graded.submitted)
            book.max_scores[name] = max(book.max_scores.get(name, 0.0), graded.max_score)
        book.ideas[name] = ideas
    return book
