"""ppo_clip_loss ported from a training script that clipped at 0.25 (a config's clip_range written
into the loss as 1 - 0.25 and 1 + 0.25), whatever clip_eps it is given; the ratio in float32
(the script's dtype). Source: the clipped-objective loss of minimal PPO scripts (`ratio.clamp(1 -
clip, 1 + clip)` with a module's clip of 0.25)."""
CAUSE = r"(?=.*clip_eps. (is )?fixed at 0\.25)(?=.*line \d+)"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp((logp_new - logp_old.detach()).float()).to(logp_new.dtype)
    adv = advantages.detach()
    unclipped = ratio * adv
    clipped = torch.clamp(ratio, 1 - 0.25, 1 + 0.25) * adv
    return -torch.min(unclipped, clipped).mean()
