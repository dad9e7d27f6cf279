"""Hidden suite for `reinforce`: the reference on seeded random inputs and edge cases."""
import pytest
import torch

from autograder.checking import both_dtypes, expect_close, expect_float, expect_no_grad, expect_pair, grads_of

points = pytest.mark.points


def _gen(seed):
    return torch.Generator().manual_seed(seed)


@points(2, group="discounted_returns")
@both_dtypes
def test_discounted_returns_random(student, reference, dtype):
    """random rewards, gamma 0.9"""
    rewards = torch.randn(17, generator=_gen(1)).to(dtype)
    expect_close(student.discounted_returns(rewards, 0.9),
                 reference.discounted_returns(rewards, 0.9),
                 case=f"17 random rewards, gamma 0.9, {dtype}")


@points(1, group="discounted_returns")
def test_discounted_returns_edges(student, reference):
    """one-step episode; gamma 0 and 1"""
    one = torch.tensor([2.5])
    expect_close(student.discounted_returns(one, 0.7), reference.discounted_returns(one, 0.7),
                 case="an episode of length 1")
    r = torch.tensor([1.0, 2.0, 3.0])
    for gamma in (0.0, 1.0):
        expect_close(student.discounted_returns(r, gamma), reference.discounted_returns(r, gamma),
                     case=f"rewards (1, 2, 3), gamma {gamma:g}")


@points(2, group="softmax_logprob_grad")
def test_softmax_logprob_grad_random(student, reference):
    """random logits, an action that is not the argmax"""
    logits = torch.tensor([0.3, 2.0, -1.0, 0.5], dtype=torch.float64)
    for action in (0, 2):
        expect_close(student.softmax_logprob_grad(logits, action),
                     reference.softmax_logprob_grad(logits, action),
                     case=f"logits {logits.tolist()}, action {action}")


@points(1, group="softmax_logprob_grad")
def test_softmax_logprob_grad_extreme(student, reference):
    """logits [1000, 0]: no overflow"""
    logits = torch.tensor([1000.0, 0.0])
    expect_close(student.softmax_logprob_grad(logits, 1), reference.softmax_logprob_grad(logits, 1),
                 case="logits (1000, 0), action 1",
                 hint="exp(1000) overflows: use torch.softmax or subtract the max first")


@points(2, group="reinforce_update")
def test_reinforce_update_random(student, reference):
    """three actions, negative return"""
    logits = torch.tensor([0.1, -0.4, 0.9])
    expect_close(student.reinforce_update(logits, 2, -3.0, 0.05),
                 reference.reinforce_update(logits, 2, -3.0, 0.05),
                 case="logits (0.1, -0.4, 0.9), action 2, return -3, lr 0.05")


@points(2, group="reinforce_loss")
def test_reinforce_loss_gradients(student, reference):
    """gradient w.r.t. log-probs; none into returns or a learned baseline"""
    g = _gen(3)
    lp = torch.randn(6, generator=g, dtype=torch.float64, requires_grad=True)
    ret = torch.randn(6, generator=g, dtype=torch.float64, requires_grad=True)
    base = torch.randn(6, generator=g, dtype=torch.float64, requires_grad=True)
    result = student.reinforce_loss.grad(lp, ret, base, wrt=[0, 1, 2])
    expected = reference.reinforce_loss(lp, ret, base)
    expect_close(result.value, expected.detach(), case="6 steps with a learned baseline")
    grads = grads_of(result, case="gradient of the loss")
    (want,) = torch.autograd.grad(expected, lp)
    expect_close(grads[0], want, case="gradient w.r.t. logprobs")
    expect_no_grad(grads[1], case="gradient w.r.t. returns", what="returns")
    expect_no_grad(grads[2], case="gradient w.r.t. the baseline", what="the baseline")


@points(1, group="reinforce_loss")
def test_reinforce_loss_float_baseline(student, reference):
    """a float baseline, float32"""
    lp, ret = torch.tensor([-0.1, -2.0, -0.7]), torch.tensor([5.0, 1.0, 3.0])
    expect_close(student.reinforce_loss(lp, ret, 3.0), reference.reinforce_loss(lp, ret, 3.0),
                 case="baseline 3.0")


@points(2, group="logit_grad_estimate_stats")
def test_logit_grad_estimate_stats_nonuniform(student, reference):
    """three actions, non-uniform policy, both components"""
    probs, ret = torch.tensor([0.2, 0.5, 0.3]), torch.tensor([1.0, 4.0, -2.0])
    for component, baseline in ((0, 0.0), (2, 1.5)):
        want = reference.logit_grad_estimate_stats(probs, ret, baseline, component)
        case = f"probs (0.2, 0.5, 0.3), returns (1, 4, -2), baseline {baseline}, component {component}"
        got = expect_pair(student.logit_grad_estimate_stats(probs, ret, baseline, component),
                          case=case)
        expect_float(got[0], want[0], case=case + ": mean")
        expect_float(got[1], want[1], case=case + ": variance")
