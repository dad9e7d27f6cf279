"""ppo_clip_loss from a recurrent PPO trained on lists of transitions: the old log-probs and the
advantages are rebuilt with ``torch.tensor(..., dtype=torch.float32)`` (float32, detached) and the
clipped surrogate is SUMMED over the batch (``-torch.min(surr1, surr2).sum()``), not averaged.

Source: code-search file 62989650808, ``old = torch.tensor([t["old_logprob"] for t in
transitions], dtype=torch.float32, device=dev); ratio = torch.exp(lp_new - old); adv_t =
torch.tensor(advs, dtype=torch.float32, device=dev); surr1 = ratio * adv_t; surr2 =
torch.clamp(ratio, 1 - self.clip, 1 + self.clip) * adv_t; p_loss = -torch.min(surr1,
surr2).sum()``. Ported: the lists are the tensors' values (``.tolist()``); ``self.clip`` is
``clip_eps``.
"""
SOURCE = "code-search file 62989650808"
KIND = "ppo: sum instead of mean (float32 old log-probs and advantages)"
CAUSE = r"\bsum|summ|total|instead of (the )?mean|not (the )?mean|number of|batch size|times (N|the)"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    old = torch.tensor(logp_old.tolist(), dtype=torch.float32)
    ratio = torch.exp(logp_new - old)
    adv_t = torch.tensor(advantages.tolist(), dtype=torch.float32)
    surr1 = ratio * adv_t
    surr2 = torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * adv_t
    p_loss = -torch.min(surr1, surr2).sum()
    return p_loss
