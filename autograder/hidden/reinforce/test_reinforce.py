"""Hidden suite for `reinforce`: the reference on seeded random inputs and the edge cases.

Ideas graded (test groups): discounted returns, log-softmax gradient, update step, loss
value, loss gradients, variance of the estimate, inputs unmodified, float64 precision.

Value tests judge the algorithm at float32 precision; each function that keeps its input's
dtype has one float64 precision test (docs/contract.md, "Precision"). ``PROMISES`` maps every
promise of a graded function's docstring to the tests that exercise it
(tests/test_promises.py checks the map).

Edge cases and inputs-unmodified tests are gated (``gate=``): their points count once the
main tests of their function pass.
"""
import pytest
import torch

from autograder.engine.assertions import both_dtypes
from autograder.engine.draws import gen      # this grade's inputs (per submission)

points = pytest.mark.points

PROMISES = {
    "discounted_returns": {
        "``G_t = r_t + gamma * G_{t+1}``, ``G_T = 0``": ["test_discounted_returns_random",
                                                       "test_discounted_returns_short"],
        "discount factor in [0, 1]": ["test_discounted_returns_gammas"],
        "same dtype as ``rewards``": ["test_discounted_returns_random",
                                      "test_discounted_returns_float64_precision"],
    },
    "softmax_logprob_grad": {
        "``onehot(action) - softmax(logits)``": ["test_softmax_logprob_grad_random",
                                                 "test_softmax_logprob_grad_sums_to_zero"],
        "unnormalised scores of the K actions": ["test_softmax_logprob_grad_extreme"],
        "``(K,)``": ["test_softmax_logprob_grad_random",
                     "test_softmax_logprob_grad_float64_precision"],
    },
    "reinforce_update": {
        "``logits + lr * ret * softmax_logprob_grad(logits, action)``":
            ["test_reinforce_update_random"],
        "``ret``       float": ["test_reinforce_update_random",
                                "test_reinforce_update_standing_still"],
        "returns       ``(K,)``     the new logits": ["test_reinforce_update_random"],
    },
    "reinforce_loss": {
        "``-mean(logprobs * (returns - baseline))``": ["test_reinforce_loss_baselines"],
        "no gradient may flow into them": ["test_reinforce_loss_gradients"],
        "None, float, or": ["test_reinforce_loss_baselines"],
        "``(T,)`` or ``(T, N)``": ["test_reinforce_loss_baselines",
                                   "test_reinforce_loss_batch_baseline"],
        "broadcasting to ``returns``": ["test_reinforce_loss_batch_baseline",
                                        "test_reinforce_loss_broadcast_baselines"],
        "``()``": ["test_reinforce_loss_baselines", "test_reinforce_loss_float64_precision"],
    },
    "logit_grad_estimate_stats": {
        "exact mean and variance over the draw of ``a``": ["test_stats_nonuniform"],
        "``(mean, variance)`` as Python floats": ["test_stats_nonuniform",
                                                  "test_stats_float32_four_actions"],
    },
}


# -- discounted_returns -------------------------------------------------------------

@points(2, group="discounted returns")
@both_dtypes
def test_discounted_returns_random(compare, dtype):
    """random rewards, gamma 0.9: dense, and sparse (mostly 0, a point now and then, as in Pong)"""
    g = gen(1)
    rewards = torch.randn(17, generator=g, dtype=torch.float64).to(dtype)
    sparse = rewards * (torch.rand(17, generator=g) < 0.3).to(dtype)
    sparse[[3, 10]] = rewards[[3, 10]]      # a point at least, with steps of no reward after
    sparse[-1] = 0.0
    with compare.gather():                  # both compared: a cause needs both
        compare("discounted_returns", rewards, 0.9, case=f"17 random rewards, gamma 0.9, {dtype}")
        compare("discounted_returns", sparse, 0.9,
                case=f"17 sparse rewards (mostly 0), gamma 0.9, {dtype}")


@points(1, group="discounted returns", gate="discounted_returns")
def test_discounted_returns_short(compare):
    """an episode of length 1, and one of length 2"""
    compare("discounted_returns", torch.tensor([2.5]), 0.7, case="one reward 2.5, gamma 0.7")
    compare("discounted_returns", torch.tensor([1.0, -4.0]), 0.5, case="rewards (1, -4), gamma 0.5")


@points(1, group="discounted returns", gate="discounted_returns")
def test_discounted_returns_gammas(compare):
    """gamma 0 and 1 next to an ordinary gamma"""
    rewards = torch.tensor([1.0, 2.0, 3.0, -1.0], dtype=torch.float64)
    for gamma in (0.0, 1.0, 0.5):
        compare("discounted_returns", rewards, gamma, case=f"rewards (1, 2, 3, -1), gamma {gamma:g}")


# -- softmax_logprob_grad -----------------------------------------------------------

