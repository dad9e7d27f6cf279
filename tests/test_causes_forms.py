"""Causes read from the form of the answers (autograder/engine/causes/forms.py): the answer's
type when only the type is wrong, and a gradient that reaches a constant or misses an input
while every value is right. Any other difference names nothing here."""
from functools import partial

import numpy as np
import torch

from autograder.engine.causes import Causes
from autograder.engine.causes.evidence import Observation
from autograder.engine.causes.forms import gradient, wrong_type
from autograder.engine.compare import _judge_grad, _judge_value
from pgcheck.calls import CallResult, call_function, clone

X = [torch.tensor([0.5, -1.25, 2.0], dtype=torch.float64),
     torch.tensor([1.5, 0.25, -3.0, 4.0], dtype=torch.float32)]


def reference(x, y):
    return (x * y.detach()).mean()


def values(student):
    return [Observation("f", "value", (x, x + 1), {}, student(x, x + 1), reference(x, x + 1),
                        partial(_judge_value, case=""), key=f"v{i}") for i, x in enumerate(X)]


def test_a_number_a_list_or_an_array_with_the_right_numbers_names_the_type():
    told = wrong_type("f", values(lambda x, y: reference(x, y).item()))
    assert told.startswith("your function returns a Python float") and ".item()" in told
    assert "a numpy array" in wrong_type("f", values(lambda x, y: np.asarray(
        reference(x, y).numpy())))
    vector = [Observation("f", "value", (x,), {}, (2 * x).tolist(), 2 * x,
                          partial(_judge_value, case="")) for x in X]
    assert "a Python list" in wrong_type("f", vector)


def test_a_wrong_number_or_a_tensor_names_no_type():
    assert wrong_type("f", values(lambda x, y: reference(x, y).item() + 1.0)) is None
    assert wrong_type("f", values(lambda x, y: 2 * reference(x, y))) is None
    assert wrong_type("f", values(reference)) is None


def grads(student, wrt=(0, 1)):
    """Gradient cases of ``f`` judged as the hidden tests judge them."""
    found = []
    for i, x in enumerate(X):
        args = (x.clone().requires_grad_(True), (x + 1).requires_grad_(True))
        spec = {"wrt": list(wrt), "output": None, "grad_output": None}
        names = ["x (the input)", "y"][:len(wrt)]
        want = CallResult.of(call_function(reference, clone(args), {}, grad=spec))
        got = CallResult.of(call_function(student, clone(args), {}, grad=spec))
        found.append(Observation("f", "grad", args, {}, got, want,
                                 partial(_judge_grad, names=names), spec, key=f"g{i}"))
    return found


def test_a_constant_not_detached_names_it():
    told = gradient("f", grads(lambda x, y: (x * y).mean()))
    assert told.startswith("your values are right") and "reaches `y`" in told
    assert "`x`" not in told


def test_an_input_cut_from_autograd_names_it():
    told = gradient("f", grads(lambda x, y: (x.detach() * y.detach()).mean() + 0 * x.sum()))
    assert "no gradient reaches `x`" in told


def test_a_gradient_of_another_size_or_a_wrong_value_names_nothing():
    assert gradient("f", grads(lambda x, y: (x ** 2 / x.detach() * y.detach()).mean())) is None
    assert gradient("f", grads(lambda x, y: 2 * reference(x, y))) is None
    assert gradient("f", grads(reference)) is None


class NoBank(Causes):
    """The pipeline with no bank of known mistakes and no conventions."""

    mistakes = property(lambda self: [])

    def scope(self, fn):
        return {fn}


def test_the_pipeline_names_the_form():
    causes = NoBank(assignment=None)
    cause = causes.conclude("f", values(lambda x, y: reference(x, y).item()))
    assert cause.mistake == "form:type"
    assert causes.conclude("f", grads(lambda x, y: (x * y).mean())).mistake == "form:gradient"
