"""``autograde release --zip``: one self-contained zip per assignment, for students.

A bundle is one folder, ``<name>/``, that works on its own once unzipped:

* the generated release of the assignment (``assignments/<name>/``): stubs,
  notebook, public checks, README, provided code, ``check.py`` and
  ``requirements.txt`` (see :mod:`autograder.authoring.release`, step 5);
* ``pgcheck/``, the student-side runtime that ``check.py``, ``checks.py`` and
  the notebook import (it needs only torch; the grader uses the same modules).

So a student types, in that folder: ``pip install -r requirements.txt``,
``python check.py``, ``python check.py --zip``.

:func:`build_all` (what ``autograde release --zip`` runs) builds every bundle or
none: it first checks that the committed release is current (a missing or stale
file stops it with the file's name), writes the zips in a temporary folder and
moves them into place only once all of them are complete. Nothing of the grader travels:
no hidden suite, no mutant, no reference module. The one exception is
deliberate and declared in ``assignment.toml`` (``ppo`` ships the reference
GAE for its training loop, ``grpo_lm`` the reference ``grpo``).
"""
from __future__ import annotations

import os
import tempfile
import zipfile
from pathlib import Path

import pgcheck

from autograder.authoring.course import Assignment
from autograder.authoring.markers import AuthoringError


def runtime_files() -> list[tuple[Path, str]]:
    """(file, name in the bundle) of the student runtime: every module of :mod:`pgcheck`."""
    package = Path(pgcheck.__file__).resolve().parent
    return [(path, f"pgcheck/{path.relative_to(package)}")
            for path in sorted(package.rglob("*.py")) if "__pycache__" not in path.parts]


def build_zip(assignment: Assignment, out: Path) -> Path:
    """Write ``out/<name>-student.zip`` from the committed release; return its path."""
    release = assignment.release_dir
    if not (release / "check.py").is_file():
        raise FileNotFoundError(f"{release} is missing or stale: run `autograde release` first")
    out.mkdir(parents=True, exist_ok=True)
    target = out / f"{assignment.name}-student.zip"
    files = [(path, str(path.relative_to(release))) for path in sorted(release.rglob("*"))
             if path.is_file() and "__pycache__" not in path.parts]
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for path, name in files + runtime_files():
            zf.write(path, f"{assignment.name}/{name}")
    return target


def build_all(found, out: Path) -> list[Path]:
    """The bundles of every assignment in ``found``, in ``out``: all of them, or none and an
    :class:`AuthoringError` naming what is missing or stale in the release."""
    from autograder.authoring import release

    found = list(found)
    problems = release.stale(found[0].root) if found else []
    if problems:
        shown = "; ".join(problems[:3]) + (f"; and {len(problems) - 3} more"
                                           if len(problems) > 3 else "")
        raise AuthoringError(f"no bundle written: the release is not current ({shown}); run "
                             "`autograde release` first")
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=out, prefix=".bundles-") as tmp:
        built = [build_zip(assignment, Path(tmp)) for assignment in found]
        for path in built:
            os.replace(path, out / path.name)
    return [out / path.name for path in built]
