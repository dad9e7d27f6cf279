"""Tolerances are measured from the exact answer (issue 39; docs/contract.md, "Precision"): a
float32 case of ``grpo_loss`` where the float32 reference is the less accurate answer.

Two long responses one token apart, with advantages +1 and -1 (a group's advantages sum to 0):
the loss is a small difference of large sums, 0.0015 in exact arithmetic, which the float32
reference rounds to 0.001465, 3.5 tolerances away. An answer computed in float64 and returned
in float32 is the more accurate one and must pass; a wrong one must still fail.
"""
import pytest
import torch

from autograder.authoring import course
from autograder.engine.assertions import Mismatch, expect_close


class _Namespace:
    """A student whose functions run here, as ``compare`` calls them (``.on(...)(*args)``)."""

    def __init__(self, **functions):
        self.functions = functions

    def __getattr__(self, name):
        function = self.functions[name]
        function.on = lambda case, seconds, answer=None: function
        return function


def _compare(student):
    from autograder.engine.compare import Compare, Causes
    from autograder.engine.plugin import reference_module

    assignment = course.get("grpo")
    return (Compare(student, reference_module(assignment), Causes(assignment)),
            reference_module(assignment))


#: the case of the module docstring
CANCELLING = (torch.tensor([[-10000.25, -0.003], [-10000.25, 0.0]]), torch.ones(2, 2, dtype=torch.bool),
              torch.tensor([1.0, -1.0]))


def test_an_answer_more_accurate_than_the_float32_reference_is_not_charged(monkeypatch):
    """float64 inside, float32 out: right by the exact answer, though 3.5 tolerances from the
    float32 reference (which the old rule measured from); the reference's own answer passes."""
    from autograder.engine import compare as compare_module

    def float64_inside(token_logprobs, mask, advantages):
        lp = torch.where(mask, token_logprobs.double(), torch.zeros((), dtype=torch.float64))
        return -(advantages.double() * lp.sum(dim=1)).mean().to(token_logprobs.dtype)

    compare, reference = _compare(_Namespace(grpo_loss=float64_inside))
    got = compare("grpo_loss", *CANCELLING, case="cancelling sums, float32")
    want = reference.grpo_loss(*CANCELLING)
    exact = reference.grpo_loss(*(t.double() if t.is_floating_point() else t for t in CANCELLING))
    assert abs(got.item() - exact.item()) < 1e-9 < 3 * 1.01e-5 < abs(want.item() - exact.item())
    with pytest.raises(Mismatch):       # measured from the float32 reference, as it was
        expect_close(got, want, case="the old rule")
    compare_ref, _ = _compare(_Namespace(grpo_loss=reference.grpo_loss))
    compare_ref("grpo_loss", *CANCELLING, case="the float32 reference itself")
    monkeypatch.setattr(compare_module, "exact_answer", lambda *a: None)
    with pytest.raises(Mismatch):
        _compare(_Namespace(grpo_loss=float64_inside))[0]("grpo_loss", *CANCELLING, case="c")


def test_a_wrong_answer_is_still_wrong_and_says_by_how_much():
    compare, _ = _compare(_Namespace(grpo_loss=lambda lp, mask, adv: torch.tensor(0.0017)))
    with pytest.raises(Mismatch) as info:
        compare("grpo_loss", *CANCELLING, case="cancelling sums, float32")
    text = str(info.value)
    assert "expected 0.0015, got 0.0017" in text
    assert "widened there by 3.5e-05, the float32 reference's own rounding" in text
