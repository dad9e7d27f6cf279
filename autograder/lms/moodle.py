"""Moodle's grade import, made from Moodle's own grade export (``--to moodle
--moodle-export FILE``): our grades where they change Moodle's, nothing that clears one.

The teacher downloads the course's grades (Grades → Export → Plain text file, grade
display type *Real*): ``First name``, ``Last name``, the user fields chosen (``ID number``,
``Email address``, ...), then one column per grade item headed ``Assignment: grpo (Real)``,
a value (``27.00``) or ``-`` (no grade) in each cell (``grade/export/txt``). What Moodle's
CSV import does with a file (``grade/import/csv/classes/load_data.php``,
``grade/import/lib.php``) and what is done here:

* The teacher maps one identifier column to a user field and each other column to a grade
  item by hand. One identifier Moodle does not know aborts the whole import, and a blank
  one sends the row's grades to the previous row's user: the identifier written is the
  value of Moodle's own export for that student (found by the roster's, compared as the
  roster compares them), and a roster student Moodle's export lacks gets no row (each of
  their grades is named).
* A blank or ``-`` cell clears the grade (``$value === '' or $value == '-'``: null), and
  every imported value becomes an override. A student for whom no cell changes has **no
  row**: nothing of theirs is touched. In a student's row, a column with no grade of ours
  (no submission) holds Moodle's own value as exported (its ``-`` stays ``-``: no grade,
  none cleared): the student keeps the value they have.
* Values are numbers with a point, as our other files write them. Moodle refuses a value
  above the item's maximum (and the whole import with it): the command lists our maxima.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from autograder.lms.export import number
from autograder.lms.gradebook import CourseGradebook, Placed
from autograder.lms.roster import RosterError, csv_rows
from autograder.records.roster import Roster, id_key
from autograder.report.csvsafe import Verbatim, write_csv

#: Moodle's user fields an identifier column may map to: roster column -> the header of
#: Moodle's export (and of our file) and the "Map to" choice of the import form
MOODLE_FIELDS = {"email": ("Email address", "useremail"),
                 "id_number": ("ID number", "useridnumber"),
                 "username": ("Username", "username")}
ITEM = re.compile(r"^(?P<module>[^:]+): (?P<title>.*) \((?P<display>[^()]+)\)$")
NO_GRADE = "-"


class MoodleError(ValueError):
    """The file is not Moodle's grade export, or our columns cannot be found in it."""


@dataclass
class MoodleImport:
    """What :func:`fill` made: the file's rows, and what the command says of it."""
    header: list[str]
    rows: list[list[str]]
    placed: Placed = field(default_factory=Placed)
    notes: list[str] = field(default_factory=list)


def item_columns(path: Path, header: list[str], assignments: list[str],
                 given: dict[str, str]) -> dict[str, int]:
    """Each assignment's grade item column: the one headed ``given[name]``, else the item
    titled as the assignment (case aside), which must be exported as *Real*."""
    columns = {}
    for name in assignments:
        if name in given:
            if given[name] not in header:
                raise MoodleError(f"{path}, line 1: no column {given[name]!r} (--column "
                                  f"{name}=...: the header, as the export writes it)")
            columns[name] = header.index(given[name])
            continue
        hits = [k for k, h in enumerate(header) if (m := ITEM.match(h.strip()))
                and m["title"].strip().lower() == name.lower()]
        if len(hits) > 1:
            raise MoodleError(f"{path}, line 1: {len(hits)} grade items are titled {name}: give "
                              f"one with --column {name}=HEADER")
        if hits:
            columns[name] = hits[0]
    for name, k in columns.items():
        m = ITEM.match(header[k].strip())
        if m and m["display"] != "Real":
            raise MoodleError(f"{path}, line 1, column {k + 1} ({header[k]}): exported as "
                              f"{m['display']}; export again with grade display type Real "
                              "(its values are written back as they are)")
    return columns


