"""Control: ppo_clip_loss as a multi-agent actor-critic library writes it, with the ratio named
``rho`` and the advantages passed first: ``-mean(min(rho A, clamp(rho, 1 - eps, 1 + eps) A))``.

Source: jbr-ai-labs/BAROCCO, Harvest_Actor-Critic/source/utils/torch/loss.py: ``def ppo_loss(A,
rho, eps=0.2): return -torch.min(rho * A, rho.clamp(1 - eps, 1 + eps) * A).mean()`` (called as
``polLoss = ppo_loss(A, rho)``). Ported: ``rho = exp(logp_new - logp_old)``; the old log-probs
and advantages come from the rollout (detached).
"""
SOURCE = "jbr-ai-labs/BAROCCO Harvest_Actor-Critic/source/utils/torch/loss.py (ppo_loss)"
KIND = "control"
CORRECT = True

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    def ppo_loss(A, rho, eps=0.2):
        return -torch.min(rho * A, rho.clamp(1 - eps, 1 + eps) * A).mean()

    rho = torch.exp(logp_new - logp_old.detach())
    return ppo_loss(advantages.detach(), rho, clip_eps)
