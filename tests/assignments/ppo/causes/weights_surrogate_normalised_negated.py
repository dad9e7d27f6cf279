"""``clipped_surrogate`` that already returns the per-sample LOSS (minus the objective, as
CleanRL's ``pg_loss1 = -mb_advantages * ratio`` with ``torch.max``) and whitens the advantages
itself (sample std, eps 1e-8), in float32."""
CAUSE = r"(?=.*sign)(?=.*standardis)"

import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    adv = advantages.float()
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    pg_loss1 = -adv * ratio.float()
    pg_loss2 = -adv * torch.clamp(ratio.float(), 1 - clip_eps, 1 + clip_eps)
    return torch.max(pg_loss1, pg_loss2).to(ratio.dtype)
