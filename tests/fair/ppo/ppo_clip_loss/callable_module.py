"""A torch.nn.Module with the epsilon as a default, as libraries write losses."""
import torch
from torch import nn


class PPOClipLoss(nn.Module):
    def __init__(self, clip_eps=0.2):
        super().__init__()
        self.clip_eps = clip_eps

    def forward(self, logp_new, logp_old, advantages, clip_eps=None):
        eps = self.clip_eps if clip_eps is None else clip_eps
        ratio = torch.exp(logp_new - logp_old.detach())
        a = advantages.detach()
        return -torch.mean(torch.minimum(ratio * a, torch.clamp(ratio, 1 - eps, 1 + eps) * a))


ppo_clip_loss = PPOClipLoss()
