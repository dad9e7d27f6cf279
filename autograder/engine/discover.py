"""Find and read submissions: step 1 of a grade (load -> run -> score -> report).

Which file of a student's work is graded, and how it is read, is decided by
:mod:`pgcheck.discovery`, the same code a student's ``check.py`` uses. This
module only expands the command line's paths into students. Nothing here
compiles or runs the student's code (even parsing Python is left to the worker).
"""
from __future__ import annotations

from pathlib import Path

from pgcheck.discovery import MAX_BYTES, Submission, holds_work, read, submission_zip_name

__all__ = ["MAX_BYTES", "Submission", "discover", "read"]


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
            for child in sorted(p for p in path.iterdir() if p.is_dir()):
                nested = child / name     # nbgrader: submitted/<student>/<assignment>/
                found.append((child.name, nested if nested.is_dir() else child))
        else:
            raise FileNotFoundError(f"no such file or directory: {path}")
    return _unique_ids(found)


def _unique_ids(found):
    seen: dict[str, int] = {}
    out = []
    for sid, path in found:
        n = seen.get(sid, 0)
        seen[sid] = n + 1
        out.append((sid if n == 0 else f"{sid}-{n + 1}", path))
    return out
