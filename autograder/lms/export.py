"""The course gradebook as our own CSV (``--to csv``); Canvas's import is
:mod:`autograder.lms.canvas`, Moodle's :mod:`autograder.lms.moodle`.

``--to csv``: one row per roster student, in the roster's order: ``student`` (the grader's
id), ``name``, ``email``, one column per assignment (in the registry's order) and, with
``--ideas``, one per idea of each (``grpo: group advantages``); where the submissions were
collected from an LMS download, ``grpo: late`` and ``grpo: submitted`` (as the LMS said:
:class:`~autograder.records.submitted.Submitted`); then ``total``. The first row under the
header is ``points possible``, each column's maximum. A student with no grade of an
assignment has an empty cell (not 0; ``--missing zero`` says 0). A grade of a graded id on
no roster row is refused (named; :meth:`~autograder.lms.gradebook.CourseGradebook.
placement`). Written through the one CSV writer
(:func:`autograder.report.csvsafe.write_csv`): formula-safe.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from autograder.lms.gradebook import CourseGradebook, Placed
from autograder.records.roster import Roster
from autograder.report.csvsafe import write_csv


@dataclass
class Written:
    """A file written, what became of each grade, and what the command says of it."""
    path: Path
    placed: Placed = field(default_factory=Placed)
    notes: list[str] = field(default_factory=list)


def number(x: float) -> str:
    """A score as the LMS reads it: a point, at most four decimals, no exponent."""
    text = f"{x:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


#: the columns of an assignment whose submissions came from an LMS download
HANDED_IN = ("late", "submitted")


def _value(grade, missing_zero: bool, idea=None) -> str:
    if idea in HANDED_IN:
        handed = grade.submitted if grade else None
        return (handed.status if idea == "late" else handed.at) if handed else ""
    if grade is None:
        return "0" if missing_zero else ""
    return number(grade.score if idea is None else grade.ideas.get(idea, 0.0))


def course_csv(path: Path, book: CourseGradebook, roster: Roster, ideas: bool = False,
               missing_zero: bool = False) -> Written:
    """``--to csv`` (see the module docstring)."""
    columns: list[tuple[str, str | None]] = []
    for name in book.assignments:
        columns.append((name, None))
        if ideas:
            columns += [(name, idea) for idea in book.ideas.get(name, {})]
        if any(g.get(name) and g[name].submitted for g in book.grades.values()):
            columns += [(name, what) for what in HANDED_IN]
    header = ["student", "name", "email"] + [n if i is None else f"{n}: {i}" for n, i in columns] \
        + ["total"]
    maxima = ["" if i in HANDED_IN else number(book.max_scores[n] if i is None
                                                else book.ideas[n][i]) for n, i in columns]
    rows = [["points possible", "", ""] + maxima + [number(sum(book.max_scores.values()))]]
    ids, placed = book.placement(roster)
    for s in roster.students:
        mine = {n: book.grade(ids.get(s.id, ""), n) for n in book.assignments}
        cells = [_value(mine[n], missing_zero, i) for n, i in columns]
        graded = [g for g in mine.values() if g]
        placed.written += len(graded)
        placed.kept += len(mine) - len(graded)
        total = number(sum(g.score for g in graded)) if graded or missing_zero else ""
        rows.append([s.id, s.name, s.email] + cells + [total])
    return Written(write_csv(path, header, rows), placed=placed)
