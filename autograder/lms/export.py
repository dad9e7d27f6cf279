"""The course gradebook as files: our own CSV (``--to csv``) and Moodle's grade import
(``--to moodle``); Canvas's is :mod:`autograder.lms.canvas`.

``--to csv``: one row per roster student, in the roster's order: ``student`` (the grader's
id), ``name``, ``email``, one column per assignment (in the registry's order) and, with
``--ideas``, one per idea of each (``grpo: group advantages``), then ``total``. The first
row under the header is ``points possible``, each column's maximum. A student with no grade
of an assignment has an empty cell (not 0; ``--missing zero`` says 0). Written through the
one CSV writer (:func:`autograder.report.csvsafe.write_csv`): formula-safe.

``--to moodle``: Moodle's *Import grades → CSV file* (Moodle Docs, "Grade import"): comma
separated, UTF-8, a header line, one identifier column that the teacher maps ("Map from")
to a user field ("Map to": ``useremail``, ``useridnumber`` or ``username``), then one
column per assignment, each mapped by hand to its grade item; a ``Name`` column for the
reader (left on *Ignore*). Moodle's importer stops the whole import on one identifier it
does not know and sends a blank identifier's grades to the previous row's user, so only
roster students with the identifier and at least one grade get a row; a blank cell clears
that grade in Moodle (the command says whose). Values are numbers with a point.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from autograder.lms.gradebook import CourseGradebook
from autograder.records.roster import Roster
from autograder.report.csvsafe import write_csv

#: Moodle's user fields an identifier column may map to: roster column -> header written,
#: and the "Map to" choice of Moodle's import form
MOODLE_FIELDS = {"email": ("Email address", "useremail"),
                 "id_number": ("ID number", "useridnumber"),
                 "username": ("Username", "username")}


@dataclass
class Written:
    """A file written, and what the command says of it."""
    path: Path
    notes: list[str] = field(default_factory=list)


def number(x: float) -> str:
    """A score as the LMS reads it: a point, at most four decimals, no exponent."""
    text = f"{x:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _value(book: CourseGradebook, sid: str, name: str, missing_zero: bool, idea=None):
    grade = book.grade(sid, name)
    if grade is None:
        return 0.0 if missing_zero else ""
    return grade.score if idea is None else grade.ideas.get(idea, 0.0)


def course_csv(path: Path, book: CourseGradebook, roster: Roster, ideas: bool = False,
               missing_zero: bool = False) -> Written:
    """``--to csv`` (see the module docstring)."""
    columns: list[tuple[str, str | None]] = []
    for name in book.assignments:
        columns.append((name, None))
        if ideas:
            columns += [(name, idea) for idea in book.ideas.get(name, {})]
    header = ["student", "name", "email"] + [n if i is None else f"{n}: {i}" for n, i in columns] \
        + ["total"]
    maxima = [number(book.max_scores[n] if i is None else book.ideas[n][i]) for n, i in columns]
    rows = [["points possible", "", ""] + maxima + [number(sum(book.max_scores.values()))]]
    for s in roster.students:
        cells = [_value(book, s.id, n, missing_zero, i) for n, i in columns]
        graded = [book.grade(s.id, n) for n in book.assignments]
        total = number(sum(g.score for g in graded if g)) if any(graded) or missing_zero else ""
        rows.append([s.id, s.name, s.email] + [c if c == "" else number(c) for c in cells]
                    + [total])
    return Written(write_csv(path, header, rows))


def moodle_csv(path: Path, book: CourseGradebook, roster: Roster, by: str = "email",
               missing_zero: bool = False) -> Written:
    """``--to moodle`` (see the module docstring); ``by``: the roster column identifying
    the student (a key of :data:`MOODLE_FIELDS`)."""
    title, map_to = MOODLE_FIELDS[by]
    header = [title, "Name"] + list(book.assignments)
    rows, notes, no_id, nothing, cleared = [], [], [], [], []
    for s in roster.students:
        if not getattr(s, by):
            no_id.append(s.id)
            continue
        grades = [book.grade(s.id, n) for n in book.assignments]
        if not any(grades) and not missing_zero:
            nothing.append(s.id)
            continue
        cleared += [f"{s.id} ({n})" for n, g in zip(book.assignments, grades)
                    if g is None and not missing_zero]
        rows.append([getattr(s, by), s.name] + [number(g.score) if g else
                                            ("0" if missing_zero else "")
                                            for g in grades])
    notes.append(f"Moodle: Grades → Import → CSV file, separator comma, encoding UTF-8; map "
                 f"from {title!r} to {map_to!r}; map each assignment column to its grade item "
                 "(maximum: " + ", ".join(f"{n} {book.max_scores[n]:g}" for n in book.assignments)
                 + ")")
    if no_id:
        notes.append(f"left out, no {by} on the roster (Moodle could not tell who they are): "
                     + ", ".join(no_id))
    if nothing:
        notes.append("left out, no grade of any assignment: " + ", ".join(nothing))
    if cleared:
        notes.append("blank cells (no submission), which clear a grade Moodle holds: "
                     + ", ".join(cleared))
    return Written(write_csv(path, header, rows), notes)