@points(2, group="log-softmax gradient")
@both_dtypes
def test_softmax_logprob_grad_random(compare, dtype):
    """random logits, actions that are not the argmax"""
    logits = torch.randn(6, generator=gen(2), dtype=torch.float64).to(dtype) * 2
    best = int(logits.argmax())
    for action in [a for a in range(6) if a != best][:3]:
        compare("softmax_logprob_grad", logits, action,
                case=f"6 random logits, action {action} (not the most likely), {dtype}")


@points(1, group="log-softmax gradient", gate="softmax_logprob_grad")
def test_softmax_logprob_grad_extreme(compare):
    """logits such as (1000, 0): no overflow, no NaN"""
    compare("softmax_logprob_grad", torch.tensor([1000.0, 0.0]), 1, case="logits (1000, 0), action 1")
    compare("softmax_logprob_grad", torch.tensor([-5.0, 800.0, 3.0], dtype=torch.float64), 0,
            case="logits (-5, 800, 3), action 0")


@points(1, group="log-softmax gradient")
def test_softmax_logprob_grad_sums_to_zero(compare):
    """the gradient of a log-probability sums to 0 over the logits"""
    logits = torch.tensor([0.3, 2.0, -1.0, 0.5, 0.0])
    compare("softmax_logprob_grad", logits, 4, case="logits (0.3, 2, -1, 0.5, 0), action 4")


# -- reinforce_update ---------------------------------------------------------------

@points(2, group="update step")
@both_dtypes
def test_reinforce_update_random(compare, dtype):
    """random logits, positive and negative returns"""
    logits = torch.randn(4, generator=gen(3), dtype=torch.float64).to(dtype)
    for action, ret, lr in ((2, -3.0, 0.05), (0, 7.5, 0.2)):
        compare("reinforce_update", logits, action, ret, lr,
                case=f"4 random logits, action {action}, return {ret}, lr {lr}, {dtype}")


@points(1, group="update step", gate="reinforce_update")
def test_reinforce_update_standing_still(compare):
    """a return of 0, and a policy of one action: the logits stay where they are"""
    compare("reinforce_update", torch.tensor([0.1, -0.4, 0.9]), 1, 0.0, 0.1,
            case="logits (0.1, -0.4, 0.9), action 1, return 0, lr 0.1")
    compare("reinforce_update", torch.tensor([1.5], dtype=torch.float64), 0, 4.0, 0.5,
            case="one action, logit 1.5, return 4, lr 0.5")


# -- reinforce_loss -----------------------------------------------------------------

@points(1, group="loss value")
@both_dtypes
def test_reinforce_loss_baselines(compare, dtype):
    """no baseline, a float baseline, a per-step tensor baseline"""
    g = gen(4)
    lp = -torch.rand(9, generator=g, dtype=torch.float64).to(dtype) * 2
    ret = (torch.randn(9, generator=g, dtype=torch.float64) * 5).to(dtype)
    compare("reinforce_loss", lp, ret, case=f"9 steps, no baseline, {dtype}")
    compare("reinforce_loss", lp, ret, 1.5, case=f"9 steps, baseline 1.5, {dtype}")
    compare("reinforce_loss", lp, ret, ret.mean(), case=f"9 steps, baseline mean(returns), {dtype}")


@points(1, group="loss value")
def test_reinforce_loss_batch_baseline(compare):
    """a (T, N) batch with one baseline per environment"""
    g = gen(5)
    lp = -torch.rand(5, 3, generator=g, dtype=torch.float64)
    ret = torch.randn(5, 3, generator=g, dtype=torch.float64)
    compare("reinforce_loss", lp, ret, torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64),
            case="5 steps of 3 environments, baseline per environment")


@points(1, group="loss value", gate="reinforce_loss")
def test_reinforce_loss_broadcast_baselines(compare):
    """baselines that broadcast: a (1,) tensor, a 0-d tensor, a (1, N) row for (T, N) returns"""
    g = gen(7)
    lp = -torch.rand(6, 2, generator=g, dtype=torch.float64)
    ret = torch.randn(6, 2, generator=g, dtype=torch.float64)
    compare("reinforce_loss", lp[:, 0], ret[:, 0], torch.tensor([0.3], dtype=torch.float64),
            case="6 steps, baseline tensor([0.3])")
    compare("reinforce_loss", lp[:, 0], ret[:, 0], torch.tensor(-0.8, dtype=torch.float64),
            case="6 steps, baseline tensor(-0.8)")
    compare("reinforce_loss", lp, ret, torch.tensor([[0.5, -0.5]], dtype=torch.float64),
            case="6 steps of 2 environments, baseline of shape (1, 2)")


