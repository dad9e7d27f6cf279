"""ppo_clip_loss whose "old" log-probabilities are a detached copy of the CURRENT ones: the ratio
``exp(logp - logp.detach())`` is always 1, so the loss value is ``-mean(advantages)`` whatever the
old policy was (``logp_old`` is never used), and the clip takes ``min(ratio, clipped_ratio)``
before multiplying by the advantage instead of the minimum of the two products.

Source: code-search file 14251421075, ``class PPO(Algorithm): def compute_loss(self, observations,
actions, advantage): log_probabilities = ...get_log_probs(observations, actions);
old_log_probabilities = log_probabilities.clone().detach(); ratio = torch.exp(log_probabilities -
old_log_probabilities); clipped_ratio = torch.clamp(ratio, 1 - self.clip_ratio, 1 +
self.clip_ratio); loss = -(torch.min(ratio, clipped_ratio) * advantage).mean()``. Ported:
``log_probabilities`` is ``logp_new``, ``clip_ratio`` is ``clip_eps``; ``logp_old`` is accepted and,
as in the source, unused.
"""
SOURCE = "code-search file 14251421075 (class PPO(Algorithm).compute_loss, old log-probs cloned)"
KIND = "ppo: ratio always one (old log-probs from the current policy)"
CAUSE = r"ratio|logp_old|old (log.?prob|polic)|exp\(|detach|always (one|1)|min\(ratio"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    clip_ratio = clip_eps
    log_probabilities = logp_new
    old_log_probabilities = log_probabilities.clone().detach()
    ratio = torch.exp(log_probabilities - old_log_probabilities)
    clipped_ratio = torch.clamp(ratio, 1 - clip_ratio, 1 + clip_ratio)
    loss = -(torch.min(ratio, clipped_ratio) * advantages).mean()
    return loss
