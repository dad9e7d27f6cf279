"""grpo_loss as a study note's "vanilla REINFORCE" for a group writes it: the sequence log-prob is
the per-token MEAN, ``(log_probs * mask).sum(-1) / (mask.sum(-1) + 1e-8)``, and the weights are
re-centred inside the loss, ``rewards - rewards.mean()``, so what it is given is shifted by its
mean before weighting; padding is removed by multiplying with the mask.

Source: code-search file 55392092143, a notes file's ``def reinforce_loss(log_probs, action_masks,
rewards, config)``: ``mask = action_masks.float(); resp_lens = mask.sum(dim=-1) + 1e-8;
seq_log_probs = (log_probs * mask).sum(dim=-1) / resp_lens; baseline = rewards.mean(); advantages
= rewards - baseline; policy_loss = -(seq_log_probs * advantages).mean()``. Ported: ``log_probs`` is
``token_logprobs``, ``action_masks`` is ``mask``, and the per-response weights it receives (the
contract's ``advantages``) take the place of ``rewards``.
"""
SOURCE = "code-search file 55392092143 (notes: vanilla REINFORCE with group-mean baseline)"
KIND = "grpo: per-token mean, weights re-centred in the loss"
CAUSE = r"mean|average|per.token|length|cent|baseline|subtract|normali"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    log_probs, rewards = token_logprobs, advantages
    mask = mask.float()
    resp_lens = mask.sum(dim=-1) + 1e-8
    seq_log_probs = (log_probs * mask).sum(dim=-1) / resp_lens
    baseline = rewards.mean()
    advantages = rewards - baseline
    policy_loss = -(seq_log_probs * advantages).mean()
    return policy_loss
