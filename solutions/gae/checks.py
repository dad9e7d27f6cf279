"""Public checks for `gae`: the definitions on tiny rollouts you can do by hand.

Run them with `python check.py`. The real grade runs these too, plus
hidden tests (several episodes per rollout, (T, N) batches, truncation).
"""
import torch

from pgcheck import expect_close, expect_pair

F, T = False, True


def check_td_residuals_terminal(student):
    """delta = r + gamma * V(next) - V, with V(next) ignored on a terminated step."""
    delta = student.td_residuals(torch.tensor([1.0, 1.0]), torch.tensor([0.5, 0.5]),
                                 torch.tensor([2.0, 2.0]), torch.tensor([F, T]), 0.9)
    expect_close(delta, torch.tensor([2.3, 0.5]), case="two steps, the second terminal")


def check_compute_gae_lambda_one(student):
    """Rewards 1, V = 0, gamma = lam = 1, terminal at the end: advantages (3, 2, 1)."""
    z = torch.zeros(3)
    adv, ret = expect_pair(student.compute_gae(torch.ones(3), z, z, torch.tensor([F, F, T]),
                                               torch.tensor([F, F, F]), 1.0, 1.0),
                           case="lambda = 1: (advantages, returns)")
    expect_close(adv, torch.tensor([3.0, 2.0, 1.0]), case="lambda = 1: the return to go")
    expect_close(ret, torch.tensor([3.0, 2.0, 1.0]), case="returns = advantages + values")


def check_compute_gae_lambda_zero(student):
    """lam = 0 gives the TD residuals themselves."""
    r, v, nv = torch.tensor([1.0, 0.0, 2.0]), torch.tensor([0.5, 1.0, 0.2]), torch.tensor([1.0, 0.2, 3.0])
    term = torch.tensor([F, F, T])
    adv, _ = expect_pair(student.compute_gae(r, v, nv, term, torch.tensor([F, F, F]), 0.9, 0.0),
                         case="lambda = 0: (advantages, returns)")
    expect_close(adv, torch.tensor([1.4, -0.82, 1.8]), case="lambda = 0: advantages = deltas")


def check_compute_gae_truncation(student):
    """A truncated step bootstraps from V(next) but the next episode does not leak back."""
    r, v = torch.tensor([1.0, 1.0]), torch.tensor([0.0, 0.0])
    nv = torch.tensor([10.0, 0.0])     # V of the truncated episode's last observation
    adv, _ = expect_pair(student.compute_gae(r, v, nv, torch.tensor([F, F]), torch.tensor([T, F]),
                                             0.5, 1.0),
                         case="truncated first step: (advantages, returns)")
    expect_close(adv, torch.tensor([6.0, 1.0]), case="truncated first step, then a new episode")


# -- float64: the answer keeps float64's precision (the grade's "float64 precision" tests) --

def check_td_residuals_float64(student):
    """float64 in, float64 out, to float64's precision: gamma 0.95 is not a float32 number, so
    a mask built with `.float()` rounds it (build it with `.to(rewards.dtype)`)."""
    f64 = {"dtype": torch.float64}
    delta = student.td_residuals(torch.tensor([1.0, 1.0], **f64), torch.tensor([0.5, 0.5], **f64),
                                 torch.tensor([2.0, 2.0], **f64), torch.tensor([F, T]), 0.95)
    expect_close(delta, torch.tensor([1.0 + 0.95 * 2.0 - 0.5, 1.0 - 0.5], **f64), precision=True,
                 case="two float64 steps, the second terminal, gamma 0.95")


def check_compute_gae_float64(student):
    """float64 in, float64 out, to float64's precision: rewards 1, V = 0, gamma 0.95, lam 0.9."""
    f64 = {"dtype": torch.float64}
    z, gl = torch.zeros(3, **f64), 0.95 * 0.9
    adv, ret = expect_pair(student.compute_gae(torch.ones(3, **f64), z, z, torch.tensor([F, F, T]),
                                               torch.tensor([F, F, F]), 0.95, 0.9),
                           case="three float64 steps: (advantages, returns)")
    want = torch.tensor([1.0 + gl * (1.0 + gl), 1.0 + gl, 1.0], **f64)
    expect_close(adv, want, precision=True, case="float64 advantages, gamma 0.95, lam 0.9")
    expect_close(ret, want, precision=True, case="float64 returns (V = 0)")
