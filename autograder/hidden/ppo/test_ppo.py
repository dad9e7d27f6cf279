"""Hidden suite for `ppo`: ratios on both sides of the band with both signs of A, other
epsilons, log-probs near -800, exact gradients, and the k1 KL estimate.

Ideas graded (test groups): clipped surrogate, loss value, loss gradient, KL estimate, inputs
unmodified, float64 precision (and cart-pole, in test_cartpole.py).

Value tests judge the algorithm at float32 precision; each function has one float64 precision
test (docs/contract.md, "Precision"). ``PROMISES`` maps every promise of a graded function's
docstring to the tests that exercise it (tests/test_promises.py checks the map).

Edge cases and inputs-unmodified tests are gated (``gate=``): their points count once the
main tests of their function pass.
"""
import pytest
import torch

from autograder.engine.assertions import both_dtypes
from autograder.engine.draws import gen      # this grade's inputs (per submission)

points = pytest.mark.points

#: ratios inside, at the edge of and outside the band [0.8, 1.2], each with A > 0 and A < 0
RATIOS = torch.tensor([0.5, 0.79, 0.81, 1.0, 1.19, 1.21, 1.6, 0.5, 0.81, 1.0, 1.19, 1.6],
                      dtype=torch.float64)
ADVS = torch.tensor([1.0, 2.0, 0.5, 1.0, 3.0, 1.0, 2.0, -1.0, -2.0, -0.5, -1.0, -3.0],
                    dtype=torch.float64)
#: ratios far outside the band: 4 with A = -1 must give -4 (a dual clip at 3, verl's
#: clip_ratio_c, gives -3), 0.05 with A = +2 gives 0.1
FAR_RATIOS = torch.tensor([4.0, 10.0, 0.05, 0.2, 6.0, 0.01], dtype=torch.float64)
FAR_ADVS = torch.tensor([-1.0, -0.5, 2.0, -1.5, 1.0, 1.0], dtype=torch.float64)

PROMISES = {
    "clipped_surrogate": {
        "``min(ratio * A, clip(ratio, 1 - eps, 1 + eps) * A)``": ["test_band", "test_far_outside_band"],
        "``clip_eps``": ["test_band"],
        "``(B,)``": ["test_random_ratios", "test_single_sample"],
        "the pessimistic surrogate per sample": ["test_band", "test_surrogate_gradient"],
    },
    "ppo_clip_loss": {
        "``-mean(clipped_surrogate(exp(logp_new - logp_old), A))``": ["test_loss_value",
                                                                      "test_loss_extreme_logprobs"],
        "no gradient": ["test_loss_gradient"],
        "``()``": ["test_loss_value", "test_single_sample"],
    },
    "approx_kl": {
        "``mean(logp_old - logp_new)``": ["test_approx_kl_asymmetric", "test_approx_kl_random"],
        "``()``": ["test_approx_kl_random", "test_single_sample"],
    },
}
LOSS_NAMES = ["logp_new (should be -A * r / N where unclipped, 0 where clipped)",
              "logp_old", "the advantages"]


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
def test_far_outside_band(compare):
    """ratios far outside the band with both signs of A: no second clip below (dual clip)"""
    compare("clipped_surrogate", FAR_RATIOS, FAR_ADVS, 0.2,
            case="ratios 4, 10, 0.05, 0.2, 6, 0.01 with A = -1, -0.5, 2, -1.5, 1, 1, eps 0.2")


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
    with compare.gather():
        compare("ppo_clip_loss", new, old, adv, 0.2, case="log-probs near -800, float32")
        compare("ppo_clip_loss", new / 8, old / 8, adv, 0.2,
                case="log-probs near -100, float32 (their exp is a subnormal number)")


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


@points(1, group="loss value", gate=["clipped_surrogate", "ppo_clip_loss", "approx_kl"])
def test_single_sample(compare):
    """a batch of one sample (B = 1)"""
    compare("clipped_surrogate", torch.tensor([1.3]), torch.tensor([-2.0]), 0.2,
            case="one sample: ratio 1.3, A = -2")
    compare("ppo_clip_loss", torch.tensor([-0.4]), torch.tensor([-0.9]), torch.tensor([1.5]), 0.2,
            case="one sample: log-probs -0.4 (new) and -0.9 (old), A = 1.5")
    compare("approx_kl", torch.tensor([-0.9]), torch.tensor([-0.4]), case="one sample")


# -- inputs unmodified: every function that takes tensors -----------------------------------

@points(1, group="inputs unmodified", gate=["clipped_surrogate", "ppo_clip_loss", "approx_kl"])
def test_inputs_unmodified(compare):
    """every tensor argument is left as it was (an in-place edit corrupts the rollout buffer)"""
    new, old, adv = random_batch(10, seed=20)
    compare.unmodified("clipped_surrogate", (new - old).exp(), adv, 0.2,
                       case="clipped_surrogate on 10 samples")
    compare.unmodified("ppo_clip_loss", new, old, adv, 0.2, case="ppo_clip_loss on 10 samples")
    compare.unmodified("approx_kl", old, new, case="approx_kl on 10 samples")


# -- float64 precision: once per function (docs/contract.md, "Precision") --------------------

@points(1, group="float64 precision", gate="clipped_surrogate")
def test_clipped_surrogate_float64_precision(compare):
    """clipped_surrogate keeps float64's precision on float64 inputs"""
    new, old, adv = random_batch(30, seed=5)
    compare.precision("clipped_surrogate", torch.exp(new - old), adv, 0.15,
                      case="30 random samples, eps 0.15, float64")


@points(1, group="float64 precision", gate="ppo_clip_loss")
def test_ppo_clip_loss_float64_precision(compare):
    """ppo_clip_loss keeps float64's precision on float64 inputs"""
    new, old, adv = random_batch(30, seed=6)
    compare.precision("ppo_clip_loss", new, old, adv, 0.15, case="30 random samples, eps 0.15, float64")


@points(1, group="float64 precision", gate="approx_kl")
def test_approx_kl_float64_precision(compare):
    """approx_kl keeps float64's precision on float64 inputs"""
    new, old, _ = random_batch(30, seed=7, spread=0.1)
    compare.precision("approx_kl", old, new, case="30 random samples, float64")
