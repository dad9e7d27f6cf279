"""Trivial submissions earn nothing (issue 16, point 7).

For every assignment of the course, submissions whose every graded function returns zeros,
returns its first input unchanged, or returns a constant (of the right shape and dtype) must
score exactly 0. Zeros are the right answer for some edge cases (an all-equal group, G = 1),
and code that ignores its input never modifies it: such tests are gated (``gate=`` in
``@pytest.mark.points``) and count only once the main tests of their function pass. A main
test itself must not be passable by a constant, which these submissions also check.

The submissions know the right shapes and dtypes: each wraps the reference (run inside the
submission, in the sandbox) and replaces its answer. Graded in this process through
:func:`autograder.engine.grade.grade`, the cart-pole and GRPO runs left out (``skip_slow``).
"""
import pytest

from autograder.authoring import course
from autograder.authoring.markers import strip_solutions
import autograder.engine.grade
from autograder.sandbox.servers import Zygote
from conftest import make_submission

#: what every graded function returns: a constant filling the reference's answer, or its input
KINDS = {"zeros": 0.0, "ones": 1.0, "constant": 0.37, "input": None}

PRELUDE = '''\
import torch

_ref = {"__name__": "_trivial_reference"}
exec(compile(_REFERENCE, "reference", "exec"), _ref)


def _like(value, c):
    """``value`` with every number replaced by ``c`` (same type, shape and dtype)."""
    if isinstance(value, torch.Tensor):
        return torch.full_like(value.detach(), c)
    if isinstance(value, (tuple, list)):
        return type(value)(_like(v, c) for v in value)
    return type(value)(c)


def _first(args, kwargs):
    return args[0] if args else next(iter(kwargs.values()))
'''


def trivial_source(assignment, kind: str, keep=()) -> str:
    """A submission whose graded functions answer trivially (``kind``), except those in
    ``keep``, which answer as the reference does."""
    path = assignment.reference_module
    reference = strip_solutions(path.read_text(), str(path), keep_solution=True)
    lines = [f"_REFERENCE = {reference!r}", PRELUDE]
    for fn in assignment.functions:
        if fn in keep:
            body = f"return _ref[{fn!r}](*args, **kwargs)"
        elif KINDS[kind] is None:
            body = "return _first(args, kwargs)"
        else:
            body = f"return _like(_ref[{fn!r}](*args, **kwargs), {KINDS[kind]!r})"
        lines.append(f"def {fn}(*args, **kwargs):\n    {body}\n")
    return "\n".join(lines)


@pytest.fixture(scope="module")
def zygote():
    server = Zygote()
    yield server
    server.close()


def graded(tmp_path, zygote, name: str, source: str, student: str = "s"):
    """The grade (its record) of ``source`` handed in as ``student``'s ``name``."""
    make_submission(tmp_path / student, name, source)
    options = autograder.engine.grade.Options(out_dir=tmp_path / "out", skip_slow=True)
    return autograder.engine.grade.grade(student, tmp_path / student, course.get(name), options,
                                        zygote)


def grade(tmp_path, zygote, name: str, source: str, student: str = "s") -> dict:
    """The grade's contract JSON (what ``grade --json`` prints)."""
    return graded(tmp_path, zygote, name, source, student).to_contract()


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize("name", sorted(course.assignments()))
def test_trivial_submission_scores_zero(tmp_path, zygote, name, kind):
    result = grade(tmp_path, zygote, name, trivial_source(course.get(name), kind))
    earned = [f"{t['name']} ({t['score']:g})" for t in result["tests"] if t["score"] > 0]
    assert result["max_score"] > 0
    assert result["score"] == 0, f"{name}, every function returning {kind}: {earned}"
