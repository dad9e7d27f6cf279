"""Find and read submissions: step 1 of a grade (load -> run -> score -> report).

Which file of a student's work is graded, and how it is read, is decided by
:mod:`pgcheck.discovery`, the same code a student's ``check.py`` uses. This
module only expands the command line's paths into students. Nothing here
compiles or runs the student's code (even parsing Python is left to the worker).

A path named on the command line is the TA's: the folders above it are followed as they
are. Everything found below a batch folder is the students' and is looked at with
``lstat`` only: a student folder that is a link (to ``solutions/<name>``, to a classmate)
is listed as a student, so that reading it refuses it with its name and 0 points, and is
never entered. A single submission named on the command line is read the same way, link
refused, since a shell pattern (``autograde grade class/*``) names students' own links.
"""
from __future__ import annotations

import os
from pathlib import Path

from pgcheck.discovery import Submission, holds_work, read, submission_zip_name

__all__ = ["Submission", "discover", "read"]


def discover(paths: list[Path], name: str) -> list[tuple[str, Path]]:
    """Expand command-line paths into (student id, path) pairs, batches included.

    A path is a student's directory (holds ``name.py``, ``name.ipynb`` or
    ``name-submission.zip``), such a file itself, or a batch: a directory of
    student directories. nbgrader's ``submitted/<student>/<assignment>/`` tree
    is recognised too. A submission zip's student is its folder's name.
    """
    found: list[tuple[str, Path]] = []
    for path in paths:
        path = Path(path)
        if path.is_file():
            owner = path.parent.name if path.name == submission_zip_name(name) else ""
            found.append((owner or path.parent.name or path.stem, path))
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


def _unique_ids(found):
    seen: dict[str, int] = {}
    out = []
    for sid, path in found:
        n = seen.get(sid, 0)
        seen[sid] = n + 1
        out.append((sid if n == 0 else f"{sid}-{n + 1}", path))
    return out
