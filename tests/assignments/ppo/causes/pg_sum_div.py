"""policy gradient, sum / len."""
import torch

CAUSE = r"plain policy-gradient loss"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    return -torch.sum(advantages.detach() * logp_new) / len(logp_new)
