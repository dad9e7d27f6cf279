"""Find and read submissions: step 1 of a grade (load -> run -> score -> report).

Which file of a student's work is graded, and how it is read, is decided by
:mod:`pgcheck.discovery`, the same code a student's ``check.py`` uses. This
module only expands the command line's paths into students. Nothing here
compiles or runs the student's code (telling which of two files has more functions written
parses it, in :mod:`pgcheck.stubs`, and nothing more).

A path named on the command line is the TA's: the folders above it are followed as they
are. Everything found below a batch folder is the students' and is looked at with
``lstat`` only: a student folder that is a link (to ``solutions/<name>``, to a classmate)
is listed as a student, so that reading it refuses it with its name and 0 points, and is
never entered. A single submission named on the command line is read the same way, link
refused, since a shell pattern (``autograde grade class/*``) names students' own links.
"""
from __future__ import annotations

import os
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from autograder.records.roster import id_key as roster_key
from autograder.report import OUTPUT_NAMES
from autograder.report.csvsafe import FORMULA_START
from pgcheck.discovery import Submission, holds_work, read

__all__ = ["Student", "Submission", "discover", "read", "students"]


@dataclass(frozen=True)
class Student:
    """One student of a grade: the id the results go under (``OUT/<id>/``, the gradebook's
    row, nbgrader's student) and where the work is. When the name the work was found under
    could not be the id, ``found_as`` is that name and ``renamed`` says why; ``clash`` is the
    name it shares with another student's folder (:func:`_unique_ids`), "" for none."""
    id: str
    path: Path
    found_as: str = ""
    renamed: str = ""
    clash: str = ""


def discover(paths: list[Path], name: str) -> list[tuple[str, Path]]:
    """:func:`students` as (student id, path) pairs."""
    return [(s.id, s.path) for s in students(paths, name)]


def students(paths: list[Path], name: str) -> list[Student]:
    """Expand command-line paths into students, batches included.

    A path is a student's directory (holds ``name.py``, ``name.ipynb`` or
    ``name-submission.zip``), such a file itself, or a batch: a directory of
    student directories. nbgrader's ``submitted/<student>/<assignment>/`` tree
    is recognised too. A submission zip's student is its folder's name. Ids are unique
    (see :func:`_unique_ids`): a student whose name is taken is graded under another id, and
    the :class:`Student` says why.
    """
    found: list[tuple[str, Path]] = []
    for path in paths:
        path = Path(path)
        if path.is_file():
            found.append((path.parent.name or path.stem, path))
        elif holds_work(path, name):
            found.append((path.name, path))
        elif path.is_dir():
            found += _students(path, name)
        else:
            raise FileNotFoundError(f"no such file or directory: {path}")
    return _unique_ids(found)


def _students(batch: Path, name: str) -> list[tuple[str, Path]]:
    """The student folders of a batch, links to folders included (refused when read),
    none entered."""
    with os.scandir(batch) as listing:
        folders = sorted(Path(e.path) for e in listing
                         if e.is_dir(follow_symlinks=False) or (e.is_symlink() and e.is_dir()))
    found = []
    for child in folders:
        nested = child / name         # nbgrader: submitted/<student>/<assignment>/
        inside = not child.is_symlink() and (nested.is_symlink() or nested.is_dir())
        found.append((child.name, nested if inside else child))
    return found


def id_key(sid: str) -> str:
    """What two ids must not share (:func:`autograder.records.roster.id_key`: surrounding
    space, Unicode NFKC, case folded): file systems that ignore case (macOS, Windows) or
    normalise Unicode would put ``Alice`` and ``alice`` into one output folder."""
    return roster_key(sid)


