"""loop; entropy added with 0.02."""
import torch

CAUSE = r"adds the sampled entropy, [-+]0\.02 \*"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    total = 0.0
    for i in range(logp_new.shape[0]):
        r = torch.exp(logp_new[i] - logp_old[i].detach())
        a = advantages[i].detach()
        total = total - torch.min(r * a, torch.clamp(r, 1 - clip_eps, 1 + clip_eps) * a)
        total = total + 0.02 * (-logp_new[i])
    return total / logp_new.shape[0]
