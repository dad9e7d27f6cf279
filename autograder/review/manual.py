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
* :func:`apply` merges it into each student's ``results.json`` (the test's score, status and
  output, the total) and into the grades the command then writes to ``gradebook.csv``, the
  JSON it prints and the class page. A regrade keeps the scores (they live in the file, not
  in a grade). A score whose row's digest is not the digest of the answer now graded is
  **stale**: the student changed the answer after it was scored. It still counts, and the
  feedback, the class page and ``results.json`` say it must be looked at again.

On the nbgrader route a written answer stays with nbgrader's formgrader (docs/nbgrader.md).
"""
from __future__ import annotations

import copy
import csv
import io
import json
import math
from dataclasses import dataclass
from pathlib import Path

from autograder.authoring.course import Assignment
from autograder.records.grades import Graded
from autograder.report import GRADEBOOK, MANUAL, write_gradebook
from autograder.report.csvsafe import cell_text, write_csv

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
        for k, name in enumerate(header, 1):
            if name not in COLUMNS or header.index(name) != k - 1:
                raise ManualError(f"{path}, line 1, column {k} ({name!r}): "
                                  + ("named twice" if name in COLUMNS else
                                     f"not a column of {MANUAL} ({', '.join(COLUMNS)})"))
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


def write_template(out: Path, assignment: Assignment, records: list[dict]) -> Path | None:
    """``OUT/manual.csv`` with one row to fill in per student and written question, when it
    is not there yet (``records``: each student's ``results.json``)."""
    path = Path(out) / MANUAL
    if not assignment.answers.written or path.exists() or path.is_symlink():
        return None
    rows = []
    for sid, data in records:
        answers = {w.get("cell"): w for w in (data.get("extra_data") or {}).get("written", [])}
        for cell in questions(assignment):
            rows.append([sid, cell, "", "", (answers.get(cell) or {}).get("digest", "")])
    return write_csv(path, list(COLUMNS), rows)


def scored_text(score: ManualScore, worth: float, stale: bool) -> str:
    """A written answer's feedback once a person scored it."""
    text = f"scored {score.points:g} / {worth:g} by a person"
    text += f": {score.comment}" if score.comment else ""
    if stale:
        text += ("\n(scored for an earlier version of this answer, which changed since: a "
                 "person will look at it again)")
    return text


def merge_record(data: dict, sid: str, known: dict[str, Question],
                 scores: dict[tuple[str, str], ManualScore]) -> dict:
    """A student's ``results.json`` with the scores of ``scores`` in its written answers'
    tests (and the total); the text each had when graded is kept, so a score taken out of the
    file again restores it."""
    data = copy.deepcopy(data)
    by_test = {q.test: q for q in known.values()}
    digests = {w.get("cell"): w.get("digest", "")
               for w in (data.get("extra_data") or {}).get("written", [])}
    for t in data.get("tests", []):
        extra = t.get("extra_data") or {}
        question = by_test.get(t.get("name"))
        if "manual" not in extra or question is None:
            continue
        received = extra["manual"].get("received", t.get("output", ""))
        score = scores.get((sid, question.cell))
        if score is None or score.points is None:
            t.update(score=0.0, status="failed", output=received)
            extra["manual"] = {"scored": False, "received": received}
        else:
            stale = bool(score.answer) and score.answer != digests.get(question.cell, "")
            t.update(score=score.points, output=scored_text(score, question.points, stale),
                     status="passed" if score.points >= question.points else "failed")
            extra["manual"] = {"scored": True, "points": score.points, "comment": score.comment,
                               "stale": stale, "received": received}
        t["extra_data"] = extra
    data["score"] = sum(float(t.get("score", 0.0)) for t in data.get("tests", []))
    return data


def merge_result(result: Graded, merged_record: dict) -> Graded:
    """A grade with the written answers' scores of its merged ``results.json``; the grade's
    other attributes (its seconds) are kept."""
    return result.with_scores({t["name"]: (t["score"], t["status"], t["output"])
                               for t in merged_record.get("tests", [])
                               if "manual" in (t.get("extra_data") or {})})


def apply(out: Path, assignment: Assignment, results: list[Graded],
          scores: dict[tuple[str, str], ManualScore], documents: dict | None = None) -> list[Graded]:
    """Merge ``scores`` into the ``results.json`` of each of ``results`` (grades of
    ``assignment`` in ``out``) and return the grades merged; write the file to fill in when
    there is none yet. ``documents`` (a dict, filled here): student -> their ``results.json``
    as merged and written, for the class page to take without reading it again."""
    known = questions(assignment)
    if not known:
        return results
    records = []
    merged = []
    for result in results:
        sid = result.submission
        path = Path(out) / sid / "results.json"
        try:
            data = json.loads(path.read_text())
        except (OSError, ValueError):
            merged.append(result)
            continue
        records.append((sid, data))
        record = merge_record(data, sid, known, scores)
        if documents is not None:
            documents[sid] = record
        if record != data:
            path.write_text(json.dumps(record, indent=2), encoding="utf-8", errors="replace")
        merged.append(merge_result(result, record))
    write_template(out, assignment, records)
    return merged


def refresh(out: Path) -> bool:
    """``autograde report``: merge ``OUT/manual.csv`` into the latest run of every assignment
    graded in ``out`` that has written questions, and write ``gradebook.csv`` again from
    those runs. False (nothing written) when there is no such file; ManualError when it is
    wrong."""
    from autograder.authoring import course
    from autograder.review import classview, regrade

    out = Path(out)
    if not (out / MANUAL).is_file():
        return False
    everything = []
    for name in classview.assignments_in(out):
        recorded = regrade.runs(out, name)
        try:
            assignment = course.get(name)
        except ValueError:
            continue
        if not recorded:
            continue
        students = {e["id"] for run in recorded for e in run["students"]}
        scores = load(out, assignment, students)
        results = []
        for entry in recorded[-1]["students"]:
            folder = regrade.student_folder(out, entry["id"], entry.get("graded_in", ""))
            try:
                entry = json.loads((folder / regrade.CACHE).read_text())
                seconds = json.loads((folder / "results.json").read_text()).get("execution_time")
                results.append(Graded.from_cache(entry, seconds))
            except (OSError, ValueError, KeyError, AttributeError):
                continue
        everything += apply(out, assignment, results, scores)
    write_gradebook(out / GRADEBOOK, everything)
    return True