@points(2, group="loss gradients")
def test_reinforce_loss_gradients(compare):
    """gradient -(G - b)/T into the log-probs; none into returns or a learned baseline"""
    g = gen(6)
    lp = torch.randn(6, generator=g, dtype=torch.float64).requires_grad_(True)
    ret = torch.randn(6, generator=g, dtype=torch.float64).requires_grad_(True)
    base = torch.randn(6, generator=g, dtype=torch.float64).requires_grad_(True)
    compare.grad("reinforce_loss", lp, ret, base, wrt=[0, 1, 2],
                 names=["logprobs", "returns", "the baseline"],
                 case="6 steps with a learned baseline")


# -- logit_grad_estimate_stats ------------------------------------------------------

@points(2, group="variance of the estimate")
def test_stats_nonuniform(compare):
    """non-uniform policies, every component, several baselines"""
    probs = torch.tensor([0.2, 0.5, 0.3], dtype=torch.float64)
    ret = torch.tensor([1.0, 4.0, -2.0], dtype=torch.float64)
    for component, baseline in ((0, 0.0), (1, 1.7), (2, -3.0)):
        compare("logit_grad_estimate_stats", probs, ret, baseline, component,
                names=["mean", "variance"],
                case=f"probs (0.2, 0.5, 0.3), returns (1, 4, -2), baseline {baseline}, "
                     f"component {component}")


@points(1, group="variance of the estimate")
def test_stats_float32_four_actions(compare):
    """four actions, float32 inputs"""
    probs = torch.tensor([0.1, 0.6, 0.25, 0.05])
    ret = torch.tensor([3.0, -1.0, 0.5, 10.0])
    compare("logit_grad_estimate_stats", probs, ret, 0.5, 3, names=["mean", "variance"],
            case="probs (0.1, 0.6, 0.25, 0.05), returns (3, -1, 0.5, 10), baseline 0.5, component 3")


# -- inputs unmodified: every function that takes tensors -----------------------------------

@points(1, group="inputs unmodified", gate=["discounted_returns", "softmax_logprob_grad",
                                            "reinforce_update", "reinforce_loss",
                                            "logit_grad_estimate_stats"])
def test_inputs_unmodified(compare):
    """every tensor argument is left as it was (an in-place edit corrupts a caller's rollout)"""
    g = gen(12)
    compare.unmodified("discounted_returns", torch.randn(7, generator=g, dtype=torch.float64), 0.9,
                       case="discounted_returns on 7 rewards")
    logits = torch.randn(5, generator=g, dtype=torch.float64)
    compare.unmodified("softmax_logprob_grad", logits, 2, case="softmax_logprob_grad on 5 logits")
    compare.unmodified("reinforce_update", logits, 1, 2.5, 0.1,
                       case="reinforce_update on 5 logits")
    lp = -torch.rand(6, generator=g, dtype=torch.float64)
    ret = torch.randn(6, generator=g, dtype=torch.float64)
    compare.unmodified("reinforce_loss", lp, ret, torch.randn(6, generator=g, dtype=torch.float64),
                       case="reinforce_loss on 6 steps with a baseline tensor")
    compare.unmodified("logit_grad_estimate_stats", torch.tensor([0.2, 0.5, 0.3], dtype=torch.float64),
                       torch.tensor([1.0, 4.0, -2.0], dtype=torch.float64), 1.0, 1,
                       case="logit_grad_estimate_stats on 3 actions")


# -- float64 precision: once per function (docs/contract.md, "Precision") --------------------

@points(1, group="float64 precision", gate="discounted_returns")
def test_discounted_returns_float64_precision(compare):
    """discounted_returns keeps float64's precision on float64 rewards (gamma 0.95 is not a float32 number)"""
    rewards = torch.randn(40, generator=gen(8), dtype=torch.float64)
    compare.precision("discounted_returns", rewards, 0.95, case="40 random rewards, gamma 0.95, float64")


@points(1, group="float64 precision", gate="softmax_logprob_grad")
def test_softmax_logprob_grad_float64_precision(compare):
    """softmax_logprob_grad keeps float64's precision on float64 logits"""
    logits = torch.randn(7, generator=gen(9), dtype=torch.float64)
    compare.precision("softmax_logprob_grad", logits, 3, case="7 random logits, action 3, float64")


@points(1, group="float64 precision", gate="reinforce_update")
def test_reinforce_update_float64_precision(compare):
    """reinforce_update keeps float64's precision on float64 logits (lr 0.1 is not a float32 number)"""
    logits = torch.randn(5, generator=gen(10), dtype=torch.float64)
    compare.precision("reinforce_update", logits, 2, 1.7, 0.1,
                      case="5 random logits, action 2, return 1.7, lr 0.1, float64")


@points(1, group="float64 precision", gate="reinforce_loss")
def test_reinforce_loss_float64_precision(compare):
    """reinforce_loss keeps float64's precision on float64 inputs"""
    g = gen(11)
    lp = -torch.rand(12, generator=g, dtype=torch.float64) * 2
    ret = torch.randn(12, generator=g, dtype=torch.float64) * 3
    compare.precision("reinforce_loss", lp, ret, 0.3, case="12 steps, baseline 0.3, float64")
