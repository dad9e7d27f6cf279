"""Hidden inputs drawn per grade, from a seed only the grader can compute.

A hidden suite builds its random inputs with :func:`gen` (``gen(3)`` where it once wrote
``torch.Generator().manual_seed(3)``). During a grade (:func:`grading`) the generator's seed
mixes the test's own number with the grade's seed, ``sha256(secret, submission)``:

* the **secret** is a hash of the course's hidden files (the hidden suite with its bank of
  mistakes, and the reference module), which never ship to students and never reach a worker;
  its own hash, different from the regrade key's (:mod:`autograder.authoring.fingerprints`);
* the **submission** is what the regrade cache keys a submission by
  (:func:`~autograder.authoring.fingerprints.submission_fingerprint`).

So the same submission gets the same cases (a regrade gives the same grade), and changed code
gets new ones: a submission that stores answers keyed by its inputs, learnt from an earlier
round's feedback, never meets those inputs again. Outside a grade (the mutation benchmark, the
suites' own tests) the seed is the test's number alone, as before.

A case that draws nothing is a *fixed* case (a worked example of the texts, an edge case):
its values are the same in every grade, so its feedback never shows the expected values'
digits (:data:`FIXED`); a case of a test that drew its inputs shows them coarsely
(:data:`DRAWN`). :func:`begin_test` and :func:`revealed` let the grading plugin tell them apart.
"""
from __future__ import annotations

import hashlib
from contextlib import contextmanager

import torch

from autograder.authoring.course import Assignment
from autograder.authoring.inputs import grade_inputs

#: what a hidden case's feedback shows of the expected values: 2 significant figures where the
#: inputs were drawn for this grade, nothing of them where the case is the same every grade
DRAWN, FIXED = "coarse", "none"

_grade_seed: int | None = None       # the running grade's seed (None: not in a grade)
_drew = False                        # whether the running test drew an input


def secret(assignment: Assignment) -> bytes:
    """The course's secret for ``assignment``: a hash of its hidden suite and reference
    module (files a student never sees), salted so it is no other hash of the grader's."""
    h = hashlib.sha256(b"autograde hidden draws\0")
    for label, path in sorted(grade_inputs(assignment).files, key=lambda f: f[0]):
        if label.startswith("hidden/") or label == "reference":
            h.update(label.encode() + b"\0" + (path.read_bytes() if path.is_file() else b""))
    return h.digest()


def grade_seed(course_secret: bytes, submission: str) -> int:
    """The seed of one grade: the course's secret and the submission's fingerprint."""
    digest = hashlib.sha256(course_secret + b"\0" + submission.encode()).digest()
    return int.from_bytes(digest[:8], "little")


@contextmanager
def grading(seed: int | None):
    """Within this block, :func:`gen` draws for the grade of ``seed``."""
    global _grade_seed
    previous, _grade_seed = _grade_seed, seed
    try:
        yield
    finally:
        _grade_seed = previous


def gen(number: int) -> torch.Generator:
    """A generator for a hidden test's inputs: seeded by ``number`` and the running grade."""
    global _drew
    _drew = True
    if _grade_seed is None:
        return torch.Generator().manual_seed(number)
    digest = hashlib.sha256(f"{_grade_seed}:{number}".encode()).digest()
    return torch.Generator().manual_seed(int.from_bytes(digest[:8], "little") >> 1)


def begin_test() -> None:
    """A test starts: it has drawn nothing yet."""
    global _drew
    _drew = False


def revealed() -> str:
    """What the running test's failures may show of the expected values (:data:`DRAWN` once it
    drew an input, else :data:`FIXED`)."""
    return DRAWN if _drew else FIXED
