"""Buggy functions written as public GRPO code writes them (TRL, DAPO, Dr. GRPO, RLOO, homework),
in several styles each (loops, vectorised, numpy, float32, another eps): the pipeline of likely
causes names what each computes, through the closest convention of
autograder/hidden/grpo/conventions.py. None of them is a file of the mistake bank; the correct
forms of tests/fair/grpo get no convention (tests/test_closest.py)."""

import numpy as np
import pytest
import torch

from autograder.authoring import course
from autograder.engine.plugin import load_module
from convention_forms import assert_cause

GRPO = course.get("grpo")


def _where(lp, mask):
    return torch.where(mask, lp, torch.zeros_like(lp))


# -- grpo_loss ----------------------------------------------------------------------------

def dapo_vectorised(token_logprobs, mask, advantages):
    per_token = -advantages.detach().unsqueeze(1) * _where(token_logprobs, mask)
    return per_token.sum() / mask.sum()


def dapo_loop(token_logprobs, mask, advantages):
    total, count = 0.0, 0
    for i in range(token_logprobs.shape[0]):
        for t in range(token_logprobs.shape[1]):
            if mask[i, t]:
                total = total - advantages[i].detach() * token_logprobs[i, t]
                count += 1
    return total / count


def dapo_masked_fill_eps(token_logprobs, mask, advantages):
    lp = token_logprobs.masked_fill(~mask, 0.0)
    return -(lp * advantages.detach()[:, None]).sum() / (mask.sum() + 1e-8)


def dapo_float32(token_logprobs, mask, advantages):
    lp = _where(token_logprobs, mask).float()
    loss = -(lp * advantages.detach().float()[:, None]).sum() / mask.float().sum()
    return loss.to(token_logprobs.dtype)


def dapo_boolean_index(token_logprobs, mask, advantages):
    adv = advantages.detach()[:, None].expand_as(token_logprobs)
    return -(adv[mask] * token_logprobs[mask]).mean()


def trl_length_mean(token_logprobs, mask, advantages):
    """TRL's GRPO loss of early 2025, without its ratio: each response's token mean, the
    padding multiplied by the mask."""
    per_token_loss = -token_logprobs * advantages.detach().unsqueeze(1)
    return ((per_token_loss * mask).sum(dim=1) / mask.sum(dim=1)).mean()


def trl_length_mean_float(token_logprobs, mask, advantages):
    m = mask.to(token_logprobs.dtype)
    return (-(token_logprobs * m).sum(-1) / m.sum(-1).clamp(min=1.0)
            * advantages.detach()).mean()


def unmasked_token_mean(token_logprobs, mask, advantages):
    return -(token_logprobs * advantages.detach()[:, None]).mean()


def unmasked_response_mean(token_logprobs, mask, advantages):
    return -(token_logprobs.mean(dim=1) * advantages.detach()).mean()


def ratio_one_summed(token_logprobs, mask, advantages):
    lp = _where(token_logprobs, mask)
    ratio = torch.exp(lp - lp.detach())
    return -_where(ratio * advantages.detach()[:, None], mask).sum(dim=1).mean()


def ratio_one_trl_dapo(token_logprobs, mask, advantages):
    coef = torch.exp(token_logprobs - token_logprobs.detach())
    per_token_loss = -(coef * advantages.detach()[:, None])
    return (per_token_loss * mask).sum() / mask.sum()


def summed_loop(token_logprobs, mask, advantages):
    loss = token_logprobs.new_zeros(())
    for i in range(len(advantages)):
        loss = loss - advantages[i].detach() * token_logprobs[i][mask[i]].sum()
    return loss


def normalised_length_mean(token_logprobs, mask, advantages):
    a = advantages.detach()
    a = (a - a.mean()) / (a.std() + 1e-6)
    seq = _where(token_logprobs, mask).sum(1) / mask.sum(1)
    return -(a * seq).mean()


def normalised_dapo_population(token_logprobs, mask, advantages):
    a = advantages.detach()
    a = (a - a.mean()) / (a.std(unbiased=False) + 1e-8)
    return -(a[:, None] * _where(token_logprobs, mask)).sum() / mask.sum()


def ratio_one_sequence_level(token_logprobs, mask, advantages):
    """PPO's ratio on the whole response's log-prob, against its own detached copy."""
    seq = _where(token_logprobs, mask).sum(-1)
    return (-torch.exp(seq - seq.detach()) * advantages.detach()).mean()


