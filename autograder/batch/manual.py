"""Scores a person gives: ``OUT/manual.csv``, merged into the grades on every ``grade`` and
``report``.

An assignment's written answers (``[[answers.written]]`` of its registry) are collected by
the grade: ``results.json`` keeps each student's text and a digest of it, the class page shows
every answer beside its question, and each is a test worth its points, 0 until scored. A TA
scores them in one file of the output folder::

    student,question,points,comment,answer
    alice,table-step4-why,1,clear: the advantages sum to zero,3f2a9c0d11e4
    bob,table-step4-why,,,8b1e07aa5c2d

* ``autograde grade`` writes it when it is not there (through the one CSV writer,
  :func:`autograder.report.csvsafe.write_csv`): one row per student and written question of
  the grade, ``points`` and ``comment`` empty, ``answer`` the digest of the answer the row
  is about. The TA fills in points (blank: not scored yet) and comments; the grader never
  writes the file again (a student added later gets a row by hand, digest optional).
* Every ``grade`` and ``report`` reads it strictly (:func:`read`, before anything is graded):
  one unknown student or question, a point count that is not a number or is out of range, a
  row scored twice or a malformed line stops the command with one message naming the file,
  the line and the column.
* :func:`marks` turns its scores into :class:`~autograder.records.grades.Mark` records,
  which the batch (:class:`autograder.batch.Batch`) merges into each grade in memory
  (:meth:`~autograder.records.grades.Graded.with_marks`: the test's score, status and
  output) before anything of it is written: the engine merges a student graded now before
  their ``results.json`` is written; a grade reused gets them too, its ``results.json``
  updated only when they changed. The ``gradebook.csv``, the JSON the command prints and
  the class page take the grades merged. A regrade keeps the scores (they live in the file,
  not in a grade). A score whose row's digest is not the digest of the answer now graded is
  **stale**: the student changed the answer after it was scored. It still counts, and the
  feedback, the class page and ``results.json`` say it must be looked at again.

On the nbgrader route a written answer stays with nbgrader's formgrader (docs/nbgrader.md).
"""
from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass
from pathlib import Path

from autograder.authoring.course import Assignment
from autograder.records.grades import Graded, Mark
from autograder.report import MANUAL
from autograder.report.csvsafe import cell_text, header_problem, write_csv

COLUMNS = ("student", "question", "points", "comment", "answer")
REQUIRED = COLUMNS[:4]
#: the most of the file read: a class of a thousand with five questions and long comments
#: is about a megabyte
MAX_BYTES = 16 << 20


class ManualError(ValueError):
    """``OUT/manual.csv`` is not what it must be: the file, the line and the column."""


@dataclass(frozen=True)
class Question:
    """A written question as the file names it (its cell) and the test it scores."""
    cell: str
    test: str          #: the test's name in a grade: ``"written answers: step 4, why ..."``
    points: float


@dataclass(frozen=True)
class ManualScore:
    """One row of the file: a score (None: not scored yet), a comment, the digest of the
    answer scored ("" when the row does not say), and the line it is on."""
    student: str
    question: str
    points: float | None
    comment: str
    answer: str
    line: int


def questions(assignment: Assignment) -> dict[str, Question]:
    """The written questions of ``assignment``, by cell."""
    sheet = assignment.answers
    return {w.cell: Question(w.cell, f"{sheet.written_idea}: {w.title}", w.points)
            for w in sheet.written}


