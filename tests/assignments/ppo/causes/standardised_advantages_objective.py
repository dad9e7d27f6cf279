"""ppo_clip_loss returning the clipped objective to maximise (no minus sign), on advantages it
standardises itself (torch's sample std, + 1e-8), the ratio computed in float32."""
CAUSE = r"(?=.*(standardi|normali))(?=.*sign)"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    a = advantages.detach()
    a = (a - a.mean()) / (a.std() + 1e-8)
    ratio = (logp_new.float() - logp_old.detach().float()).exp().to(logp_new.dtype)
    return torch.min(ratio * a, ratio.clamp(1 - clip_eps, 1 + clip_eps) * a).mean()
