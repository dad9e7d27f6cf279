"""Trivial submissions earn nothing (issue 16, point 7).

For every assignment of the course, submissions whose every graded function returns zeros,
returns its first input unchanged, or returns a constant (of the right shape and dtype) must
score exactly 0. Zeros are the right answer for some edge cases (an all-equal group, G = 1),
and code that ignores its input never modifies it: such tests are gated (``gate=`` in
``@pytest.mark.points``) and count only once the main tests of their function pass. A main
test itself must not be passable by a constant, which these submissions also check.

The submissions know the right shapes and dtypes: each wraps the reference (run inside the
submission, in the sandbox) and replaces its answer. Graded in this process through
:func:`autograder.runner.grade`, the cart-pole and GRPO runs left out (``skip_slow``).
"""
import json

import pytest

from autograder import course, runner
from autograder.markers import strip_solutions
from autograder.plugin import gate_note
from autograder.report import gradebook_rows
from autograder.worker.client import Zygote
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


def grade(tmp_path, zygote, name: str, source: str, student: str = "s") -> dict:
    make_submission(tmp_path / student, name, source)
    options = runner.Options(out_dir=tmp_path / "out", skip_slow=True)
    return runner.grade(student, tmp_path / student, course.get(name), options, zygote)


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize("name", sorted(course.assignments()))
def test_trivial_submission_scores_zero(tmp_path, zygote, name, kind):
    result = grade(tmp_path, zygote, name, trivial_source(course.get(name), kind))
    earned = [f"{t['name']} ({t['score']:g})" for t in result["tests"] if t["score"] > 0]
    assert result["max_score"] > 0
    assert result["score"] == 0, f"{name}, every function returning {kind}: {earned}"


def test_gated_points_count_once_the_main_cases_pass(tmp_path, zygote):
    """grpo returning zeros passes the G = 1 test, which counts nothing and says why; with the
    right group_advantages (zeros elsewhere) it counts. The report files agree with the result."""
    def single_response(result):
        found = [t for t in result["tests"] if t["name"].startswith("degenerate groups: G = 1")]
        assert len(found) == 1
        return found[0]

    zeros = grade(tmp_path, zygote, "grpo", trivial_source(course.get("grpo"), "zeros"))
    assert single_response(zeros)["score"] == 0
    assert single_response(zeros)["output"] == gate_note(["group_advantages"])
    assert "points count once the main cases of group_advantages pass" in gate_note(["group_advantages"])

    source = trivial_source(course.get("grpo"), "zeros", keep=("group_advantages",))
    half = grade(tmp_path, zygote, "grpo", source, student="half")
    assert single_response(half)["score"] == single_response(half)["max_score"] > 0
    assert half["max_score"] == zeros["max_score"]

    for student, result in (("s", zeros), ("half", half)):
        assert result["score"] == sum(t["score"] for t in result["tests"])
        assert result["max_score"] == sum(t["max_score"] for t in result["tests"])
        folder = tmp_path / "out" / student
        saved = json.loads((folder / "results.json").read_text())
        assert saved["score"] == result["score"]
        assert [(t["name"], t["score"], t["max_score"]) for t in saved["tests"]] == [
            (t["name"], t["score"], t["max_score"]) for t in result["tests"]]
        assert all(t["status"] == ("passed" if t["score"] == t["max_score"] else "failed")
                   for t in saved["tests"] if t["max_score"])
    assert gate_note(["group_advantages"]) in (tmp_path / "out" / "s" / "feedback.md").read_text()
    header, rows = gradebook_rows([zeros, half])
    by_student = {row[0]: dict(zip(header, row)) for row in rows}
    assert by_student["s"]["grpo: degenerate groups"] == by_student["s"]["total"] == 0
    assert by_student["half"]["grpo"] == by_student["half"]["total"] == half["score"] > 0
    assert by_student["half"]["grpo: degenerate groups"] == sum(
        t["max_score"] for t in half["tests"] if t["name"].startswith("degenerate groups:"))
