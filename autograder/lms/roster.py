"""Reading a roster (``--roster FILE``, :mod:`autograder.records.roster`) strictly, and
making one from the LMS's own export (``autograde roster``).

:func:`read` checks every cell before anything is graded: a column that is not a roster
column or is named twice, a row with more cells than the header, an empty ``id`` or
``name``, an id given twice (after it is made the id a folder of that name is graded under,
:func:`autograder.engine.discover.safe_id`: ``=bob`` meets the grade of a folder ``=bob``,
``_=bob``; and compared as the grader compares folder names,
:func:`autograder.records.roster.id_key`: ``bob`` and ``Bob`` are one id), an e-mail
address without ``@`` or an identifier given to two students (an e-mail address or a
username compared the same way: a student can change the case of their own address, and
Moodle may match it case-blind) stops the command with one message naming the file, the line and the column (as
``OUT/manual.csv`` does: :mod:`autograder.batch.manual`).

:func:`from_canvas` and :func:`from_moodle` read what the instructor downloads from the
LMS (Canvas: Grades → Export; Moodle: Grades → Export → Plain text file) and give the
roster rows, the grader's id taken from the column the course names folders by.
"""
from __future__ import annotations

import csv
import io
from pathlib import Path

from autograder.engine.discover import safe_id
from autograder.records.roster import COLUMNS, REQUIRED, Roster, RosterStudent, id_key
from autograder.report.csvsafe import cell_text, header_problem, write_csv

#: the most of a roster read: ten thousand students are about a megabyte
MAX_BYTES = 16 << 20
#: identifiers an LMS matches a student by: two students may not share one
IDENTIFIERS = ("email", "canvas_id", "sis_user_id", "sis_login_id", "id_number", "username")
#: the columns compared under :func:`~autograder.records.roster.id_key` (the rest exactly)
CASE_BLIND = ("id", "email", "username")


class RosterError(ValueError):
    """A roster (or an LMS export read as one) is not what it must be: file, line, column."""


def csv_rows(path: Path, what: str, delimiter: str = ",") -> list[tuple[int, list[str]]]:
    """The rows of a CSV file with their line numbers (BOM dropped, bounded, UTF-8)."""
    path = Path(path)
    try:
        data = path.read_bytes()[:MAX_BYTES + 1]
    except OSError as exc:
        raise RosterError(f"{path}: cannot read the {what} ({exc.strerror})") from None
    if len(data) > MAX_BYTES:
        raise RosterError(f"{path}: larger than {MAX_BYTES >> 20} MB; is it the {what}?")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RosterError(f"{path}: not UTF-8 text (byte {exc.start}); save the {what} as "
                          "CSV, UTF-8") from None
    reader = csv.reader(io.StringIO(text, newline=""), strict=True, delimiter=delimiter)
    rows = []
    try:
        for row in reader:
            rows.append((reader.line_num, row))
    except csv.Error as exc:
        raise RosterError(f"{path}, line {reader.line_num}: not CSV ({exc})") from None
    if not rows:
        raise RosterError(f"{path}, line 1: empty; the first line names the columns")
    return rows


def delimiter_of(path: Path) -> str:
    """``;`` when it gives strictly more fields than ``,`` on each of the first three lines
    (how Canvas's importer decides; its exports use ``;`` in some locales), else ``,``."""
    try:
        with Path(path).open(encoding="utf-8-sig", errors="replace", newline="") as fh:
            lines = [fh.readline(1 << 16) for _ in range(3)]
    except OSError:
        return ","
    lines = [l for l in lines if l]
    count = lambda d, l: len(next(csv.reader([l], delimiter=d), []))       # noqa: E731
    return ";" if lines and all(count(";", l) > count(",", l) for l in lines) else ","


def read(path: Path) -> Roster:
    """The roster in ``path``, every cell checked (see the module docstring)."""
    path = Path(path)
    rows = csv_rows(path, "roster")
    (_, header), body = rows[0], rows[1:]
    header = [h.strip() for h in header]
    wrong = header_problem(header, COLUMNS, "a roster column")
    if wrong:
        raise RosterError(f"{path}, {wrong}")
    for name in REQUIRED:
        if name not in header:
            raise RosterError(f"{path}, line 1: no column {name!r} (a roster needs "
                              f"{' and '.join(REQUIRED)}; the columns: {', '.join(COLUMNS)})")
    students: list[RosterStudent] = []
    seen: dict[tuple[str, str], tuple[int, str]] = {}
    for line, row in body:
        if not any(c.strip() for c in row):
            continue
        if len(row) > len(header):
            raise RosterError(f"{path}, line {line}, column {len(header) + 1}: more cells than "
                              f"the {len(header)} columns of line 1")
        cells = dict(zip(header, [cell_text(c.strip()) for c in row]
                         + [""] * (len(header) - len(row))))

        def where(name: str) -> str:
            return f"{path}, line {line}, column {header.index(name) + 1} ({name})"

        for name in REQUIRED:
            if not cells[name]:
                raise RosterError(f"{where(name)}: empty ({COLUMNS[name]})")
        # the id a folder of that name is graded under: a folder '=bob' is graded as '_=bob'
        # (engine.discover.safe_id), and its roster row must meet that grade
        cells["id"] = safe_id(cells["id"])[0]
        if cells.get("email") and "@" not in cells["email"]:
            raise RosterError(f"{where('email')}: {cells['email']!r} is not an e-mail address")
        for name in ("id", *IDENTIFIERS):
            value = cells.get(name, "")
            key = (name, id_key(value) if name in CASE_BLIND else value)
            if value and key in seen:
                line_before, before = seen[key]
                same = "" if before == value else f" as {before!r}, once case, Unicode " \
                    "form and surrounding space are set aside"
                raise RosterError(f"{where(name)}: {value!r} is already on line "
                                  f"{line_before}{same} (each student once, each "
                                  "identifier one student's)")
            seen[key] = (line, value)
        students.append(RosterStudent(**cells, line=line))
    return Roster(path, tuple(students))


