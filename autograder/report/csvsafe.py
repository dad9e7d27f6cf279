"""Every CSV the grader writes, written so that a spreadsheet reads it as data.

A TA opens ``gradebook.csv`` and the class page's tables in Excel, LibreOffice or Google
Sheets. Some of their cells come from students: an id is a folder name, an LMS user name
or an nbgrader user name, which students may choose. A spreadsheet reads a cell that starts
with ``=``, ``+``, ``-`` or ``@`` as a formula (``=HYPERLINK(...)`` links out and leaks the
sheet, ``-2+3`` computes), and a leading tab or carriage return can hide one; some import
dialogs trim spaces first. Following OWASP's guidance on CSV injection, such a cell is
written with a leading apostrophe (``'=HYPERLINK(...)``): the spreadsheet shows the text and
never evaluates it. Numbers are left as they are, so a negative score stays a number; so is
text that is exactly a number (``-0.5``), which no spreadsheet reads as a formula.

:func:`write_csv` is the only writer of CSV in the package (a test holds it to that). The one
file it writes with cells left as they are is the Canvas gradebook filled in for Canvas's
import: the cells Canvas exported go back unchanged (:class:`Verbatim`); ours are numbers.
"""
from __future__ import annotations

import csv
import math
import re
from pathlib import Path
from typing import Iterable

#: characters that make a spreadsheet read a cell as a formula (OWASP), with the full-width
#: forms that some spreadsheets fold into them
FORMULA_START = frozenset("=+-@\uff1d\uff0b\uff0d\uff20")
#: characters that may come before a formula and still let it run, in some import dialogs
LEADING_NOISE = " \t\r\n\x0b\x0c\u00a0\u3000"
_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")


class Verbatim(str):
    """A cell written exactly as it was read from a file an LMS wrote and will read back
    (``autograde export --to canvas`` keeps every cell of Canvas's own export as it was):
    it goes back to the LMS, and changing it would change the LMS's data."""


def safe_cell(value):
    """``value`` as a spreadsheet will read it as data: numbers unchanged, and text that
    could start a formula given a leading apostrophe.

    >>> [safe_cell(v) for v in (-2.5, "-2.5", "-2+3", "=1+1", "alice", "\\t=1")]
    [-2.5, '-2.5', "'-2+3", "'=1+1", 'alice', "'\\t=1"]
    """
    if value is None or isinstance(value, Verbatim) or \
            isinstance(value, (int, float)) and math.isfinite(value):
        return value
    text = str(value)                   # (``-inf`` is no number to a spreadsheet: text)
    if _NUMBER.fullmatch(text):
        return text
    first = text.lstrip(LEADING_NOISE)[:1]
    if first in FORMULA_START or (text[:1] and text[:1] in "\t\r"):
        return "'" + text
    if text.startswith("'") and safe_cell(text[1:]) == text:
        return "'" + text       # ``'=1`` itself: one more, so that :func:`cell_text` inverts it
    return text


def cell_text(text: str) -> str:
    """What a cell that :func:`safe_cell` wrote stands for: its leading apostrophe taken off
    again, for a file written here and filled in by a person (``OUT/manual.csv``). The
    inverse of :func:`safe_cell` on text: ``cell_text(safe_cell(t)) == t`` for every ``t``.

    >>> [cell_text(c) for c in ("'=1+1", "'-2+3", "alice", "'quoted")]
    ['=1+1', '-2+3', 'alice', "'quoted"]
    """
    if text.startswith("'") and safe_cell(text[1:]) == text:
        return text[1:]
    return text


def write_csv(path: Path, header: list[str], rows: Iterable[Iterable],
              delimiter: str = ",") -> Path:
    """Write ``header`` and ``rows`` to ``path`` with every cell made :func:`safe_cell`
    (a :class:`Verbatim` cell is written as it is); ``delimiter``: the one a file read
    back keeps (Canvas exports ``;`` in some locales)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="", encoding="utf-8", errors="replace") as fh:
        writer = csv.writer(fh, delimiter=delimiter)
        writer.writerow([safe_cell(c) for c in header])
        writer.writerows([safe_cell(c) for c in row] for row in rows)
    return path


def header_problem(header: list[str], columns, what: str) -> str:
    """What is wrong with the first line of a CSV file that a person edits (``header``: its
    cells, stripped) whose columns are ``columns``: a column named twice, or one that is not
    of them (``what`` names them: ``"a roster column"``); "" for nothing."""
    for k, name in enumerate(header, 1):
        if name not in columns or header.index(name) != k - 1:
            return f"line 1, column {k} ({name!r}): " + (
                "named twice" if name in columns else f"not {what} ({', '.join(columns)})")
    return ""
