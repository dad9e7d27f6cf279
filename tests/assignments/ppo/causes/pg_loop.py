"""policy gradient in a loop."""
import torch

CAUSE = r"plain policy-gradient loss"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    loss = 0
    for lp, a in zip(logp_new, advantages):
        loss = loss - lp * a.detach()
    return loss / logp_new.shape[0]