def ratio_one_loop(token_logprobs, mask, advantages):
    losses = []
    for i in range(token_logprobs.shape[0]):
        lp = token_logprobs[i][mask[i]]
        ratio = (lp - lp.detach()).exp()
        losses.append(-(ratio * advantages[i].detach()).mean())
    return torch.stack(losses).mean()


def ratio_one_float32(token_logprobs, mask, advantages):
    lp = _where(token_logprobs, mask).float()
    ratio = torch.exp(lp - lp.detach())
    per_token = -_where(ratio * advantages.detach().float()[:, None], mask)
    return (per_token.sum() / mask.sum()).to(token_logprobs.dtype)


def dr_grpo_constant(token_logprobs, mask, advantages):
    """Dr. GRPO: the masked sum over a constant, here the padded length L, and N."""
    N, L = token_logprobs.shape
    return -(advantages.detach()[:, None] * _where(token_logprobs, mask)).sum() / (N * L)


def dr_grpo_padding_kept(token_logprobs, mask, advantages):
    per_token = -token_logprobs * advantages.detach().view(-1, 1)
    return per_token.sum() / per_token.numel()


def unmasked_einsum(token_logprobs, mask, advantages):
    return -torch.einsum("nl,n->", token_logprobs, advantages.detach()) / token_logprobs.numel()


def length_mean_masked_fill(token_logprobs, mask, advantages):
    lengths = mask.sum(dim=1, keepdim=True).to(token_logprobs.dtype)
    per_token = token_logprobs.masked_fill(~mask, 0.0) / lengths
    return -(per_token.sum(1) * advantages.detach()).mean()


def length_mean_loop(token_logprobs, mask, advantages):
    total = 0.0
    for i in range(len(advantages)):
        total = total - advantages[i].detach() * token_logprobs[i][mask[i]].mean()
    return total / len(advantages)


def length_mean_multiplied_float32(token_logprobs, mask, advantages):
    m = mask.float()
    seq = (token_logprobs.float() * m).sum(-1) / m.sum(-1).clamp(min=1.0)
    return (-(seq * advantages.detach().float()).mean()).to(token_logprobs.dtype)


def summed_vectorised(token_logprobs, mask, advantages):
    return -(advantages.detach() * _where(token_logprobs, mask).sum(-1)).sum()


def summed_dot(token_logprobs, mask, advantages):
    return -torch.dot(advantages.detach(), token_logprobs.masked_fill(~mask, 0).sum(1))


def normalised_loop(token_logprobs, mask, advantages):
    a = advantages.detach()
    a = (a - a.mean()) / (a.std() + 1e-8)
    return -sum(a[i] * token_logprobs[i][mask[i]].mean() for i in range(len(a))) / len(a)


def normalised_dapo_sample(token_logprobs, mask, advantages):
    a = advantages.detach().clone()
    a = (a - a.mean()) / (a.std() + 1e-8)
    lp = token_logprobs.masked_fill(~mask, 0.0)
    return -(lp * a.unsqueeze(-1)).sum() / mask.sum()


LOSS_TOKENS = r"batch's real tokens"
LOSSES = [
    (dapo_vectorised, LOSS_TOKENS), (dapo_loop, LOSS_TOKENS), (dapo_masked_fill_eps, LOSS_TOKENS),
    (dapo_float32, LOSS_TOKENS), (dapo_boolean_index, LOSS_TOKENS),
    (trl_length_mean, r"its own length.*-inf \* 0 is NaN"),
    (trl_length_mean_float, r"its own length.*-inf \* 0 is NaN"),
    (unmasked_token_mean, r"N \* L.*counts the padding"),
    (unmasked_response_mean, r"N \* L.*counts the padding"),
    (ratio_one_summed, r"always 1"), (ratio_one_trl_dapo, r"real tokens.*NaN.*always 1"),
    (summed_loop, r"mean, not the sum|sum|N times"),
    (ratio_one_sequence_level, r"always 1|is 1"), (ratio_one_loop, r"-mean\(A\).*always 1"),
    (ratio_one_float32, r"real tokens.*always 1"),
    (dr_grpo_constant, r"averaged over tokens|N \* L"),
    (dr_grpo_padding_kept, r"N \* L.*counts the padding"),
    (unmasked_einsum, r"N \* L.*counts the padding"),
    (length_mean_masked_fill, r"its length inside the loss|its own length"),
    (length_mean_loop, r"its length inside the loss|its own length"),
    (length_mean_multiplied_float32, r"its own length.*NaN"),
    (summed_vectorised, r"mean, not the sum|N times"), (summed_dot, r"mean, not the sum|N times"),
    (normalised_loop, r"its own length.*standardises the advantages"),
    (normalised_dapo_sample, r"real tokens.*standardises the advantages"),
    (normalised_length_mean, r"its own length.*standardises the advantages"),
    (normalised_dapo_population, r"real tokens.*standardises the advantages"),
]


