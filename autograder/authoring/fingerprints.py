"""The fingerprints of a grade's inputs: the key under which a grade is reused.

A grade depends on four parts (:data:`PARTS`): the submission as read
(:func:`submission_fingerprint`), the course's inputs of the assignment
(:func:`assignment_fingerprint`, over :func:`~autograder.authoring.inputs.grade_inputs`,
the one list of them), the engine's own files and versions (:func:`engine_fingerprint`)
and the options that change a grade (:func:`options_fingerprint`). :func:`key_of` joins
them. The regrade cache (:mod:`autograder.batch.regrade`) keys each student's grade with
it, and a cluster's client and workers compare the engine's and the assignment's before a
worker may grade (:class:`autograder.cluster.workers.Fingerprints`).
"""
from __future__ import annotations

import hashlib
import json
import sys
from functools import cache
from importlib import metadata
from pathlib import Path

from autograder import __version__
from autograder.authoring.course import Assignment, package_dir
from autograder.authoring.inputs import grade_inputs, tree

PARTS = ("submission", "assignment", "engine", "options")
#: parts of the package that only read grading output: changing them never changes a grade
AFTER_GRADING = ("autograder/batch/", "autograder/review/", "autograder/lms/", "autograder/cli.py",
                 "autograder/commands/")


# -- the key -------------------------------------------------------------------

def _digest(*chunks: bytes | str) -> str:
    h = hashlib.sha256()
    for chunk in chunks:
        data = chunk.encode() if isinstance(chunk, str) else chunk
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


def _files_digest(files: list[tuple[str, Path]]) -> str:
    """A hash of (label, file content) pairs; a missing file hashes as missing."""
    chunks = []
    for label, path in sorted(files, key=lambda f: f[0]):
        chunks += [label, path.read_bytes() if path.is_file() else b"\0missing"]
    return _digest(*chunks)


@cache
def engine_fingerprint() -> str:
    """The engine version and everything of the engine that can change a grade."""
    package = package_dir()
    files = [f for f in tree(package, "autograder") if not f[0].startswith("autograder/hidden/")
             and f[1].suffix in (".py", ".json", ".j2") and not f[0].startswith(AFTER_GRADING)]
    files += [f for f in tree(package.parent / "pgcheck", "pgcheck") if f[1].suffix == ".py"]
    try:
        torch_version = metadata.version("torch")
    except metadata.PackageNotFoundError:
        torch_version = "none"
    return _digest(__version__, sys.version, torch_version, _files_digest(files))


def assignment_fingerprint(assignment: Assignment) -> str:
    """Every course input of a grade (:func:`~autograder.authoring.inputs.grade_inputs`: the
    hidden suite with its bank of mistakes, reference, public checks, settings, notebook,
    provided code)."""
    inputs = grade_inputs(assignment)
    return _digest(assignment.name, _files_digest(list(inputs.files)),
                   *(chunk for name, source in inputs.provided for chunk in (name, source)))


def submission_fingerprint(sub) -> str:
    """What is graded of a :class:`pgcheck.discovery.Submission`: never its folder's other
    files. A notebook counts with its cells' grade_ids and tagged markdown (its answer cells
    and written answers), whether it holds the functions or only the answers."""
    code = sub.source if sub.kind == "py" else json.dumps(sub.cells or [])
    answers = sub.answer_source
    cells = "" if answers is None else json.dumps(
        [answers.filename, answers.cells, sorted(answers.tags.items()), answers.markdown])
    return _digest(sub.kind, sub.filename, code, sub.problem, sub.note, cells)


def options_fingerprint(options: dict) -> str:
    return _digest(json.dumps(options, sort_keys=True, default=str))


def key_of(parts: dict) -> str:
    return _digest(*(f"{p}={parts[p]}" for p in PARTS))
