"""Public checks for `ppo`: the three clipping samples of the course text, the KL estimate, and
the texts' warnings (constants of the batch, the ratio from a difference of log-probs).

Run them with `python check.py`. The real grade runs these too, plus hidden
tests (gradients, other epsilons, extreme log-probs) and the cart-pole run.
"""
import math

import torch

from pgcheck import expect_close, expect_no_grad


def check_clipped_surrogate_three_samples(student):
    """ratio 1.3 / A +2 -> 2.4; ratio 1.3 / A -2 -> -2.6; ratio 0.7 / A +2 -> 1.4 (eps 0.2)."""
    out = student.clipped_surrogate(torch.tensor([1.3, 1.3, 0.7]), torch.tensor([2.0, -2.0, 2.0]))
    expect_close(out, torch.tensor([2.4, -2.6, 1.4]), case="the three samples of the text")


def check_ppo_clip_loss_clipped_sample(student):
    """p_old 0.5 -> p_new 0.65 with A = +2: loss -2.4 and no gradient (the clip is active)."""
    lp_new = torch.tensor([math.log(0.65)], requires_grad=True)
    result = student.ppo_clip_loss.grad(lp_new, torch.tensor([math.log(0.5)]),
                                        torch.tensor([2.0]), wrt=[0])
    expect_close(result.value, torch.tensor(-2.4), case="loss of the clipped sample")
    expect_no_grad(result.grads[0] if result.grads else None,
                   case="gradient of a clipped sample", what="logp_new")


def check_ppo_clip_loss_constants(student):
    """logp_old and the advantages require grad, yet no gradient flows into them."""
    lp_old = torch.tensor([math.log(0.5), math.log(0.5)], requires_grad=True)
    advantages = torch.tensor([1.0, -1.0], requires_grad=True)
    result = student.ppo_clip_loss.grad(torch.tensor([math.log(0.55), math.log(0.45)]), lp_old,
                                        advantages, wrt=[1, 2])
    grads = result.grads or [None, None]
    expect_no_grad(grads[0], case="logp_old that requires grad", what="logp_old")
    expect_no_grad(grads[1], case="advantages that require grad", what="advantages")


def check_ppo_clip_loss_tiny_probabilities(student):
    """Log-probs near -800: exp of each underflows to 0, their difference (0.1) does not."""
    out = student.ppo_clip_loss(torch.tensor([-799.9]), torch.tensor([-800.0]), torch.tensor([1.0]))
    expect_close(out, torch.tensor(-math.exp(0.1)), atol=1e-4,
                 case="logp_new -799.9, logp_old -800, A = +1 (ratio exp(0.1))")


def check_approx_kl_mean_log_ratio(student):
    """k1 estimate: mean(logp_old - logp_new)."""
    expect_close(student.approx_kl(torch.tensor([-0.5, -1.0]), torch.tensor([-0.6, -1.2])),
                 torch.tensor(0.15), case="two samples")


# -- float64: the answer keeps float64's precision (the grade's "float64 precision" tests) --

def check_clipped_surrogate_float64(student):
    """The three samples in float64: float64's precision (eps 0.2 is not a float32 number)."""
    f64 = {"dtype": torch.float64}
    out = student.clipped_surrogate(torch.tensor([1.3, 1.3, 0.7], **f64),
                                    torch.tensor([2.0, -2.0, 2.0], **f64))
    want = [min(1.3 * 2.0, 1.2 * 2.0), min(1.3 * -2.0, 1.2 * -2.0), min(0.7 * 2.0, 0.8 * 2.0)]
    expect_close(out, torch.tensor(want, **f64), precision=True,
                 case="the three samples of the text, in float64")


def check_ppo_clip_loss_float64(student):
    """p_old 0.5 -> p_new 0.65 with A = +0.3 (not a float32 number), in float64: loss -0.36
    to float64's precision (advantages cast to float32 round it)."""
    f64 = {"dtype": torch.float64}
    out = student.ppo_clip_loss(torch.tensor([math.log(0.65)], **f64),
                                torch.tensor([math.log(0.5)], **f64), torch.tensor([0.3], **f64))
    expect_close(out, torch.tensor(-min(0.65 / 0.5 * 0.3, 1.2 * 0.3), **f64), precision=True,
                 case="the clipped sample, in float64")


def check_approx_kl_float64(student):
    """The k1 estimate of two float64 samples, to float64's precision."""
    f64 = {"dtype": torch.float64}
    out = student.approx_kl(torch.tensor([-0.5, -1.0], **f64), torch.tensor([-0.6, -1.2], **f64))
    expect_close(out, torch.tensor(((-0.5 + 0.6) + (-1.0 + 1.2)) / 2, **f64), precision=True,
                 case="two float64 samples")
