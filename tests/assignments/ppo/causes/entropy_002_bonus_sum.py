"""entropy bonus 0.02, mean written as sum / n."""
import torch

CAUSE = r"subtracts the sampled entropy, [-+]0\.02 \*"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    n = logp_new.shape[0]
    ratio = torch.exp(logp_new - logp_old.detach())
    adv = advantages.detach()
    surr = torch.min(ratio * adv, ratio.clamp(1 - clip_eps, 1 + clip_eps) * adv)
    return -surr.sum() / n + 0.02 * logp_new.sum() / n
