"""Public checks for `grpo`: the table exercise, the std example, the path probability, and
each warning of the texts (all-equal rewards in float32, -inf padding, constant advantages).

Run them with `python check.py`. The real grade runs the functions' checks too, plus
hidden tests (several groups, odd rewards, padding, gradients). The `answer_*` checks are
those of the table exercise's answer cells (the notebook runs each under its cell; `check.py`
runs them on the cells it finds); the grade compares the same cells with the solution's.
"""
import math

import torch

from pgcheck import TEXT_TOLERANCE, expect_close, expect_float, expect_no_grad


def check_group_advantages_table(student):
    """Rollouts A-D with rewards (0, 1, 1, 0): advantages (-0.5, +0.5, +0.5, -0.5)."""
    expect_close(student.group_advantages(torch.tensor([[0.0, 1.0, 1.0, 0.0]])),
                 torch.tensor([[-0.5, 0.5, 0.5, -0.5]]), case="table exercise, step 2")


def check_group_advantages_all_equal_and_three_right(student):
    """All right or all wrong -> zeros; three right and one wrong -> (0.25, 0.25, 0.25, -0.75)."""
    out = student.group_advantages(torch.tensor([[1.0, 1, 1, 1], [0, 0, 0, 0], [1, 1, 1, 0]]))
    expect_close(out, torch.tensor([[0.0, 0, 0, 0], [0, 0, 0, 0], [0.25, 0.25, 0.25, -0.75]]),
                 case="table exercise, steps 3 and 4 (one row per group)")


#: what (1, 0, 0, 0) gives when divided by the sample std (G - 1), torch.std's default
SAMPLE_STD = torch.tensor([[1.5, -0.5, -0.5, -0.5]])
SAMPLE_STD_HINT = ("these are the numbers of the sample std, which divides by G - 1: torch.std's "
                   "default (rewards.std(dim=1) gives 0.5 here); the population std divides by "
                   "G: rewards.std(dim=1, correction=0), or unbiased=False")


def sample_std_hint(out) -> str | None:
    """:data:`SAMPLE_STD_HINT` when ``out`` (of (1, 0, 0, 0), normalised) is exactly the
    sample std's numbers: the evidence for naming torch.std's default; else None."""
    try:
        expect_close(out, SAMPLE_STD.to(out.dtype), case="the sample std's numbers",
                     atol=TEXT_TOLERANCE)
    except (AssertionError, AttributeError, TypeError):
        return None
    return SAMPLE_STD_HINT


def check_group_advantages_std(student):
    """(1, 0, 0, 0) with std normalisation -> (1.732, -0.577, -0.577, -0.577)."""
    out = student.group_advantages(torch.tensor([[1.0, 0.0, 0.0, 0.0]]), normalize_std=True)
    expect_close(out, torch.tensor([[1.732, -0.577, -0.577, -0.577]]),
                 case="normalised by the group's std", atol=TEXT_TOLERANCE,
                 hint=sample_std_hint(out))


def check_group_advantages_all_equal_rounding(student):
    """Three rewards of 0.9: their float32 mean is not exactly 0.9, yet the group gives 0."""
    for normalize_std in (False, True):
        out = student.group_advantages(torch.tensor([[0.9, 0.9, 0.9]]),
                                       normalize_std=normalize_std)
        expect_close(out, torch.zeros(1, 3),
                     case=f"three rewards of 0.9 in float32, normalize_std={normalize_std}",
                     hint=rounding_hint(out, student.group_advantages) if normalize_std
                     else None)


#: groups whose rewards differ, and their advantages (not normalised, then normalised)
DIFFERING = torch.tensor([[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 1.0, 0.0]])
DIFFERING_ADVANTAGES = {False: torch.tensor([[0.75, -0.25, -0.25, -0.25], [-0.5, 0.5, 0.5, -0.5]]),
                        True: torch.tensor([[1.732, -0.577, -0.577, -0.577], [-1.0, 1.0, 1.0, -1.0]])}


def rounding_hint(out, group_advantages) -> str | None:
    """What the texts warn of, when ``out`` (three 0.9s, normalised) shows it: one finite
    nonzero value repeated, the mean's rounding error over a std just as tiny, while
    ``group_advantages`` is right on groups whose rewards differ (so only the all-equal
    group is wrong: another baseline or scale repeats a value there too); else None."""
    if not isinstance(out, torch.Tensor) or out.numel() == 0 or not out.is_floating_point():
        return None
    first = out.flatten()[0]
    if not (torch.isfinite(first) and first != 0 and bool((out == first).all())):
        return None
    try:
        for normalize_std, want in DIFFERING_ADVANTAGES.items():
            expect_close(group_advantages(DIFFERING, normalize_std=normalize_std), want,
                         case="groups whose rewards differ", atol=TEXT_TOLERANCE)
    except Exception:  # noqa: BLE001 - wrong (or raising) elsewhere: not the rounding alone
        return None
    return ("in float32 the mean of three 0.9s misses 0.9 by a rounding error, and dividing "
            "it by a std just as tiny blows it up: give a group whose rewards are all equal "
            "exactly 0")


def check_sequence_logprob_path(student):
    """Tokens of probability 0.6, 0.9, 0.7 (then padding): log 0.378."""
    lp = torch.log(torch.tensor([[0.6, 0.9, 0.7, 0.5]]))
    out = student.sequence_logprob(lp, torch.tensor([[True, True, True, False]]))
    expect_close(out, torch.tensor([math.log(0.378)]), case="three tokens and one pad")


