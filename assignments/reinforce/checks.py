"""Public checks for `reinforce`: the worked examples of the course texts.

Run them with `python check.py` (or from the notebook). The real
grade runs these too, plus hidden tests with more cases.
"""
import math

import torch

from pgcheck import (TEXT_TOLERANCE, expect_close, expect_float, expect_no_grad, expect_pair,
                     expect_tensor, grads_of)


def check_discounted_returns_cartpole(student):
    """500 rewards of 1, gamma 0.99: G_0 = 99.34, twenty steps before the end 18.21, last 1."""
    G = expect_tensor(student.discounted_returns(torch.ones(500, dtype=torch.float64), 0.99),
                      case="cart-pole episode of 500 steps", shape=(500,), dtype=torch.float64)
    expect_close(G[[0, -20, -1]], torch.tensor([99.34, 18.21, 1.0], dtype=torch.float64),
                 case="cart-pole returns G_0, G_480, G_499", atol=TEXT_TOLERANCE)


def check_softmax_logprob_grad_uniform(student):
    """Logits (0, 0), action 1: the gradient is (-0.5, 0.5); the chosen entry is 1 - p."""
    expect_close(student.softmax_logprob_grad(torch.zeros(2), 1), torch.tensor([-0.5, 0.5]),
                 case="logits (0, 0), action 1")


def check_reinforce_update_text_step(student):
    """Logits (0, 0), action 1, return 10, lr 0.1 -> (-0.5, 0.5), policy (0.269, 0.731)."""
    new = expect_close(student.reinforce_update(torch.zeros(2), 1, 10.0, 0.1),
                       torch.tensor([-0.5, 0.5]), case="one REINFORCE step from (0, 0)")
    expect_close(torch.softmax(new, 0), torch.tensor([0.269, 0.731]),
                 case="the policy after the step", atol=TEXT_TOLERANCE)


def check_reinforce_loss_scalar(student):
    """-mean(logprobs * returns) is a scalar; with a baseline the returns are shifted."""
    lp, ret = torch.tensor([-1.0, -2.0]), torch.tensor([3.0, 1.0])
    expect_close(student.reinforce_loss(lp, ret), torch.tensor(2.5), case="no baseline")
    expect_close(student.reinforce_loss(lp, ret, 2.0), torch.tensor(-0.5), case="baseline 2.0")


def check_reinforce_loss_batch(student):
    """Two environments side by side, (T, N) = (2, 2), one baseline each: the mean of all four."""
    lp = torch.tensor([[-1.0, -1.0], [-2.0, -1.0]])
    ret = torch.tensor([[3.0, 4.0], [1.0, 2.0]])
    expect_close(student.reinforce_loss(lp, ret, torch.tensor([0.0, 2.0])), torch.tensor(1.75),
                 case="2 steps of 2 environments, baselines (0, 2)")


def check_reinforce_loss_constants(student):
    """Returns and a learned baseline that require grad are constants: gradient reaches only
    the log-probabilities (-weight / T for each step)."""
    lp = torch.tensor([-1.0, -2.0], requires_grad=True)
    returns = torch.tensor([3.0, 1.0], requires_grad=True)
    baseline = torch.tensor([0.5, 0.5], requires_grad=True)
    result = student.reinforce_loss.grad(lp, returns, baseline, wrt=[0, 1, 2])
    grads = grads_of(result, case="returns and baseline that require grad")
    expect_close(grads[0], torch.tensor([-1.25, -0.25]),
                 case="the gradient with respect to the log-probs")
    expect_no_grad(grads[1], case="returns that require grad", what="returns")
    expect_no_grad(grads[2], case="a baseline that requires grad", what="baseline")


def check_logit_grad_estimate_stats_baseline(student):
    """Returns (10, 12), probs (0.5, 0.5): variance 30.25 without baseline, 0 with 11; mean 0.5."""
    p, R = torch.tensor([0.5, 0.5]), torch.tensor([10.0, 12.0])
    for baseline, variance in ((0.0, 30.25), (11.0, 0.0)):
        case = f"baseline {baseline:g}"
        result = expect_pair(student.logit_grad_estimate_stats(p, R, baseline, 1), case=case)
        expect_float(result[0], 0.5, case=f"{case}: mean")
        expect_float(result[1], variance, case=f"{case}: variance")


# -- float64: the answer keeps float64's precision (the grade's "float64 precision" tests) --

def check_discounted_returns_float64(student):
    """Rewards (1, 2, 3) in float64, gamma 0.95 (not a float32 number): float64's precision."""
    G = student.discounted_returns(torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64), 0.95)
    expect_close(G, torch.tensor([1.0 + 0.95 * (2.0 + 0.95 * 3.0), 2.0 + 0.95 * 3.0, 3.0],
                                 dtype=torch.float64),
                 precision=True, case="three float64 rewards, gamma 0.95")


def check_softmax_logprob_grad_float64(student):
    """Logits (0.1, 0.2) in float64, action 1: onehot - softmax, to float64's precision."""
    p0 = math.exp(0.1) / (math.exp(0.1) + math.exp(0.2))
    out = student.softmax_logprob_grad(torch.tensor([0.1, 0.2], dtype=torch.float64), 1)
    expect_close(out, torch.tensor([-p0, p0], dtype=torch.float64), precision=True,
                 case="float64 logits (0.1, 0.2), action 1")


def check_reinforce_update_float64(student):
    """The text's step in float64 (lr 0.1 is not a float32 number): float64's precision."""
    out = student.reinforce_update(torch.zeros(2, dtype=torch.float64), 1, 10.0, 0.1)
    expect_close(out, torch.tensor([0.1 * 10.0 * -0.5, 0.1 * 10.0 * 0.5], dtype=torch.float64),
                 precision=True, case="one float64 REINFORCE step from (0, 0)")


def check_reinforce_loss_float64(student):
    """float64 log-probs and returns, baseline 0.3: the loss to float64's precision."""
    f64 = {"dtype": torch.float64}
    out = student.reinforce_loss(torch.tensor([-1.0, -2.0], **f64), torch.tensor([3.0, 1.0], **f64),
                                 0.3)
    expect_close(out, torch.tensor(-((-1.0) * (3.0 - 0.3) + (-2.0) * (1.0 - 0.3)) / 2, **f64),
                 precision=True, case="two float64 samples, baseline 0.3")
