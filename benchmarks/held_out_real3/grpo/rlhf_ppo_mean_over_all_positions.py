r"""grpo_loss that averages the clipped token objective over every position of the ``(N, L)``
batch, padding included (no mask at all), with the on-policy ratio ``exp(logp - logp.detach())``:
the value is minus the mean advantage (scaled by the real tokens' share), and a ``-inf`` pad
makes it NaN.

Source: code-search file 55597606082, an "RLHF PPO clipped surrogate objective": ``ratio =
torch.exp(new_log_probs - old_log_probs)``, ``advantages_expanded =
advantages.unsqueeze(1).expand_as(ratio)``, ``unclipped = ratio * advantages_expanded``,
``clipped = torch.clamp(ratio, 1 - clip_epsilon, 1 + clip_epsilon) * advantages_expanded``,
``policy_loss = -torch.min(unclipped, clipped).mean()``. Ported: on policy, clip 0.2, no KL term;
the function has no mask argument, so the contract's ``mask`` is unused.
"""
SOURCE = "code-search file 55597606082 (RLHF PPO clipped surrogate, mean over [G, gen_len])"
KIND = "grpo: mask ignored + token mean + ratio of itself"
CAUSE = (r"mask|padding|token|length|ratio.{0,40}(one|1\b)|exp\(.{0,30}detach|-inf|\bnan\b")

import torch


def grpo_loss(token_logprobs, mask, advantages):
    new_log_probs = token_logprobs
    old_log_probs = token_logprobs.detach()
    ratio = torch.exp(new_log_probs - old_log_probs)
    advantages_expanded = advantages.detach().unsqueeze(1).expand_as(ratio)
    unclipped = ratio * advantages_expanded
    clipped = torch.clamp(ratio, 1 - 0.2, 1 + 0.2) * advantages_expanded
    policy_loss = -torch.min(unclipped, clipped).mean()
    return policy_loss
