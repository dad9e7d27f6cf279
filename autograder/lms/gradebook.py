"""One course gradebook: every student's grade of every assignment, from the output folders
of any number of grade runs (``autograde export OUT_DIR...``).

For each output folder (and each folder of such folders, as ``autograde report`` reads
them) and each assignment graded there, the **latest run** counts, with the scores a
person gave in that folder's ``manual.csv`` merged in as it reads now (the same merge as
``autograde report``: :mod:`autograder.review.manual`; nothing is written). Each student's
grade is its ``results.json``'s: the score, the maximum, and the points per idea (test
group) worth points. An assignment graded in two output folders is refused: which one
counts is for the course to say, by passing one.

:class:`CourseGradebook` is what the writers (:mod:`autograder.lms.export`) put in a file;
a roster student with no grade of an assignment has none there (not 0).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from autograder.authoring import course
from autograder.review import classview, manual, regrade


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


def _records(folder: Path, name: str, run: dict) -> list[tuple[str, dict]]:
    """(student, results.json with manual.csv merged) of every student of ``run``."""
    students = [e["id"] for e in run["students"]]
    try:
        assignment = course.get(name)
        scores = manual.load(folder, assignment, {e["id"] for r in regrade.runs(folder, name)
                                                  for e in r["students"]} | set(students))
        known = manual.questions(assignment)
    except ValueError as exc:          # ManualError included: its file, line and column
        raise GradebookError(str(exc)) from None
    records = []
    for entry in run["students"]:
        path = regrade.student_folder(folder, entry["id"], entry.get("graded_in", "")) \
            / "results.json"
        try:
            data = json.loads(path.read_text())
        except (OSError, ValueError):
            raise GradebookError(f"{path}: missing or unreadable, though run {run['run']} of "
                                 f"{name} graded {entry['id']}; grade again (autograde grade "
                                 f"... --out {folder})") from None
        records.append((entry["id"], manual.merge_record(data, entry["id"], known, scores)
                        if known else data))
    return records


def collect(out_dirs) -> CourseGradebook:
    """The course gradebook of ``out_dirs`` (see the module docstring)."""
    book = CourseGradebook()
    order = list(course.assignments())
    found: list[tuple[str, Path, dict]] = []
    for out in map(Path, out_dirs):
        if not out.is_dir():
            raise GradebookError(f"no such folder: {out}")
        folders = classview.output_folders(out)
        if not folders:
            raise GradebookError(f"no grading output in {out} (the --out folder of "
                                 "`autograde grade`)")
        for folder in folders:
            for name in classview.assignments_in(folder):
                recorded = regrade.runs(folder, name)
                run = recorded[-1] if recorded else classview.unrecorded_run(folder, name)
                if run:
                    found.append((name, folder, run))
    for name, folder, run in found:
        if name in book.sources:
            raise GradebookError(f"{name} is graded in {book.sources[name].folder} and in "
                                 f"{folder}: pass the output folder that counts, not both")
        book.sources[name] = Source(folder, run["run"])
    for name, folder, run in sorted(found, key=lambda f: (order.index(f[0]) if f[0] in order
                                                          else len(order), f[0])):
        book.assignments.append(name)
        ideas: dict[str, float] = {}
        for sid, data in _records(folder, name, run):
            rec = classview.record(data, sid)
            per: dict[str, float] = {}
            worth: dict[str, float] = {}
            for t in rec["tests"]:
                if t["max_score"]:              # public checks are worth nothing: left out
                    per[t["idea"]] = per.get(t["idea"], 0.0) + t["score"]
                    worth[t["idea"]] = worth.get(t["idea"], 0.0) + t["max_score"]
            for idea, points in worth.items():
                ideas[idea] = max(ideas.get(idea, 0.0), points)
            book.grades.setdefault(sid, {})[name] = AssignmentGrade(
                rec["score"], rec["max_score"], per)
            book.max_scores[name] = max(book.max_scores.get(name, 0.0), rec["max_score"])
        book.ideas[name] = ideas
    return book
