"""Canvas's gradebook, filled in for its import (``--to canvas --canvas-export FILE``).

The instructor downloads the course's gradebook (Grades → Export: a CSV file); we fill the
cells of the assignment columns that are ours for the roster's students and write the file
back for Grades → Import. What Canvas's importer does with such a file (its guides, and its
source, ``lib/gradebook_importer.rb``), and what is done here:

* The header is row 1: ``Student``, ``ID``, then ``SIS User ID``, ``SIS Login ID`` (and
  maybe ``Integration ID``, ``Root Account``), then ``Section``; checked as Canvas checks it.
* An assignment column is headed ``Title (123)``: the number is Canvas's assignment id,
  which the importer matches first. Ours is the column whose title is the assignment's name
  (``grpo (1234)``), or the header given (``--column grpo="GRPO homework (1234)"``). No
  column is added: a column Canvas does not know becomes a **new** assignment.
* A row is a student, matched by the numbers Canvas matches first (:func:`match`): ``ID``
  (our roster's ``canvas_id``), or for a roster row without one ``SIS User ID``, ``SIS
  Login ID``; never the name. Rows Canvas treats as special (``Points Possible``,
  ``Muted``, the ``Manual Posting`` row, blank) are kept as they are.
* A blank cell where Canvas holds a grade removes the grade. So a roster student with no
  grade (no submission) keeps the cell the export had (``--missing zero``: 0 where the cell
  is blank), and so does every student not on the roster; every other column is written
  back byte for byte. A cell Canvas exported as ``N/A`` (the assignment is not given to the
  student: Canvas ignores a score there) or ``EX`` (excused: a score lifts it), and the
  cells of a column posting manually (a score there is hidden until posted) are left as
  they are and each grade of ours for them named (``--overwrite excused`` or
  ``manual-posting`` writes it). Every cell is counted: written, unchanged, kept (no grade
  of ours) or refused (:class:`~autograder.lms.gradebook.Placed`).
* The separator is the export's: ``;`` when it gives more fields than ``,`` on each of the
  first three lines, as Canvas decides. Scores are written as the export writes them
  (``9.00``, a point; Canvas reads a decimal comma too). Canvas never changes an
  assignment's points possible on import: a score above them is taken as it is, so the
  command says where our maximum is not Canvas's.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from autograder.lms.gradebook import CourseGradebook, Placed
from autograder.lms.roster import RosterError, csv_rows, delimiter_of, special
from autograder.records.roster import Roster, RosterStudent
from autograder.report.csvsafe import Verbatim, write_csv

ASSIGNMENT = re.compile(r"^(?P<title>.*) \((?P<id>\d+)\)$")
#: headers the importer leaves alone (totals), as its source tests them
TOTALS = re.compile(r"Current Score|Final Score|Unposted|Points|Grade")


class CanvasError(ValueError):
    """The file is not a Canvas gradebook export, or our columns cannot be found."""


@dataclass
class Filled:
    """What :func:`fill` did."""
    header: list[str]
    rows: list[list[str]]
    columns: dict[str, int]                 #: assignment -> its column
    delimiter: str = ","                    #: the export's, kept
    placed: Placed = field(default_factory=Placed)
    notes: list[str] = field(default_factory=list)


def student_block(path: Path, header: list[str]) -> int:
    """The index of ``Section`` (the columns before it are the student's), checked as
    Canvas's importer checks the header."""
    if len(header) <= 3 or "Student" not in header[0] or "ID" not in header[1]:
        raise CanvasError(f"{path}, line 1: not a Canvas gradebook export (its header begins "
                          "Student, ID, ...: download it from Grades → Export)")
    for k in range(2, min(len(header), 7)):
        if "Section" in header[k]:
            return k
    raise CanvasError(f"{path}, line 1: no Section column after the student's (Canvas would "
                      "refuse the file: \"Invalid header row\")")


def find_columns(path: Path, header: list[str], section: int, assignments: list[str],
                 given: dict[str, str]) -> dict[str, int]:
    """Each assignment's column: the one headed ``given[name]``, else the assignment column
    whose title is the name (case aside)."""
    columns = {}
    for name in assignments:
        if name in given:
            if given[name] not in header:
                raise CanvasError(f"{path}, line 1: no column {given[name]!r} (--column "
                                  f"{name}=...: the header, as the export writes it)")
            columns[name] = header.index(given[name])
            continue
        hits = [k for k, h in enumerate(header) if k > section and not TOTALS.search(h)
                and (m := ASSIGNMENT.match(h.strip())) and m["title"].strip().lower() == name.lower()]
        if len(hits) > 1:
            raise CanvasError(f"{path}, line 1: {len(hits)} columns are titled {name} ("
                              + ", ".join(header[k] for k in hits) + f"): give one with "
                              f"--column {name}=HEADER")
        if hits:
            columns[name] = hits[0]
    return columns


def match(row: list[str], at: dict[str, int], roster: Roster) -> RosterStudent | None:
    """The roster student of a row, by the numbers Canvas keeps, never by the name: the row's
    ``ID`` (Canvas's user id, which its import matches first and alone when it is there) is
    the roster's ``canvas_id``; a roster row without one is matched by ``SIS User ID``, then
    ``SIS Login ID``. A roster student whose ``canvas_id`` is another row's never matches."""
    def cell(column: str) -> str:
        k = at.get(column)
        return row[k].strip() if k is not None and k < len(row) else ""

    uid = cell("canvas_id")
    hits = [s for s in roster.students if uid and s.canvas_id == uid]
    for column in ("sis_user_id", "sis_login_id"):
        if not hits and cell(column):
            hits = [s for s in roster.students if not s.canvas_id
                    and getattr(s, column) == cell(column)]
    return hits[0] if hits else None


#: the cells a Canvas export writes that are not a score (``lib/gradebook_exporter.rb``):
#: ``N/A``, the assignment is not given to the student (Canvas ignores a grade there);
#: ``EX``, the student is excused (a score there lifts the excusal)
NOT_ASSIGNED, EXCUSED = "N/A", "EX"
#: what ``--overwrite`` may allow: a score over ``EX``, a score in a manually posted column
OVERWRITE = ("excused", "manual-posting")


def number_in(cell: str) -> float | None:
    """The score a Canvas cell holds (a decimal comma read as Canvas reads it), or None."""
    try:
        return float(cell.strip().replace(",", "."))
    except ValueError:
        return None


def fill(path: Path, book: CourseGradebook, roster: Roster, given: dict[str, str] | None = None,
         missing_zero: bool = False, overwrite: tuple[str, ...] = ()) -> Filled:
    """The export in ``path`` with our assignments' cells filled (see the module docstring);
    ``overwrite``: the cells of :data:`OVERWRITE` a score may be written in."""
    path = Path(path)
    delimiter = delimiter_of(path)
    try:
        rows = csv_rows(path, "Canvas gradebook export", delimiter)
    except RosterError as exc:
        raise CanvasError(str(exc)) from None
    header = rows[0][1]
    section = student_block(path, header)
    given = dict(given or {})
    unknown = sorted(set(given) - set(book.assignments))
    if unknown:
        raise CanvasError(f"--column {unknown[0]}=...: {unknown[0]} is not graded in the "
                          f"output folders (graded: {', '.join(book.assignments)})")
    columns = find_columns(path, header, section, book.assignments, given)
    at = {"canvas_id": 1, "name": 0}
    for column, title in (("sis_user_id", "SIS User ID"), ("sis_login_id", "SIS Login ID")):
        if title in header[:section]:
            at[column] = header.index(title)
    out = [[Verbatim(c) for c in row] for _, row in rows[1:]]
    ids, placed = book.placement(roster)
    done = Filled([Verbatim(h) for h in header], out, columns, delimiter=delimiter,
                  placed=placed)
    manual = {k for row in out if special(row) for k in columns.values()
              if k < len(row) and row[k].strip().startswith("Manual Posting")}
    seen: set[str] = set()
    for row in out:
        if special(row):
            continue
        student = match(row, at, roster)
        if student is None:
            continue
        seen.add(student.id)
        for name, k in columns.items():
            grade = book.grade(ids.get(student.id, ""), name)
            row += [Verbatim("")] * (k + 1 - len(row))
            _place(done, row, k, name, student.id, grade, missing_zero, overwrite, k in manual)
    left = [n for n in book.assignments if n not in columns]
    for name in left:
        placed.refused += [f"{sid} ({name}): no Canvas column for {name}" for sid in ids
                           if book.grade(ids[sid], name)]
    if left:
        done.notes.append("no Canvas column for " + ", ".join(left) + " (create the assignment "
                          "in Canvas and export again, or name its column: --column NAME=HEADER)")
    for s in roster.students:
        if s.id not in seen:
            placed.refused += [f"{s.id} ({name}): on the roster, not in the Canvas export"
                               for name in columns if book.grade(ids.get(s.id, ""), name)]
    points = next((row for row in out if row and "Points Possible" in row[0]), None)
    for name, k in columns.items():
        theirs = number_in(points[k]) if points and k < len(points) else None
        if theirs is not None and abs(theirs - book.max_scores[name]) > 1e-9:
            done.notes.append(f"{name}: Canvas's points possible are {theirs:g}, ours "
                              f"{book.max_scores[name]:g} (Canvas keeps its own; set them "
                              "to ours in Canvas, or the scores read on its scale)")
    return done


def _place(done: Filled, row: list, k: int, name: str, sid: str, grade, missing_zero: bool,
           overwrite: tuple[str, ...], manual: bool) -> None:
    """One cell: our grade written, or the cell kept as Canvas exported it, and why."""
    placed, cell = done.placed, row[k].strip()
    if grade is None and not (missing_zero and cell == ""):
        placed.kept += 1                    # a blank would remove Canvas's grade: never
        return
    score = grade.score if grade else 0.0
    why = ""
    if cell.upper() == NOT_ASSIGNED:
        why = f"{NOT_ASSIGNED}: Canvas does not assign {name} to the student and ignores a score"
    elif cell.upper() == EXCUSED and "excused" not in overwrite:
        why = f"{EXCUSED}: excused in Canvas, a score would lift it (--overwrite excused)"
    elif manual and "manual-posting" not in overwrite:
        why = ("Manual Posting: the column posts manually; a score is hidden until posted "
               "(--overwrite manual-posting)")
    if why:
        placed.refused.append(f"{sid} ({name}): {why}")
        return
    value = number_in(cell)
    if value is not None and round(value, 2) == round(score, 2):
        placed.unchanged += 1
        return
    row[k] = f"{score:.2f}"
    placed.written += 1


def write(out: Path, filled: Filled) -> Path:
    """The filled gradebook, for Canvas's Grades → Import."""
    return write_csv(out, filled.header, filled.rows, filled.delimiter)
