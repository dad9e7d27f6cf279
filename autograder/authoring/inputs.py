"""Every input of a grade that comes from the course, gathered by one function.

A grade of an assignment depends on the submission, the engine, the options, and the course
files below. :func:`grade_inputs` lists them once, and both users read that one list:

* the engine (:func:`autograder.engine.grade.grade`) sends :attr:`GradeInputs.provided` in
  the worker's load message: the course code loaded before the submission;
* the regrade cache (:func:`autograder.authoring.fingerprints.assignment_fingerprint`) hashes
  :attr:`GradeInputs.files` and :attr:`GradeInputs.provided`, so a change of any of them
  regrades.

A source added to one and not the other would let regrades reuse stale grades: there is no
other place to add it (``tests/test_inputs.py`` changes each input and sees the key change).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from autograder.authoring.course import Assignment, assignments
from autograder.authoring.markers import strip_solutions


@dataclass(frozen=True)
class GradeInputs:
    """The course's part of a grade of one assignment."""
    files: tuple[tuple[str, Path], ...]
    """(label, path) of every course file that decides a grade: the hidden suite (its bank of
    mistakes included), the reference module, the public checks, ``assignment.toml``, the
    solution notebook when its answer cells are graded, and the provided code's files."""
    provided: tuple[tuple[str, str], ...]
    """(module name, source) of the course code the worker loads before the submission: other
    assignments' solved reference modules, then the assignment's provided modules."""


def grade_inputs(assignment: Assignment) -> GradeInputs:
    """The course files and provided code of a grade of ``assignment``."""
    files = tree(assignment.hidden_dir, "hidden")
    files += [("reference", assignment.reference_module), ("checks", assignment.checks_module),
              ("settings", assignment.source_dir / "assignment.toml")]
    if assignment.answers.steps:        # the reference answers are its notebook's answer cells
        files.append(("notebook", assignment.notebook))
    provided = []
    known = assignments(assignment.root)
    for other in assignment.provided_solutions:
        path = known[other].reference_module
        files.append((f"provided-solution/{other}", path))
        provided.append((other, provided_source(path, solved=True)))
    for name in assignment.settings.grading.provided_modules:
        path = assignment.source_dir / f"{name}.py"
        files.append((f"provided/{name}", path))
        provided.append((name, provided_source(path)))
    return GradeInputs(tuple(files), tuple(provided))


def provided_source(path: Path, solved: bool = False) -> str:
    """The source of provided code at ``path`` (``solved``: a reference module, its
    solutions kept and its markers stripped), read and stripped once while the file is
    unchanged (same inode, size and times), not once per submission graded: the grading
    processes forked by a batch inherit what the batch's regrade key read."""
    st = path.stat()
    return _source(path, (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns), solved)


@lru_cache(maxsize=32)
def _source(path: Path, stamp: tuple[int, ...], solved: bool) -> str:
    text = path.read_text()
    return strip_solutions(text, str(path), keep_solution=True) if solved else text


def tree(folder: Path, label: str) -> list[tuple[str, Path]]:
    """(label/relative path, path) of every file under ``folder`` (caches left out)."""
    if not folder.is_dir():
        return []
    return [(f"{label}/{p.relative_to(folder).as_posix()}", p) for p in folder.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"]