def read(path: Path, known: dict[str, Question], students) -> dict[tuple[str, str], ManualScore]:
    """The scores of ``path`` by (student, question), every cell checked (see the module
    docstring); ManualError names the first problem's file, line and column."""
    path = Path(path)
    data = path.read_bytes()[:MAX_BYTES + 1]
    if len(data) > MAX_BYTES:
        raise ManualError(f"{path}: larger than {MAX_BYTES >> 20} MB; is it the right file?")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ManualError(f"{path}: not UTF-8 text (byte {exc.start}); save it as CSV, UTF-8")
    reader = csv.reader(io.StringIO(text, newline=""))
    students = set(students)
    try:
        header = next(reader, None)
        if header is None:
            raise ManualError(f"{path}, line 1: empty; the first line names the columns "
                              f"({', '.join(COLUMNS)})")
        header = [h.strip() for h in header]
        wrong = header_problem(header, COLUMNS, f"a column of {MANUAL}")
        if wrong:
            raise ManualError(f"{path}, {wrong}")
        missing = [c for c in REQUIRED if c not in header]
        if missing:
            raise ManualError(f"{path}, line 1: no column {missing[0]!r} (the columns: "
                              f"{', '.join(COLUMNS)})")
        scores: dict[tuple[str, str], ManualScore] = {}
        for row in reader:
            if not any(cell.strip() for cell in row):
                continue
            score = _row(path, reader.line_num, header, row, known, students)
            key = (score.student, score.question)
            if key in scores:
                raise ManualError(f"{path}, line {score.line}: {score.student}'s "
                                  f"{score.question} is already on line {scores[key].line}")
            scores[key] = score
    except csv.Error as exc:
        raise ManualError(f"{path}, line {reader.line_num}: not CSV ({exc})") from None
    return scores


def _row(path, line, header, row, known, students) -> ManualScore:
    if len(row) > len(header):
        raise ManualError(f"{path}, line {line}, column {len(header) + 1}: more cells than the "
                          f"{len(header)} columns of line 1")
    cells = dict(zip(header, [c.strip() for c in row] + [""] * (len(header) - len(row))))

    def where(name: str) -> str:
        return f"{path}, line {line}, column {header.index(name) + 1} ({name})"

    student, question = cell_text(cells["student"]), cells["question"]
    if student not in students:
        raise ManualError(f"{where('student')}: unknown student {student!r} (not graded in "
                          "this output folder)")
    if question not in known:
        raise ManualError(f"{where('question')}: unknown question {question!r} (the written "
                          f"questions: {', '.join(known) or 'none'})")
    points = None
    if cells["points"]:
        try:
            points = float(cells["points"])
        except ValueError:
            raise ManualError(f"{where('points')}: {cells['points']!r} is not a number "
                              "(a point like 0.5, or blank: not scored yet)") from None
        worth = known[question].points
        if not (math.isfinite(points) and 0 <= points <= worth):
            raise ManualError(f"{where('points')}: {cells['points']} is out of range (0 to "
                              f"{worth:g} for {question})")
    return ManualScore(student, question, points, cell_text(cells["comment"]),
                       cells.get("answer", ""), line)


def load(out: Path, assignment: Assignment, students) -> dict[tuple[str, str], ManualScore]:
    """The scores of ``OUT/manual.csv`` for ``assignment`` ({} when it has no written
    questions or the file is not there); ``students``: every student the folder grades."""
    path = Path(out) / MANUAL
    if not assignment.answers.written or not path.is_file():
        return {}
    return read(path, questions(assignment), students)


def marks(known: dict[str, Question], scores: dict[tuple[str, str], ManualScore]
          ) -> dict[str, tuple[Mark, ...]]:
    """The scores of ``scores`` that give points, as :class:`Mark` records by student: what
    a grade merges (:meth:`Graded.with_marks`; a row left blank is no mark); ``known``:
    the assignment's :func:`questions`."""
    found: dict[str, list[Mark]] = {}
    for (sid, cell), score in scores.items():
        if score.points is not None and cell in known:
            found.setdefault(sid, []).append(
                Mark(known[cell].test, score.points, score.comment, score.answer))
    return {sid: tuple(given) for sid, given in found.items()}


def write_template(out: Path, assignment: Assignment, grades: list[Graded]) -> Path | None:
    """``OUT/manual.csv`` with one row to fill in per student and written question, when it
    is not there yet (``grades``: the class's, their written answers' digests)."""
    path = Path(out) / MANUAL
    if not assignment.answers.written or path.exists() or path.is_symlink():
        return None
    rows = []
    for graded in grades:
        digests = {w.cell: w.digest for w in graded.written}
        rows += [[graded.submission, cell, "", "", digests.get(cell, "")]
                 for cell in questions(assignment)]
    return write_csv(path, list(COLUMNS), rows)
