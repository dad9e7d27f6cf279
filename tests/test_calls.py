"""Calls with gradients (``calls.call_function``): what the worker and a notebook's checks run."""
import pytest
import torch

from pgcheck.calls import call_function


def f(x, w):
    return torch.tanh(x) * w + x.exp().sum()


def test_weighted_gradients_are_autograds_vector_jacobian_products():
    x = torch.randn(7, dtype=torch.float64, requires_grad=True)
    w = torch.randn(7, dtype=torch.float64, requires_grad=True)
    weights = torch.randn(7, dtype=torch.float64)
    reply = call_function(f, [x, w], {}, grad={"wrt": [0, 1], "grad_output": weights})
    expected = torch.autograd.grad(f(x, w), [x, w], grad_outputs=weights)
    assert all(torch.equal(a, b) for a, b in zip(reply["grads"], expected))


def test_a_scalar_output_needs_no_weights():
    x = torch.randn(3, dtype=torch.float64, requires_grad=True)
    reply = call_function(lambda x: (x ** 2).sum(), [x], {}, grad={"wrt": [0]})
    assert torch.allclose(reply["grads"][0], 2 * x)


def test_an_output_of_the_wrong_shape_is_reported_not_broadcast():
    x = torch.randn(4, requires_grad=True)
    with pytest.raises(ValueError, match=r"shape \(4, 1\); this check expects shape \(4,\)"):
        call_function(lambda x: x[:, None] * 2, [x], {},
                      grad={"wrt": [0], "grad_output": torch.ones(4)})


def test_no_gradient_flows_from_a_detached_output():
    x = torch.randn(4, requires_grad=True)
    reply = call_function(lambda x: x.detach() * 2, [x], {},
                          grad={"wrt": [0], "grad_output": torch.ones(4)})
    assert reply["grads"] is None and "detached" in reply["grad_error"]


def test_a_submission_that_could_not_be_read_fails_each_function_a_test_names_with_why():
    """The stand-in for unreadable work (a link, a pipe, a file over its limit) raises the
    reason at the first touch of any function, and notes the name as called: every test then
    says why the work was not graded (a fast check of the seam the proxy and the grade share)."""
    from autograder.engine.grade import _Unloadable
    from autograder.sandbox.problems import LoadFailure

    student = _Unloadable("work.py is a symbolic link; submit the file itself")
    with pytest.raises(LoadFailure, match="symbolic link"):
        student.some_function(None)
    assert student.called == ["some_function"]
