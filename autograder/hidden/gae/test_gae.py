"""Hidden suite for `gae`: the reference on rollouts with several episodes, (T, N) batches,
termination and truncation mid-rollout, and the lambda = 0 / 1 identities."""
import pytest
import torch

from autograder.checking import both_dtypes, expect_close

points = pytest.mark.points


def rollout(T, N=None, *, seed, dtype=torch.float64):
    """Random rewards/values with episode ends: terminated at t=3, truncated at t=7."""
    g = torch.Generator().manual_seed(seed)
    shape = (T,) if N is None else (T, N)
    rewards = torch.randn(shape, generator=g).to(dtype)
    values = torch.randn(shape, generator=g).to(dtype)
    next_values = torch.roll(values, -1, dims=0).clone()
    terminated = torch.zeros(shape, dtype=torch.bool)
    truncated = torch.zeros(shape, dtype=torch.bool)
    terminated[3] = True
    truncated[7] = True
    # V(final observation) of the truncated episode differs from V(reset observation)
    next_values[7] = values[8] + 5.0 if T > 8 else 3.0
    return rewards, values, next_values, terminated, truncated


@points(2, group="td_residuals")
@both_dtypes
def test_td_residuals_random(student, reference, dtype):
    """random rollout with a terminated step"""
    r, v, nv, term, _ = rollout(10, seed=1, dtype=dtype)
    expect_close(student.td_residuals(r, v, nv, term, 0.97),
                 reference.td_residuals(r, v, nv, term, 0.97),
                 case=f"10 steps, terminated at t=3, gamma 0.97, {dtype}")


@points(3, group="recursion")
def test_compute_gae_single_episode(student, reference):
    """one episode, no ends, gamma 0.99, lambda 0.95"""
    r, v, nv, _, _ = rollout(12, seed=2)
    none = torch.zeros(12, dtype=torch.bool)
    got = student.compute_gae(r, v, nv, none, none, 0.99, 0.95)
    want = reference.compute_gae(r, v, nv, none, none, 0.99, 0.95)
    expect_close(got[0], want[0], case="12 steps of one unfinished episode: advantages")


@points(3, group="episode boundaries")
def test_compute_gae_episode_ends(student, reference):
    """terminated at t=3 and truncated at t=7 inside one rollout"""
    r, v, nv, term, trunc = rollout(12, seed=3)
    got = student.compute_gae(r, v, nv, term, trunc, 0.9, 0.8)
    want = reference.compute_gae(r, v, nv, term, trunc, 0.9, 0.8)
    expect_close(got[0], want[0], case="three episodes in 12 steps (gamma 0.9, lambda 0.8): advantages")
    expect_close(got[1], want[1], case="three episodes in 12 steps: returns")


@points(2, group="batch shapes")
def test_compute_gae_batched(student, reference):
    """shape (T, N) with N != T"""
    r, v, nv, term, trunc = rollout(11, 4, seed=4, dtype=torch.float32)
    got = student.compute_gae(r, v, nv, term, trunc, 0.99, 0.95)
    want = reference.compute_gae(r, v, nv, term, trunc, 0.99, 0.95)
    expect_close(got[0], want[0], case="T=11 steps of N=4 environments: advantages")


@points(2, group="recursion")
def test_compute_gae_lambda_identities(student, reference):
    """lambda 0 gives the TD residuals; lambda 1 the Monte Carlo return minus V"""
    r, v, nv, term, trunc = rollout(9, seed=5)
    adv0, _ = student.compute_gae(r, v, nv, term, trunc, 0.9, 0.0)
    expect_close(adv0, reference.td_residuals(r, v, nv, term, 0.9), case="lambda = 0")
    adv1, _ = student.compute_gae(r, v, nv, term, trunc, 0.9, 1.0)
    expect_close(adv1, reference.compute_gae(r, v, nv, term, trunc, 0.9, 1.0)[0], case="lambda = 1")
