"""Control: ppo_clip_loss as rsl_rl writes it, the maximum of the two negated surrogates,
``mean(max(-A r, -A clip(r)))``, which is ``-mean(min(A r, A clip(r)))`` (the issue that asked
about it was closed as "equivalent").

Source: leggedrobotics/rsl_rl, rsl_rl/algorithms/ppo.py (``PPO.update``): ``ratio =
torch.exp(actions_log_prob_batch - torch.squeeze(old_actions_log_prob_batch))``, ``surrogate =
-torch.squeeze(advantages_batch) * ratio``, ``surrogate_clipped =
-torch.squeeze(advantages_batch) * torch.clamp(ratio, 1.0 - self.clip_param, 1.0 +
self.clip_param)``, ``surrogate_loss = torch.max(surrogate, surrogate_clipped).mean()``.
Ported: the old log-probs and advantages come from the rollout storage (no gradient), so they
are detached; ``clip_param`` is ``clip_eps``.
"""
SOURCE = "leggedrobotics/rsl_rl rsl_rl/algorithms/ppo.py (PPO.update, surrogate_loss)"
KIND = "control"
CORRECT = True

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    advantages_batch = advantages.detach()
    old_actions_log_prob_batch = logp_old.detach()
    ratio = torch.exp(logp_new - torch.squeeze(old_actions_log_prob_batch))
    surrogate = -torch.squeeze(advantages_batch) * ratio
    surrogate_clipped = -torch.squeeze(advantages_batch) * torch.clamp(
        ratio, 1.0 - clip_eps, 1.0 + clip_eps)
    surrogate_loss = torch.max(surrogate, surrogate_clipped).mean()
    return surrogate_loss
