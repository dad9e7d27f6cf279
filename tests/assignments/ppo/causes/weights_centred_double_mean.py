"""OpenRLHF's ``masked_mean`` over the samples followed by a second division by the number of
samples (the loss "averaged over the micro-batch" twice), with the advantages centred inside
(a whitening without the std) and an eps in the count."""
CAUSE = r"(?=.*(samples in the batch × samples in the batch|divided by it))(?=.*centres)"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    adv = advantages.detach() - advantages.detach().mean()
    ratio = (logp_new - logp_old.detach()).exp()
    loss = -torch.min(ratio * adv, ratio.clamp(1 - clip_eps, 1 + clip_eps) * adv)
    return loss.sum() / (loss.numel() + 1e-8) / loss.numel()