def fill(path: Path, book: CourseGradebook, roster: Roster, by: str = "email",
         given: dict[str, str] | None = None, missing_zero: bool = False) -> MoodleImport:
    """Moodle's import of our grades, made from its export in ``path`` (see the module
    docstring); ``by``: the roster column identifying a student (a key of
    :data:`MOODLE_FIELDS`)."""
    path = Path(path)
    try:
        rows = csv_rows(path, "Moodle grade export")
    except RosterError as exc:
        raise MoodleError(str(exc)) from None
    header = [h.strip() for h in rows[0][1]]
    title, map_to = MOODLE_FIELDS[by]
    if "First name" not in header or title not in header:
        raise MoodleError(f"{path}, line 1: no columns 'First name' and {title!r}: is it "
                          "Moodle's grade export (Grades → Export → Plain text file) with the "
                          f"user field {title}?")
    columns = item_columns(path, header, book.assignments, dict(given or {}))
    ids, placed = book.placement(roster)
    theirs = {}
    for line, row in rows[1:]:
        value = row[header.index(title)].strip() if header.index(title) < len(row) else ""
        if value:
            theirs.setdefault(id_key(value), (line, value, row))
    done = MoodleImport([title, "Name"] + list(columns), [], placed)
    for s in roster.students:
        mine = {n: book.grade(ids.get(s.id, ""), n) for n in columns}
        found = theirs.get(id_key(getattr(s, by))) if getattr(s, by) else None
        if found is None:
            why = (f"no {by} on the roster" if not getattr(s, by) else
                   f"{title} {getattr(s, by)!r} is not in Moodle's export")
            placed.refused += [f"{s.id} ({n}): {why}" for n, g in mine.items() if g]
            continue
        _, value, row = found
        cells, written = _cells(row, columns, mine, missing_zero, placed)
        if written:
            done.rows.append([Verbatim(value), s.name] + cells)
    left = [n for n in book.assignments if n not in columns]
    for name in left:
        placed.refused += [f"{sid} ({name}): no Moodle grade item for {name}" for sid in ids
                           if book.grade(ids[sid], name)]
    if left:
        done.notes.append("no Moodle grade item for " + ", ".join(left) + " (create it in "
                          "Moodle and export again, or name its column: --column NAME=HEADER)")
    done.notes.append(f"Moodle: Grades → Import → CSV file, separator comma, encoding UTF-8; map "
                      f"from {title!r} to {map_to!r}; map each assignment column to its grade "
                      "item (maximum at least: " + ", ".join(
                          f"{n} {book.max_scores[n]:g}" for n in columns) + "); leave Name on "
                      "Ignore")
    return done


def _cells(row: list[str], columns: dict[str, int], mine: dict, missing_zero: bool,
           placed) -> tuple[list, int]:
    """One student's cells of the import, and how many of them change Moodle's value: a grade
    of ours where it differs, Moodle's own value where we have none (counted in ``placed``)."""
    cells, written = [], 0
    for name, k in columns.items():
        current = row[k].strip() if k < len(row) else ""
        grade = mine[name]
        if grade is None and not (missing_zero and current in ("", NO_GRADE)):
            placed.kept += 1
            cells.append(Verbatim(current or NO_GRADE))     # Moodle's own, as it was
            continue
        score = grade.score if grade else 0.0
        if _same(current, score):
            placed.unchanged += 1
            cells.append(Verbatim(current))
            continue
        placed.written += 1
        written += 1
        cells.append(number(score))
    return cells, written


def _same(current: str, score: float) -> bool:
    """Whether Moodle's exported value is our score, at the decimals it was written with."""
    try:
        value = float(current)
    except ValueError:
        return False
    decimals = len(current.partition(".")[2])
    return round(score, decimals) == round(value, decimals)


def write(out: Path, made: MoodleImport) -> Path:
    """The file for Moodle's Grades → Import → CSV file."""
    return write_csv(out, made.header, made.rows)