# -- group_advantages ---------------------------------------------------------------------

def loo_vectorised(rewards, normalize_std=False, eps=1e-6):
    G = rewards.shape[1]
    baseline = (rewards.sum(dim=1, keepdim=True) - rewards) / (G - 1)
    adv = rewards - baseline
    if normalize_std:
        adv = adv / (rewards.std(dim=1, unbiased=False, keepdim=True) + eps)
    return torch.where(rewards.amax(1, keepdim=True) == rewards.amin(1, keepdim=True),
                       torch.zeros_like(adv), adv)


def loo_loops(rewards, normalize_std=False, eps=1e-6):
    out = torch.zeros_like(rewards)
    P, G = rewards.shape
    for p in range(P):
        row = rewards[p]
        if bool((row == row[0]).all()):
            continue
        std = row.std(unbiased=False)
        for g in range(G):
            others = (row.sum() - row[g]) / (G - 1)
            out[p, g] = (row[g] - others) / (std + eps if normalize_std else 1.0)
    return out


def loo_numpy(rewards, normalize_std=False, eps=1e-6):
    r = rewards.detach().cpu().numpy().astype(np.float64)
    G = r.shape[1]
    adv = r - (r.sum(axis=1, keepdims=True) - r) / max(G - 1, 1)
    if normalize_std:
        adv = adv / (r.std(axis=1, keepdims=True) + eps)
    adv[r.max(axis=1) == r.min(axis=1)] = 0.0
    return torch.from_numpy(adv).to(rewards.dtype)


def loo_nemo(rewards, normalize_std=False, eps=1e-6):
    """NeMo-RL's form: the leave-one-out mean as the mean times G / (G - 1) less r / (G - 1)."""
    G = rewards.shape[1]
    mean = rewards.mean(dim=1, keepdim=True)
    baseline = (mean * G - rewards) / (G - 1) if G > 1 else torch.zeros_like(rewards)
    adv = rewards - baseline
    if normalize_std:
        adv = adv / (rewards.std(dim=1, unbiased=False, keepdim=True) + eps)
    return adv.masked_fill(rewards.std(dim=1, keepdim=True) == 0, 0.0)


def loo_sample_std(rewards, normalize_std=False, eps=1e-6):
    G = rewards.shape[1]
    adv = rewards - (rewards.sum(1, keepdim=True) - rewards) / max(G - 1, 1)
    if normalize_std:
        adv = adv / (rewards.std(1, keepdim=True) + eps)
    same = rewards.amax(1, keepdim=True) == rewards.amin(1, keepdim=True)
    return torch.where(same, torch.zeros_like(adv), adv)


def whitened_batch(rewards, normalize_std=False, eps=1e-6):
    adv = rewards - rewards.mean()
    if normalize_std:
        adv = adv / (rewards.std() + eps)
    return adv


def whitened_batch_population(rewards, normalize_std=False, eps=1e-6):
    adv = rewards - rewards.mean()
    if normalize_std:
        adv = adv / (rewards.std(unbiased=False) + eps)
    same = rewards.amax(1, keepdim=True) == rewards.amin(1, keepdim=True)
    return torch.where(same, torch.zeros_like(adv), adv)


def sample_std_var_sqrt(rewards, normalize_std=False, eps=1e-6):
    adv = rewards - rewards.mean(1, keepdim=True)
    if normalize_std:
        adv = adv / (rewards.var(1, keepdim=True) + eps).sqrt()
    same = rewards.amax(1, keepdim=True) == rewards.amin(1, keepdim=True)
    return torch.where(same, torch.zeros_like(adv), adv)


def always_normalises_guarded(rewards, normalize_std=False, eps=1e-6):
    mean = rewards.mean(dim=-1, keepdim=True)
    std = rewards.std(dim=-1, unbiased=False, keepdim=True)
    adv = (rewards - mean) / (std + eps)
    return torch.where(std == 0, torch.zeros_like(adv), adv).masked_fill(
        rewards.amax(-1, keepdim=True) == rewards.amin(-1, keepdim=True), 0.0)


