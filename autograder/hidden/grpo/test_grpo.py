"""Hidden suite for `grpo`: several groups, non-binary rewards, degenerate groups,
padding, square batches, gradients."""
import pytest
import torch

from autograder.checking import both_dtypes, expect_close, expect_no_grad, grads_of

points = pytest.mark.points


@points(3, group="group mean")
@both_dtypes
def test_group_advantages_several_groups(student, reference, dtype):
    """three groups with different means and spreads, non-binary rewards"""
    rewards = torch.tensor([[0.0, 1.0, 0.5, 0.2, 0.9], [3.0, -1.0, 2.0, 2.0, 0.0],
                            [10.0, 10.5, 9.0, 11.0, 10.0]], dtype=dtype)
    expect_close(student.group_advantages(rewards), reference.group_advantages(rewards),
                 case=f"3 groups of 5 non-binary rewards, {dtype}")


@points(2, group="std normalisation")
def test_group_advantages_std_several(student, reference):
    """std normalisation on several groups, one all-equal, one tiny spread"""
    rewards = torch.tensor([[0.0, 1.0, 1.0, 0.0], [2.0, 2.0, 2.0, 2.0], [1.0, 1.0 + 1e-6, 1.0, 1.0],
                            [5.0, -3.0, 0.5, 0.5]], dtype=torch.float64)
    expect_close(student.group_advantages(rewards, normalize_std=True),
                 reference.group_advantages(rewards, normalize_std=True),
                 case="4 groups incl. all-equal and a spread of 1e-6, normalised")


@points(1, group="std normalisation")
def test_group_advantages_single_response(student, reference):
    """G = 1: advantage 0, no NaN"""
    rewards = torch.tensor([[1.0], [0.0]])
    expect_close(student.group_advantages(rewards, normalize_std=True),
                 reference.group_advantages(rewards, normalize_std=True),
                 case="groups of one response, normalised")


@points(2, group="sequence_logprob")
def test_sequence_logprob_padding(student, reference):
    """unequal lengths, non-zero padding values, square batch"""
    g = torch.Generator().manual_seed(11)
    lp = -torch.rand(4, 4, generator=g, dtype=torch.float64) * 3
    mask = torch.tensor([[1, 1, 1, 1], [1, 1, 0, 0], [1, 0, 0, 0], [1, 1, 1, 0]], dtype=torch.bool)
    lp = torch.where(mask, lp, torch.full_like(lp, 7.0))   # padding holds junk
    expect_close(student.sequence_logprob(lp, mask), reference.sequence_logprob(lp, mask),
                 case="4 responses of lengths 4, 2, 1, 3 padded with the value 7.0")


@points(3, group="grpo_loss")
def test_grpo_loss_gradient(student, reference):
    """gradient -A_i * m_it / N; none into the advantages"""
    g = torch.Generator().manual_seed(12)
    lp = (-torch.rand(6, 5, generator=g, dtype=torch.float64)).requires_grad_(True)
    mask = torch.arange(5).expand(6, 5) < torch.tensor([[5], [4], [3], [5], [1], [2]])
    adv = torch.randn(6, generator=g, dtype=torch.float64).requires_grad_(True)
    result = student.grpo_loss.grad(lp, mask, adv, wrt=[0, 2])
    expect_close(result.value, reference.grpo_loss(lp, mask, adv).detach(), case="6 responses")
    grads = grads_of(result, case="gradient of the loss")
    expect_close(grads[0], -adv.detach()[:, None] * mask / 6,
                 case="gradient w.r.t. token log-probs (should be -A_i * mask / N)")
    expect_no_grad(grads[1], case="gradient w.r.t. the advantages", what="the advantages")
