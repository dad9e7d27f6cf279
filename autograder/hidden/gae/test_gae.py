"""Hidden suite for `gae`: rollouts with several episodes, termination and truncation
mid-rollout (V(final observation) != V(reset observation)), (T,) and (T, N) shapes, the
lambda = 0 / 1 identities, returns = advantages + values.

Ideas graded (test groups): TD residual, recursion, episode boundaries, truncation
bootstrap, batch shapes, value targets, inputs unmodified, float64 precision.

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
NAMES = ["advantages", "returns"]

PROMISES = {
    "td_residuals": {
        "``(T,)`` or ``(T, N)``": ["test_td_residuals_random", "test_td_residuals_batch",
                                   "test_one_step"],
        "true where step t ended the episode": ["test_td_residuals_random"],
        "returns like ``rewards``": ["test_td_residuals_random",
                                     "test_td_residuals_float64_precision"],
    },
    "compute_gae": {
        "``done_t = terminated_t or truncated_t``": ["test_several_episodes",
                                                     "test_truncation_mid_rollout",
                                                     "test_terminated_and_truncated"],
        "``A_T = 0``": ["test_recursion_one_episode", "test_one_step"],
        "``returns = advantages + values``": ["test_returns_are_advantages_plus_values"],
        "``lam = 0`` gives the TD errors": ["test_lambda_zero_is_td"],
        "``lam = 1`` gives the Monte Carlo return minus ``V``": ["test_lambda_one_is_monte_carlo"],
        "``(T,)`` or ``(T, N)``": ["test_batch_shapes", "test_one_step"],
        "true where a time limit cut step t": ["test_truncation_mid_rollout"],
        "two like ``rewards``": ["test_batch_shapes", "test_compute_gae_float64_precision"],
    },
}


def rollout(T, N=None, *, seed, dtype=torch.float64, terminate=(), truncate=()):
    """Random rewards and values (never 0) of one rollout; ends at the given steps.

    ``next_values[t]`` is V(s_{t+1}); at a truncated step it is V(final observation),
    which differs from ``values[t + 1]``, the value of the reset observation.
    """
    g = gen(seed)
    shape = (T,) if N is None else (T, N)
    rewards = torch.randn(shape, generator=g, dtype=torch.float64)
    values = torch.randn(shape, generator=g, dtype=torch.float64) + 0.5
    next_values = torch.cat([values[1:], torch.randn((1,) + shape[1:], generator=g,
                                                     dtype=torch.float64)])
    terminated = torch.zeros(shape, dtype=torch.bool)
    truncated = torch.zeros(shape, dtype=torch.bool)
    for t in terminate:
        terminated[t] = True
        next_values[t] = torch.randn(shape[1:], generator=g, dtype=torch.float64)  # never used
    for t in truncate:
        truncated[t] = True
        next_values[t] = values[t + 1] + 2.0 + torch.rand(shape[1:], generator=g,
                                                          dtype=torch.float64)
    cast = lambda x: x.to(dtype)  # noqa: E731
    return cast(rewards), cast(values), cast(next_values), terminated, truncated


# -- td_residuals -------------------------------------------------------------------

@points(2, group="TD residual")
@both_dtypes
def test_td_residuals_random(compare, dtype):
    """random rollout, terminated mid-way, V != 0"""
    r, v, nv, term, _ = rollout(10, seed=1, dtype=dtype, terminate=[3])
    compare("td_residuals", r, v, nv, term, 0.97, case=f"10 steps, terminated at t=3, gamma 0.97, {dtype}")


@points(1, group="TD residual")
def test_td_residuals_batch(compare):
    """(T, N) inputs, terminations in different environments"""
    r, v, nv, term, _ = rollout(7, 3, seed=2)
    term[2, 0] = term[5, 2] = True
    compare("td_residuals", r, v, nv, term, 0.8, case="7 steps of 3 environments, gamma 0.8")


# -- compute_gae --------------------------------------------------------------------

@points(2, group="recursion")
@both_dtypes
def test_recursion_one_episode(compare, dtype):
    """one unfinished episode, gamma and lambda not in {0, 1}"""
    r, v, nv, term, trunc = rollout(12, seed=3, dtype=dtype)
    compare("compute_gae", r, v, nv, term, trunc, 0.95, 0.9, names=NAMES,
            case=f"12 steps of one unfinished episode, gamma 0.95, lambda 0.9, {dtype}")


@points(1, group="recursion", gate="compute_gae")
def test_lambda_zero_is_td(compare):
    """lambda = 0 gives the TD residuals"""
    r, v, nv, term, trunc = rollout(9, seed=4, terminate=[4], truncate=[6])
    compare("compute_gae", r, v, nv, term, trunc, 0.9, 0.0, names=NAMES,
            case="9 steps with both kinds of ends, lambda 0")


@points(1, group="recursion", gate="compute_gae")
def test_lambda_one_is_monte_carlo(compare):
    """lambda = 1 gives the (bootstrapped) Monte Carlo return minus V"""
    r, v, nv, term, trunc = rollout(9, seed=5, terminate=[2], truncate=[6])
    compare("compute_gae", r, v, nv, term, trunc, 0.9, 1.0, names=NAMES,
            case="9 steps with both kinds of ends, lambda 1")


@points(2, group="episode boundaries")
def test_several_episodes(compare):
    """three episodes in one rollout, ended by termination"""
    r, v, nv, term, trunc = rollout(14, seed=6, terminate=[3, 9])
    compare("compute_gae", r, v, nv, term, trunc, 0.9, 0.8, names=NAMES,
            case="14 steps, terminated at t=3 and t=9, gamma 0.9, lambda 0.8")


@points(1, group="episode boundaries", gate="compute_gae")
def test_episode_ends_at_first_and_last_step(compare):
    """an episode of length 1 at the start, an end at the last step"""
    r, v, nv, term, trunc = rollout(6, seed=7, terminate=[0], truncate=[5 - 1])
    term[5] = True
    compare("compute_gae", r, v, nv, term, trunc, 0.99, 0.95, names=NAMES,
            case="6 steps: terminated at t=0 and t=5, truncated at t=4")


@points(1, group="truncation bootstrap")
def test_terminated_and_truncated(compare):
    """a step both terminated and truncated ends the episode, and nothing is bootstrapped

    gymnasium reports both when the pole falls on the last allowed step."""
    r, v, nv, term, trunc = rollout(10, seed=12, terminate=[4, 7], truncate=[4])
    compare("compute_gae", r, v, nv, term, trunc, 0.9, 0.8, names=NAMES,
            case="10 steps, t=4 both terminated and truncated, terminated at t=7")


@points(2, group="truncation bootstrap")
def test_truncation_mid_rollout(compare):
    """truncated mid-rollout: bootstrap from V(final obs), no advantage across the end"""
    r, v, nv, term, trunc = rollout(12, seed=8, terminate=[2], truncate=[7])
    compare("compute_gae", r, v, nv, term, trunc, 0.9, 0.8, names=NAMES,
            case="12 steps, terminated at t=2, truncated at t=7 "
                 "(V(final observation) != V(reset observation))")


@points(2, group="batch shapes")
@both_dtypes
def test_batch_shapes(compare, dtype):
    """(T, N) with N != T, different ends in different environments"""
    r, v, nv, term, trunc = rollout(11, 4, seed=9, dtype=dtype)
    term[3, 1] = term[8, 2] = True
    trunc[5, 0] = True
    nv[5, 0] = v[6, 0] + 3.0
    compare("compute_gae", r, v, nv, term, trunc, 0.99, 0.95, names=NAMES,
            case=f"11 steps of 4 environments, ends at different steps, {dtype}")


@points(1, group="batch shapes", gate=["td_residuals", "compute_gae"])
def test_one_step(compare):
    """T = 1: a rollout of one step, (1,) and (1, N), ended or not"""
    for N, end in ((None, ""), (None, "terminated"), (3, ""), (3, "truncated")):
        r, v, nv, term, trunc = rollout(1, N, seed=13, terminate=[0] if end == "terminated" else [])
        if end == "truncated":      # V(final observation), not the reset one
            trunc[:] = True
            nv = v + 2.0
        shape = "(1,)" if N is None else f"(1, {N})"
        what = f"{end} at t=0" if end else "unfinished"
        compare("td_residuals", r, v, nv, term, 0.9, case=f"one step, shape {shape}, {what}")
        compare("compute_gae", r, v, nv, term, trunc, 0.9, 0.8, names=NAMES,
                case=f"one step, shape {shape}, {what}")


@points(2, group="value targets")
def test_returns_are_advantages_plus_values(compare):
    """returns = advantages + values, also with V far from 0"""
    r, v, nv, term, trunc = rollout(8, seed=10, terminate=[5])
    compare("compute_gae", r, v + 10.0, nv + 10.0, term, trunc, 0.9, 0.7, names=NAMES,
            case="8 steps with values around 10, gamma 0.9, lambda 0.7")


@points(1, group="inputs unmodified", gate=["td_residuals", "compute_gae"])
def test_inputs_unmodified(compare):
    """the rollout tensors are left as they were, by both functions"""
    r, v, nv, term, trunc = rollout(8, 2, seed=11, terminate=[3], truncate=[5])
    compare.unmodified("td_residuals", r, v, nv, term, 0.9,
                       case="td_residuals on 8 steps of 2 environments")
    compare.unmodified("compute_gae", r, v, nv, term, trunc, 0.9, 0.8, names=NAMES,
                       case="compute_gae on 8 steps of 2 environments")


# -- float64 precision: once per function (docs/contract.md, "Precision") --------------------

@points(1, group="float64 precision", gate="td_residuals")
def test_td_residuals_float64_precision(compare):
    """td_residuals keeps float64's precision on float64 inputs (gamma 0.95 is not a float32 number)"""
    r, v, nv, term, _ = rollout(12, 2, seed=14, terminate=[4])
    compare.precision("td_residuals", r, v, nv, term, 0.95,
                      case="12 steps of 2 environments, gamma 0.95, float64")


@points(1, group="float64 precision", gate="compute_gae")
def test_compute_gae_float64_precision(compare):
    """compute_gae keeps float64's precision on float64 inputs through the recursion"""
    r, v, nv, term, trunc = rollout(12, 2, seed=15, terminate=[4], truncate=[8])
    compare.precision("compute_gae", r, v, nv, term, trunc, 0.95, 0.9, names=NAMES,
                      case="12 steps of 2 environments, gamma 0.95, lambda 0.9, float64")
