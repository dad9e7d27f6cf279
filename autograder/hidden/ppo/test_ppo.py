"""Hidden suite for `ppo`: both sides of the band, both signs of A, other epsilons,
extreme log-probs, and exact gradients."""
import pytest
import torch

from autograder.checking import expect_close, expect_no_grad, grads_of

points = pytest.mark.points

RATIOS = torch.tensor([0.5, 0.79, 0.81, 1.0, 1.19, 1.21, 1.6, 0.5, 0.81, 1.0, 1.19, 1.6],
                      dtype=torch.float64)
ADVS = torch.tensor([1.0, 2.0, 0.5, 1.0, 3.0, 1.0, 2.0, -1.0, -2.0, -0.5, -1.0, -3.0],
                    dtype=torch.float64)


@points(3, group="clipped_surrogate")
@pytest.mark.parametrize("eps", [0.2, 0.1, 0.3])
def test_clipped_surrogate_band(student, reference, eps):
    """ratios on both sides of the band, both signs of the advantage"""
    expect_close(student.clipped_surrogate(RATIOS, ADVS, eps),
                 reference.clipped_surrogate(RATIOS, ADVS, eps),
                 case=f"12 samples around the band, eps {eps}")


@points(2, group="ppo_clip_loss")
def test_ppo_clip_loss_value(student, reference):
    """random batch, float32"""
    g = torch.Generator().manual_seed(7)
    old = torch.randn(32, generator=g) - 1.0
    new = old + 0.3 * torch.randn(32, generator=g)
    adv = torch.randn(32, generator=g)
    expect_close(student.ppo_clip_loss(new, old, adv, 0.2),
                 reference.ppo_clip_loss(new, old, adv, 0.2), case="32 random samples")


@points(3, group="ppo_clip_loss")
def test_ppo_clip_loss_gradient(student, reference):
    """zero gradient where the clip is active, -A*r/N elsewhere; none into logp_old or A"""
    old = torch.log(torch.full((12,), 0.4, dtype=torch.float64))
    new = (old + torch.log(RATIOS)).detach().requires_grad_(True)
    old_r = old.clone().requires_grad_(True)
    adv = ADVS.clone().requires_grad_(True)
    result = student.ppo_clip_loss.grad(new, old_r, adv, 0.2, wrt=[0, 1, 2])
    grads = grads_of(result, case="gradient of the loss")
    (want,) = torch.autograd.grad(reference.ppo_clip_loss(new, old, ADVS, 0.2), new)
    expect_close(grads[0], want, case="gradient w.r.t. logp_new on 12 samples around the band")
    expect_no_grad(grads[1], case="gradient w.r.t. logp_old", what="logp_old")
    expect_no_grad(grads[2], case="gradient w.r.t. the advantages", what="the advantages")


@points(1, group="ppo_clip_loss")
def test_ppo_clip_loss_extreme_logprobs(student, reference):
    """log-probs near -800: no NaN"""
    old = torch.tensor([-800.0, -799.5, -0.1], dtype=torch.float64)
    new = torch.tensor([-799.8, -800.0, -0.2], dtype=torch.float64)
    adv = torch.tensor([1.0, -1.0, 0.5], dtype=torch.float64)
    expect_close(student.ppo_clip_loss(new, old, adv), reference.ppo_clip_loss(new, old, adv),
                 case="log-probs near -800",
                 hint="exp(logp_new) / exp(logp_old) underflows to 0/0: use exp(logp_new - logp_old)")


@points(1, group="approx_kl")
def test_approx_kl_asymmetric(student, reference):
    """asymmetric log-prob changes"""
    old = torch.tensor([-0.2, -1.5, -3.0, -0.7])
    new = torch.tensor([-0.9, -1.1, -2.0, -0.7])
    expect_close(student.approx_kl(old, new), reference.approx_kl(old, new),
                 case="four samples, moves in both directions")