def check_sequence_logprob_inf_padding(student):
    """Padding that holds -inf (what masked logits give) is left out: -inf * 0 would be NaN."""
    lp = torch.tensor([[math.log(0.6), math.log(0.9), -math.inf], [math.log(0.5), -math.inf,
                                                                   -math.inf]])
    out = student.sequence_logprob(lp, torch.tensor([[True, True, False], [True, False, False]]))
    expect_close(out, torch.tensor([math.log(0.54), math.log(0.5)]),
                 case="padding that holds -inf", hint=nan_hint(out))


def nan_hint(out) -> str | None:
    """The texts' warning about masking by multiplication, when ``out`` holds a NaN."""
    if isinstance(out, torch.Tensor) and out.is_floating_point() and bool(torch.isnan(out).any()):
        return ("-inf * 0 is NaN: pick the real tokens (torch.where, masked_fill) instead of "
                "multiplying the padding by the mask")
    return None


def check_grpo_loss_small(student):
    """-mean(A * log path probability) over two responses."""
    lp = torch.log(torch.tensor([[0.5, 0.5], [0.5, 0.9]]))
    out = student.grpo_loss(lp, torch.tensor([[True, True], [True, False]]),
                            torch.tensor([1.0, -1.0]))
    expect_close(out, torch.tensor(0.5 * math.log(2.0)), case="two responses, A = (+1, -1)")


def check_grpo_loss_inf_padding(student):
    """The loss of two responses whose padding holds -inf: finite, the padding left out."""
    lp = torch.tensor([[math.log(0.5), math.log(0.5)], [math.log(0.5), -math.inf]])
    out = student.grpo_loss(lp, torch.tensor([[True, True], [True, False]]),
                            torch.tensor([1.0, -1.0]))
    expect_close(out, torch.tensor(0.5 * math.log(2.0)), case="padding that holds -inf",
                 hint=nan_hint(out))


def check_grpo_loss_advantages_constant(student):
    """Advantages that require grad are constants of the loss: no gradient flows into them."""
    lp = torch.log(torch.tensor([[0.5, 0.5], [0.5, 0.9]]))
    result = student.grpo_loss.grad(lp, torch.tensor([[True, True], [True, False]]),
                                    torch.tensor([1.0, -1.0], requires_grad=True), wrt=[2])
    expect_no_grad(result.grads[0] if result.grads else None,
                   case="advantages that require grad", what="advantages")


# -- float64: the answer keeps float64's precision (the grade's "float64 precision" tests) --

def check_group_advantages_float64(student):
    """float64 rewards, normalised: float64's precision (no float32 constant or buffer)."""
    out = student.group_advantages(torch.tensor([[1.0, 0.0, 0.0, 0.0]], dtype=torch.float64),
                                   normalize_std=True)
    std = math.sqrt(0.1875) + 1e-6                  # population std, plus the default eps
    expect_close(out, torch.tensor([[0.75 / std, -0.25 / std, -0.25 / std, -0.25 / std]],
                                   dtype=torch.float64),
                 precision=True, case="(1, 0, 0, 0) in float64, normalised",
                 hint=sample_std_hint(out))


def check_sequence_logprob_float64(student):
    """float64 log-probs: the path's log-probability to float64's precision."""
    lp = torch.log(torch.tensor([[0.6, 0.9, 0.7, 0.5]], dtype=torch.float64))
    out = student.sequence_logprob(lp, torch.tensor([[True, True, True, False]]))
    expect_close(out, torch.tensor([math.log(0.6) + math.log(0.9) + math.log(0.7)],
                                   dtype=torch.float64),
                 precision=True, case="three float64 tokens and one pad")


def check_grpo_loss_float64(student):
    """float64 log-probs and advantages: the loss to float64's precision."""
    f64 = {"dtype": torch.float64}
    lp = torch.log(torch.tensor([[0.5, 0.5], [0.5, 0.9]], **f64))
    out = student.grpo_loss(lp, torch.tensor([[True, True], [True, False]]),
                            torch.tensor([0.3, -0.3], **f64))
    want = -(0.3 * 2 * math.log(0.5) - 0.3 * math.log(0.5)) / 2
    expect_close(out, torch.tensor(want, **f64), precision=True,
                 case="two float64 responses, A = (+0.3, -0.3)")


# -- the table exercise (answers.NAME is the value your answer cell gave NAME) -------------

def answer_table_step1(answers):
    """Step 1: rewards 0, 1, 1, 0 for rollouts A, B, C, D."""
    expect_close(answers.step1_rewards, torch.tensor([0.0, 1.0, 1.0, 0.0]), check_dtype=False,
                 case="step1_rewards (A and D earn 0, B and C earn 1)")


def answer_table_step2(answers):
    """Step 2: the group's mean 0.5; advantages -0.5, +0.5, +0.5, -0.5, summing to 0."""
    expect_float(answers.step2_group_mean, 0.5, case="step2_group_mean (the mean of 0, 1, 1, 0)")
    expect_close(answers.step2_advantages, torch.tensor([-0.5, 0.5, 0.5, -0.5]),
                 check_dtype=False, case="step2_advantages (each reward minus the group's mean)")


def answer_table_step3(answers):
    """Step 3: all right, or all wrong: every advantage is 0."""
    for name in ("step3_all_right", "step3_all_wrong"):
        expect_close(getattr(answers, name), torch.zeros(4), check_dtype=False,
                     case=f"{name} (every reward equals the group's mean)")


def answer_table_step4(answers):
    """Step 4: rewards 1, 1, 1, 0: mean 0.75, advantages 0.25, 0.25, 0.25, -0.75."""
    expect_close(answers.step4_advantages, torch.tensor([0.25, 0.25, 0.25, -0.75]),
                 check_dtype=False, case="step4_advantages (the group's mean is 0.75)")
