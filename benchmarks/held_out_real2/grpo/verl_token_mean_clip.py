"""grpo_loss as verl's PPO policy loss at the time: the clipped surrogate with the ratio
exp(logp - logp_old) (exactly 1 on policy, logp_old = logp.detach()), averaged over all the
batch's real tokens (``masked_mean`` without an axis): each response weighted by its length,
the value -mean over tokens of A instead of -mean_i(A_i log p_i), and NaN where padding holds
-inf (mask product).

Source: https://github.com/verl-project/verl/issues/593 (verl/trainer/ppo/core_algos.py,
``compute_policy_loss``): ``negative_approx_kl = log_prob - old_log_prob``, ``ratio =
torch.exp(negative_approx_kl)``, ``pg_losses = -advantages * ratio``, ``pg_losses2 =
-advantages * torch.clamp(ratio, 1.0 - cliprange, 1.0 + cliprange)``, ``pg_loss =
verl_F.masked_mean(torch.max(pg_losses, pg_losses2), eos_mask)``; the issue asks for the
per-sequence mean first. Ported: ``masked_mean(v, m) = (v * m).sum() / m.sum()``, cliprange
0.2, the response's advantage on each of its tokens, on policy.
"""
SOURCE = "https://github.com/verl-project/verl/issues/593"
KIND = "grpo: token mean over the batch + ratio of itself"
CAUSE = (r"token|length|ratio.{0,40}(one|1\b)|exp\(.{0,30}detach|-inf|\bnan\b|"
         r"multipl\w*.{0,40}mask")

import torch


def grpo_loss(token_logprobs, mask, advantages):
    log_prob = token_logprobs
    old_log_prob = token_logprobs.detach()
    eos_mask = mask.to(token_logprobs.dtype)
    adv = advantages.detach().unsqueeze(-1)
    negative_approx_kl = log_prob - old_log_prob
    ratio = torch.exp(negative_approx_kl)
    pg_losses = -adv * ratio
    pg_losses2 = -adv * torch.clamp(ratio, 1.0 - 0.2, 1.0 + 0.2)
    values = torch.max(pg_losses, pg_losses2)
    return (values * eos_mask).sum() / eos_mask.sum()
