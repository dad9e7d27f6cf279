"""Casts the advantages to float32 before the loss (CS285's ``ptu.from_numpy`` style): on float64
inputs the loss is right to float32's precision only. Only the float64 precision test may fail."""
FEEDBACK = "a float32 intermediate rounded it"
LOSES = "float64 precision"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old.detach())
    return -clipped_surrogate(ratio, advantages.detach().float(), clip_eps).mean()