def load(path) -> Roster | None:
    """``--roster FILE`` as a command has it (None: no roster given)."""
    return read(Path(path)) if path else None


#: the names Canvas gives the test student of "Student view"
TEST_STUDENTS = ("Student, Test", "Test Student")
#: roster column -> the header of Canvas's gradebook export
CANVAS_HEADERS = {"name": "Student", "canvas_id": "ID", "sis_user_id": "SIS User ID",
                  "sis_login_id": "SIS Login ID"}
#: roster column -> the header of Moodle's grade export (plain text file)
MOODLE_HEADERS = {"id_number": "ID number", "email": "Email address", "username": "Username"}


def special(row: list[str]) -> bool:
    """A row of a Canvas gradebook export that Canvas does not read as a student's: blank,
    ``Points Possible``, ``Muted``, or the row under the header saying ``Manual Posting`` in
    the column of each assignment that posts manually (``lib/gradebook_exporter.rb``: its
    first cell is blank)."""
    first = row[0].strip() if row else ""
    return not any(c.strip() for c in row) or "Points Possible" in first or \
        first == "Muted" or any(c.strip().startswith("Manual Posting") for c in row)


def from_export(path: Path, lms: str, id_from: str) -> list[list[str]]:
    """The roster rows (in :data:`COLUMNS` order) of an LMS's own export: Canvas's
    gradebook export (``lms="canvas"``) or Moodle's grade export (``"moodle"``); the
    grader's ``id`` is the value of the roster column ``id_from`` (``sis_login_id``,
    ``email``, ...; an e-mail address gives its part before ``@``)."""
    path = Path(path)
    rows = csv_rows(path, f"{lms} export", delimiter_of(path) if lms == "canvas" else ",")
    (_, header), body = rows[0], rows[1:]
    header = [h.strip() for h in header]
    wanted = CANVAS_HEADERS if lms == "canvas" else MOODLE_HEADERS
    # where each roster column is: the LMS's headers matched exactly, as the LMS writes them
    at = {column: header.index(title) for column, title in wanted.items() if title in header}
    if lms == "moodle":
        for part in ("First name", "Last name"):
            if part not in header:
                raise RosterError(f"{path}, line 1: no column {part!r}: is it Moodle's grade "
                                  "export (Grades → Export → Plain text file)?")
    elif "name" not in at or "canvas_id" not in at:
        raise RosterError(f"{path}, line 1: no columns 'Student' and 'ID': is it Canvas's "
                          "gradebook export (Grades → Export)?")
    if id_from not in at:
        raise RosterError(f"{path}, line 1: no column {wanted.get(id_from, id_from)!r} to take "
                          f"the grader's id from (--id-from: one of {', '.join(at)})")
    out, ids = [], {}
    for line, row in body:
        cell = dict(zip(header, row))
        first = row[0].strip() if row else ""
        if lms == "canvas" and (not first or special(row) or first in TEST_STUDENTS
                                or not cell.get("ID", "").strip()):
            continue    # the export's special rows, and its own test student ("Student view")
        values = {c: row[i].strip() for c, i in at.items() if i < len(row)}
        if lms == "moodle":
            values["name"] = f"{cell.get('First name', '').strip()} " \
                             f"{cell.get('Last name', '').strip()}".strip()
        grader_id = values.get(id_from, "")
        if id_from == "email":
            grader_id = grader_id.split("@", 1)[0]
        if not grader_id:
            raise RosterError(f"{path}, line {line}, column {at[id_from] + 1} "
                              f"({wanted[id_from]}): empty, so no grader id for this student")
        key = id_key(safe_id(grader_id)[0])
        if key in ids:
            first_line, first = ids[key]
            raise RosterError(f"{path}, line {line}, column {at[id_from] + 1} "
                              f"({wanted[id_from]}): gives the grader id {grader_id!r}, which "
                              f"is line {first_line}'s {first!r} once case, Unicode form and "
                              "surrounding space are set aside: two students would meet one "
                              "folder's grade (take the ids from another column: --id-from)")
        ids[key] = (line, grader_id)
        values["id"] = grader_id
        out.append([values.get(c, "") for c in COLUMNS])
    return out


def write(path: Path, rows: list[list[str]]) -> Path:
    """A roster file of ``rows`` (read back by :func:`read`: checked as any roster)."""
    written = write_csv(path, list(COLUMNS), rows)
    read(written)
    return written
