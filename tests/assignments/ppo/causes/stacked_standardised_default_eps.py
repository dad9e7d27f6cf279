"""A PPO loss that standardises the advantages itself (population std, an eps of 1e-8) and
clips with the default 0.2 whatever clip_eps it is given."""
CAUSE = r"(?=.*standardis)(?=.*(0\.2 whatever|`clip_eps` is fixed at 0\.2))"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    adv = advantages.detach()
    adv = (adv - adv.mean()) / (adv.std(unbiased=False) + 1e-8)
    ratio = torch.exp(logp_new - logp_old.detach())
    unclipped = ratio * adv
    clipped = torch.clamp(ratio, 0.8, 1.2) * adv
    return -torch.min(unclipped, clipped).mean()