def whitened_numpy(rewards, normalize_std=False, eps=1e-6):
    r = rewards.numpy().astype(np.float64)
    adv = r - r.mean()
    if normalize_std:
        adv = adv / (r.std() + eps)
    return torch.from_numpy(adv).to(rewards.dtype)


def whitened_loop(rewards, normalize_std=False, eps=1e-6):
    flat = rewards.flatten().tolist()
    mean = sum(flat) / len(flat)
    std = (sum((x - mean) ** 2 for x in flat) / len(flat)) ** 0.5
    out = [[(x - mean) / (std + eps) if normalize_std else x - mean for x in row]
           for row in rewards.tolist()]
    return torch.tensor(out, dtype=rewards.dtype)


def whitened_sample_guarded(rewards, normalize_std=False, eps=1e-6):
    adv = (rewards - rewards.mean()) / (rewards.std() + eps) if normalize_std else \
        rewards - rewards.mean()
    return adv.masked_fill(rewards.amax(1, keepdim=True) == rewards.amin(1, keepdim=True), 0)


def never_normalises_guarded(rewards, normalize_std=False, eps=1e-6):
    adv = rewards - rewards.mean(1, keepdim=True)
    return adv.masked_fill(rewards.amax(1, keepdim=True) == rewards.amin(1, keepdim=True), 0)


def loo_never_normalises(rewards, normalize_std=False, eps=1e-6):
    G = rewards.shape[1]
    return rewards - (rewards.sum(1, keepdim=True) - rewards) / max(G - 1, 1)


LOO = r"leaves each response out"
ADVANTAGES = [
    (loo_vectorised, LOO), (loo_loops, LOO), (loo_numpy, LOO), (loo_nemo, LOO),
    (loo_sample_std, LOO + r".*sample std"),
    (whitened_batch, r"mean of the whole batch.*sample std \(N - 1\) of the whole batch"),
    (whitened_batch_population, r"mean of the whole batch.*std of the whole batch"),
    (sample_std_var_sqrt, r"sample std.*under the square root"),
    (always_normalises_guarded, r"even when normalize_std is False|only when normalize_std=True"),
    (whitened_numpy, r"mean of the whole batch.*std of the whole batch"),
    (whitened_loop, r"mean of the whole batch.*std of the whole batch"),
    (whitened_sample_guarded, r"mean of the whole batch.*sample std \(N - 1\) of the whole batch"),
    (never_normalises_guarded, r"never divides by the std|normalize_std=True was ignored"),
    (loo_never_normalises, LOO + r".*never divides by the std"),
]


@pytest.mark.parametrize("function,cause", LOSSES, ids=[f.__name__ for f, _ in LOSSES])
def test_public_forms_of_a_loss_get_its_cause(function, cause):
    assert_cause(GRPO.name, "grpo_loss", function, cause)


@pytest.mark.parametrize("function,cause", ADVANTAGES, ids=[f.__name__ for f, _ in ADVANTAGES])
def test_public_forms_of_advantages_get_their_cause(function, cause):
    assert_cause(GRPO.name, "group_advantages", function, cause)


def unguarded(rewards, normalize_std=False, eps=1e-6):
    adv = rewards - rewards.mean(dim=1, keepdim=True)
    return adv / (rewards.std(dim=1, unbiased=False, keepdim=True) + eps) if normalize_std else adv


def loo_unguarded(rewards, normalize_std=False, eps=1e-6):
    adv = rewards - (rewards.sum(1, keepdim=True) - rewards) / (rewards.shape[1] - 1)
    return adv / (rewards.std(1, unbiased=False, keepdim=True) + eps) if normalize_std else adv


def sample_std_unguarded(rewards, normalize_std=False, eps=1e-6):
    adv = rewards - rewards.mean(dim=1, keepdim=True)
    return adv / (rewards.std(dim=1, keepdim=True) + eps) if normalize_std else adv


@pytest.mark.parametrize("student,named", [(unguarded, True), (loo_unguarded, False),
                                           (sample_std_unguarded, False)])
def test_the_rounding_hint_needs_the_other_groups_right(student, named):
    """Three 0.9s in float32 give one repeated nonzero value for each of these; the public
    check's rounding hint is named only where the groups whose rewards differ are right."""
    checks = load_module(GRPO.checks_module, "_conventions_checks")
    out = student(torch.tensor([[0.9, 0.9, 0.9]]), normalize_std=True)
    assert bool((out != 0).all()) and bool((out == out[0, 0]).all())
    assert (checks.rounding_hint(out, student) is not None) == named