#: Unicode categories never kept in an id: controls (ESC, newline), format characters (bidi
#: overrides such as U+202E, zero-width joiners), separators of lines and paragraphs, and
#: surrogates (an undecodable byte of a folder name)
UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def safe_id(name: str) -> tuple[str, str]:
    """The id a folder called ``name`` is graded under, and why it differs ("" if not).

    An id is shown in a terminal, a page and a spreadsheet, and read back from ``manual.csv``,
    ``_runs/`` and the regrade cache: it holds no control, format or bidi character (each
    becomes ``_``), no space at either end (taken off), does not start like a formula
    or a quoted cell (``=``, ``+``, ``-``, ``@``, ``'``: ``_`` goes first), and is never
    ``.`` or ``..`` (``_`` goes first: a folder `` ..`` must not write into OUT's parent).

    >>> safe_id("mallory ")
    ('mallory', "the folder name 'mallory ' has spaces at its ends")
    >>> safe_id("alice")
    ('alice', '')
    """
    reasons = []
    cleaned = "".join("_" if unicodedata.category(c) in UNSAFE_CATEGORIES else c for c in name)
    if cleaned != name:
        reasons.append("control or bidi characters")
    if cleaned.strip() != cleaned:
        cleaned = cleaned.strip()
        reasons.append("spaces at its ends")
    if cleaned[:1] in FORMULA_START or cleaned[:1] == "'":
        cleaned = "_" + cleaned
        reasons.append("a start a spreadsheet reads as a formula")
    if cleaned in (".", ".."):      # " .." once wrote its grade into OUT's parent folder
        cleaned = "_" + cleaned
        reasons.append("no name but a folder's own once its spaces are off")
    if not cleaned:
        cleaned = "student"
    why = f"the folder name {ascii(name)} has {' and '.join(reasons)}" if reasons else ""
    return cleaned, why


#: what a clashing folder's id holds after its name: ``bob~clash1``
CLASH = "~clash"


def _unique_ids(found: list[tuple[str, Path]]) -> list[Student]:
    """Student ids unique by construction, none of them a name the grader writes in ``OUT``,
    none given by the order folders sort in.

    Every student keeps the name the work was found under (made safe: :func:`safe_id`)
    unless that name is one student's only under :func:`id_key`. Two or more folders whose
    names are one there (``bob`` and `` bob``, ``Bob``, ``ｂｏｂ``, ``s1/bob`` and ``s2/bob``)
    are a **clash**: none of them is graded as ``bob`` (which one is Bob is for the roster or
    the TA to say, never for the sort order); each is graded as ``bob~clash1``,
    ``bob~clash2``, ... in the order found, and :attr:`Student.clash` says so (the command
    names them and fails; ``autograde export`` places none of them until the roster names
    the clash id). A name of the grader's own output (:data:`autograder.report.OUTPUT_NAMES`)
    becomes ``student-NAME``. A new id that is taken gets ``-2``, ``-3``, ...: the same
    command line always gives the same ids, and no grade overwrites another.
    """
    reserved = {id_key(n) for n in OUTPUT_NAMES}
    raw = [sid or (path.resolve().name or "student") for sid, path in found]
    made_safe = [safe_id(sid) for sid in raw]
    names = [sid for sid, _ in made_safe]
    groups: dict[str, list[int]] = {}
    for i, sid in enumerate(names):
        groups.setdefault(id_key(sid), []).append(i)
    taken = reserved | {key for key, group in groups.items() if len(group) == 1}
    out = []
    for i, ((_, path), (sid, unsafe)) in enumerate(zip(found, made_safe)):
        group = groups[id_key(sid)]
        if len(group) == 1 and id_key(sid) not in reserved:
            out.append(Student(sid, path, found_as=raw[i] if unsafe else "", renamed=unsafe))
            continue
        clash = ""
        if id_key(sid) in reserved:
            base = f"student-{sid}"
            why = f"{sid} is the name of the grader's own output (OUT/{sid})"
        else:
            clash = sid
            base = f"{sid}{CLASH}{group.index(i) + 1}"
            others = " and ".join(ascii(str(found[j][1])) for j in group if j != i)
            why = (f"a clash: {others} has the same name once made safe, case-folded, Unicode "
                   f"NFKC and trimmed, so none is graded as {sid} (say which is which: rename "
                   f"the folders, or name {base} on the roster)")
        new, n = base, 1
        while id_key(new) in taken:
            n += 1
            new = f"{base}-{n}"
        taken.add(id_key(new))
        out.append(Student(new, path, found_as=raw[i] if unsafe else sid,
                           renamed=f"{unsafe}; {why}" if unsafe else why, clash=clash))
    return out
