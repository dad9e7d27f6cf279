"""Hidden suite for `ppo`: ratios on both sides of the band with both signs of A, other
epsilons, log-probs near -800, exact gradients, and the k1 KL estimate.

Ideas graded (test groups): clipped surrogate, loss value, loss gradient, KL estimate (and
cart-pole, in test_cartpole.py).

Edge cases and inputs-unmodified tests are gated (``gate=``): their points count once the
main tests of their function pass.
"""
import pytest
import torch

from autograder.engine.assertions import both_dtypes

points = pytest.mark.points

#: ratios inside, at the edge of and outside the band [0.8, 1.2], each with A > 0 and A < 0
RATIOS = torch.tensor([0.5, 0.79, 0.81, 1.0, 1.19, 1.21, 1.6, 0.5, 0.81, 1.0, 1.19, 1.6],
                      dtype=torch.float64)
ADVS = torch.tensor([1.0, 2.0, 0.5, 1.0, 3.0, 1.0, 2.0, -1.0, -2.0, -0.5, -1.0, -3.0],
                    dtype=torch.float64)
LOSS_NAMES = ["logp_new (should be -A * r / N where unclipped, 0 where clipped)",
              "logp_old", "the advantages"]


def gen(seed):
    return torch.Generator().manual_seed(seed)


def random_batch(n, *, seed, dtype=torch.float64, spread=0.3):
    g = gen(seed)
    old = -torch.rand(n, generator=g, dtype=torch.float64) * 3
    new = old + spread * torch.randn(n, generator=g, dtype=torch.float64)
    adv = torch.randn(n, generator=g, dtype=torch.float64)
    return new.to(dtype), old.to(dtype), adv.to(dtype)


# -- clipped_surrogate --------------------------------------------------------------

@points(1, group="clipped surrogate")
@pytest.mark.parametrize("eps", [0.2, 0.1, 0.3])
def test_band(compare, eps):
    """ratios on both sides of the band, both signs of the advantage"""
    compare("clipped_surrogate", RATIOS, ADVS, eps, case=f"12 samples around the band, eps {eps}")


@points(1, group="clipped surrogate")
@both_dtypes
def test_random_ratios(compare, dtype):
    """random ratios and advantages"""
    new, old, adv = random_batch(40, seed=1, dtype=dtype)
    compare("clipped_surrogate", torch.exp(new - old), adv, 0.25,
            case=f"40 random samples, eps 0.25, {dtype}")


@points(1, group="clipped surrogate")
def test_surrogate_gradient(compare):
    """d/dr is A where the unclipped term is the min, 0 where the clipped one is"""
    compare.grad("clipped_surrogate", RATIOS.clone().requires_grad_(True), ADVS, 0.2,
                 wrt=[0], names=["the ratio (A where unclipped, 0 where clipped)"],
                 grad_output=torch.ones(12, dtype=torch.float64), case="12 samples around the band")


# -- ppo_clip_loss ------------------------------------------------------------------

@points(2, group="loss value")
@both_dtypes
def test_loss_value(compare, dtype):
    """random batch"""
    new, old, adv = random_batch(32, seed=2, dtype=dtype)
    compare("ppo_clip_loss", new, old, adv, 0.2, case=f"32 random samples, eps 0.2, {dtype}")


@points(1, group="loss value", gate="ppo_clip_loss")
def test_loss_extreme_logprobs(compare):
    """log-probs near -800: no underflow to 0/0"""
    old = torch.tensor([-800.0, -799.5, -801.0, -3.0])
    new = torch.tensor([-799.9, -800.0, -800.2, -2.5])
    adv = torch.tensor([1.0, -2.0, 0.5, 1.5])
    compare("ppo_clip_loss", new, old, adv, 0.2, case="log-probs near -800, float32")


@points(3, group="loss gradient")
def test_loss_gradient(compare):
    """zero gradient exactly where the clip is active, -A*r/N elsewhere"""
    old = torch.log(torch.full((12,), 0.4, dtype=torch.float64))
    new = old + torch.log(RATIOS)
    compare.grad("ppo_clip_loss", new.requires_grad_(True), old.requires_grad_(True),
                 ADVS.clone().requires_grad_(True), 0.2, wrt=[0, 1, 2], names=LOSS_NAMES,
                 case="12 samples around the band, eps 0.2")


@points(1, group="loss gradient")
def test_loss_gradient_other_eps(compare):
    """the gradient with eps 0.1 on random samples"""
    new, old, adv = random_batch(20, seed=3, spread=0.2)
    compare.grad("ppo_clip_loss", new.requires_grad_(True), old, adv, 0.1, wrt=[0],
                 names=LOSS_NAMES[:1], case="20 random samples, eps 0.1")


# -- approx_kl ----------------------------------------------------------------------

@points(1, group="KL estimate")
def test_approx_kl_asymmetric(compare):
    """asymmetric log-prob changes"""
    old = torch.tensor([-0.2, -1.5, -3.0, -0.7])
    new = torch.tensor([-0.9, -1.1, -2.0, -0.7])
    compare("approx_kl", old, new, case="four samples, moves in both directions")


@points(1, group="KL estimate")
@both_dtypes
def test_approx_kl_random(compare, dtype):
    """random batch"""
    new, old, _ = random_batch(25, seed=4, dtype=dtype, spread=0.5)
    compare("approx_kl", old, new, case=f"25 random samples, {dtype}")
