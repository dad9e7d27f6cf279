"""policy gradient as a dot product."""
import torch

CAUSE = r"plain policy-gradient loss"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    return -torch.dot(logp_new, advantages.detach()) / logp_new.numel()
