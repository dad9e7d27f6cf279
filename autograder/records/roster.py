"""The class list as the course keeps it (``--roster FILE``): who each graded folder is.

A roster is a CSV file, UTF-8, its first line naming the columns (:data:`COLUMNS`; any
order, ``id`` and ``name`` required, the rest optional)::

    id,name,email,canvas_id,sis_user_id,sis_login_id,id_number,username
    alice,"Liddell, Alice",alice@example.edu,101,S0001,alice,S0001,alice

``id`` is the id the grader uses (the student's folder name, the id of ``autograde grade``);
the others are what the learning-management system knows the student by: Canvas matches
a row of its gradebook import by ``ID`` (``canvas_id``), then ``SIS User ID``, then ``SIS
Login ID``, then the name; Moodle by one user field the teacher picks (``email``,
``id_number`` or ``username``). :mod:`autograder.lms.roster` reads the file strictly;
these are the records every layer passes on.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass, fields
from pathlib import Path

#: the columns a roster may have, and what each one is
COLUMNS = {
    "id": "the id the grader uses: the student's folder name (required)",
    "name": "the student's name, as the class page and the LMS show it (required)",
    "email": "the e-mail address (Moodle: the user field \"Email address\")",
    "canvas_id": "Canvas's user id (the \"ID\" column of a Canvas gradebook export)",
    "sis_user_id": "Canvas's \"SIS User ID\"",
    "sis_login_id": "Canvas's \"SIS Login ID\"",
    "id_number": "Moodle's user field \"ID number\"",
    "username": "Moodle's user field \"Username\"",
}
REQUIRED = ("id", "name")


def id_key(sid: str) -> str:
    """What two ids (or two identifiers) must not share: the text with its surrounding space
    off, Unicode NFKC, case folded (Unicode's compatibility caseless match). File systems that
    ignore case (macOS, Windows) or normalise Unicode would put ``Alice`` and ``alice`` in one
    folder, and a student can edit the case of their own e-mail address: ids that are one
    under this key are one student's or a clash, never two students."""
    text = unicodedata.normalize("NFKC", sid.strip())
    return unicodedata.normalize("NFKC", text.casefold()).strip()


@dataclass(frozen=True)
class RosterStudent:
    """One row of a roster (``line``: where it is in its file)."""
    id: str
    name: str
    email: str = ""
    canvas_id: str = ""
    sis_user_id: str = ""
    sis_login_id: str = ""
    id_number: str = ""
    username: str = ""
    line: int = 0


assert [f.name for f in fields(RosterStudent)][:-1] == list(COLUMNS)


@dataclass(frozen=True)
class Roster:
    """The students of a roster file, in its order."""
    path: Path
    students: tuple[RosterStudent, ...]

    def names(self) -> dict[str, str]:
        """Each grader id's name (for the class page)."""
        return {s.id: s.name for s in self.students}

    def student(self, graded_id: str) -> RosterStudent | None:
        """The roster student whose id is ``graded_id`` under :func:`id_key` (the roster
        holds no two such ids, nor does a grade: one at most)."""
        key = id_key(graded_id)
        return next((s for s in self.students if id_key(s.id) == key), None)

    def match(self, graded) -> "Match":
        """How the ids of ``graded`` (the ids of a grade) meet the roster, compared under
        :func:`id_key` as the grader compares folder names."""
        graded = list(dict.fromkeys(graded))
        known = {id_key(s.id) for s in self.students}
        found = {id_key(g) for g in graded}
        return Match(matched=tuple(g for g in graded if id_key(g) in known),
                     unknown=tuple(g for g in graded if id_key(g) not in known),
                     missing=tuple(s.id for s in self.students if id_key(s.id) not in found))


@dataclass(frozen=True)
class Match:
    """Graded ids on the roster (``matched``), graded ids not on it (``unknown``: the
    summary names them), and roster students with no grade (``missing``: no grade, not 0)."""
    matched: tuple[str, ...]
    unknown: tuple[str, ...]
    missing: tuple[str, ...]

    def lines(self, what: str = "graded") -> list[str]:
        """The summary's account of the match, one line each."""
        lines = [f"roster: {len(self.matched)} {what} student"
                 f"{'s' if len(self.matched) != 1 else ''} on the roster"]
        if self.unknown:
            lines.append(f"roster: {len(self.unknown)} {what} but not on the roster (unknown): "
                         + ", ".join(self.unknown))
        if self.missing:
            lines.append(f"roster: {len(self.missing)} on the roster with no submission (no "
                         "grade, not 0): " + ", ".join(self.missing))
        return lines
