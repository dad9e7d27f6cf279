"""A PPO loss that centres the advantages (subtracts the batch mean, no std) and clips at a
hard-coded 0.3."""
CAUSE = r"(?=.*centre)(?=.*(`clip_eps` is fixed at 0\.3|eps 0\.3 whatever))"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    a = advantages.detach() - advantages.detach().mean()
    r = torch.exp(logp_new - logp_old.detach())
    return -torch.min(r * a, r.clamp(0.7, 1.3) * a).mean()
