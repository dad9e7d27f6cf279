"""Emulators of Canvas's and Moodle's grade imports, written from their documented rules
(``/work/shared/notes/lms-import-rules.md``, read in canvas-lms ``lib/gradebook_importer.rb``
and moodle ``grade/import/csv``): what each LMS would change in its gradebook, given the file
we wrote and the gradebook it holds. A file either LMS would refuse raises ``Refused``.
"""
import csv
import io
import re


class Refused(Exception):
    """The LMS refuses the whole file (nothing is imported)."""


def _number(cell: str) -> float | None:
    cell = cell.strip()
    if re.fullmatch(r"-?\d+([.,]\d+)?", cell):
        return float(cell.replace(",", "."))
    return None


def canvas_import(text: str, held: dict[tuple[str, str], str]) -> dict[tuple[str, str], str]:
    """What Canvas's Grades → Import would change: (user id, assignment id) -> the new cell
    (``""``: the grade removed), given ``held``, Canvas's gradebook as (user id, assignment
    id) -> its exported cell. Students are matched by ``ID`` (the file is Canvas's own)."""
    try:
        text.encode("utf-8")
        first = text.splitlines()[:3]
    except UnicodeError:
        raise Refused("not UTF-8") from None
    semicolon = first and all(len(next(csv.reader([l], delimiter=";"))) >
                              len(next(csv.reader([l]))) for l in first)
    try:
        rows = list(csv.reader(io.StringIO(text, newline=""), strict=True,
                               delimiter=";" if semicolon else ","))
    except csv.Error as exc:
        raise Refused(f"not CSV: {exc}") from None
    header = rows[0]
    if len(header) <= 3 or "Student" not in header[0] or "ID" not in header[1]:
        raise Refused("Invalid header row")
    section = next((k for k in range(2, min(len(header), 7)) if "Section" in header[k]), None)
    if section is None:
        raise Refused("Invalid header row")
    columns = {}
    for k, h in enumerate(header):
        if k <= section or re.search("Current Score|Final Score|Unposted|Points|Grade", h):
            continue
        m = re.match(r"^(.*) \((\d+)\)$", h)
        if not m:
            raise AssertionError(f"{h!r} would create a new assignment")
        columns[k] = m[2]
    changes = {}
    for row in rows[1:]:
        first_cell = row[0] if row else ""
        if not any(c.strip() for c in row) or "Points Possible" in first_cell or \
                first_cell == "Muted" or any(c.startswith("Manual Posting") for c in row):
            continue
        uid = row[1].strip()
        for k, aid in columns.items():
            new = row[k].strip() if k < len(row) else ""
            old = held.get((uid, aid), "")
            if new == old or (_number(new) is not None and _number(old) is not None
                              and round(_number(new), 2) == round(_number(old), 2)):
                continue
            if old.upper() == "N/A":
                continue                        # not assigned: Canvas ignores the cell
            changes[(uid, aid)] = new
    return changes


def moodle_import(text: str, field: str, items: dict[str, str],
                  users: dict[str, dict[str, str]]) -> dict[tuple[str, str], float | None]:
    """What Moodle's Import → CSV file would change: (user, item) -> new grade (None:
    cleared), given the teacher's mapping (``field``: the identifier column; ``items``:
    column -> grade item) and ``users``: each user's identifier -> their grade per item
    (``-``: none). One unknown identifier or a value that is not a number refuses it all."""
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"), newline="")))
    header = rows[0]
    if any(len(r) != len(header) for r in rows[1:]):
        raise Refused("a row has more or fewer fields than the header")
    at = header.index(field)
    changes = {}
    previous = None
    for row in rows[1:]:
        who = row[at] or previous               # a blank identifier: the previous row's user
        if who not in users:
            raise Refused(f"unknown user {who!r}")
        previous = who
        for column, item in items.items():
            value = row[header.index(column)].strip()
            if value in ("", "-"):
                new = None
            elif re.fullmatch(r"-?\d+(\.\d+)?", value):
                new = float(value)
            else:
                raise Refused(f"{value!r} is not a number")
            old = users[who].get(item, "-")
            if (None if old == "-" else float(old)) != new:
                changes[(who, item)] = new
    return changes
