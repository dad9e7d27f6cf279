"""Public checks for `grpo`: the table exercise, the std example, the path probability.

Run them with `python check.py`. The real grade runs these too, plus
hidden tests (several groups, odd rewards, padding, gradients).
"""
import math

import torch

from pgcheck import TEXT_TOLERANCE, expect_close


def check_group_advantages_table(student):
    """Rollouts A-D with rewards (0, 1, 1, 0): advantages (-0.5, +0.5, +0.5, -0.5)."""
    expect_close(student.group_advantages(torch.tensor([[0.0, 1.0, 1.0, 0.0]])),
                 torch.tensor([[-0.5, 0.5, 0.5, -0.5]]), case="table exercise, step 2")


def check_group_advantages_all_equal_and_three_right(student):
    """All right or all wrong -> zeros; three right and one wrong -> (0.25, 0.25, 0.25, -0.75)."""
    out = student.group_advantages(torch.tensor([[1.0, 1, 1, 1], [0, 0, 0, 0], [1, 1, 1, 0]]))
    expect_close(out, torch.tensor([[0.0, 0, 0, 0], [0, 0, 0, 0], [0.25, 0.25, 0.25, -0.75]]),
                 case="table exercise, steps 3 and 4 (one row per group)")


def check_group_advantages_std(student):
    """(1, 0, 0, 0) with std normalisation -> (1.732, -0.577, -0.577, -0.577)."""
    out = student.group_advantages(torch.tensor([[1.0, 0.0, 0.0, 0.0]]), normalize_std=True)
    expect_close(out, torch.tensor([[1.732, -0.577, -0.577, -0.577]]),
                 case="normalised by the group's std", atol=TEXT_TOLERANCE)


def check_sequence_logprob_path(student):
    """Tokens of probability 0.6, 0.9, 0.7 (then padding): log 0.378."""
    lp = torch.log(torch.tensor([[0.6, 0.9, 0.7, 0.5]]))
    out = student.sequence_logprob(lp, torch.tensor([[True, True, True, False]]))
    expect_close(out, torch.tensor([math.log(0.378)]), case="three tokens and one pad")


def check_grpo_loss_small(student):
    """-mean(A * log path probability) over two responses."""
    lp = torch.log(torch.tensor([[0.5, 0.5], [0.5, 0.9]]))
    out = student.grpo_loss(lp, torch.tensor([[True, True], [True, False]]),
                            torch.tensor([1.0, -1.0]))
    expect_close(out, torch.tensor(0.5 * math.log(2.0)), case="two responses, A = (+1, -1)")
