"""Control: clipped_surrogate in Spinning Up's TF1 form, min(r A, (1 + eps) A if A > 0 else
(1 - eps) A): equal to the clipped surrogate for every r and A, gradient included.

Source: openai/spinningup, spinup/algos/tf1/ppo/ppo.py: ``min_adv = tf.where(adv_ph>0,
(1+clip_ratio)*adv_ph, (1-clip_ratio)*adv_ph); pi_loss = -tf.reduce_mean(tf.minimum(ratio *
adv_ph, min_adv))``. Ported: TF -> torch, the surrogate part.
"""
SOURCE = "openai/spinningup spinup/algos/tf1/ppo/ppo.py"
KIND = "control"
CORRECT = True

import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    min_adv = torch.where(advantages > 0, (1 + clip_eps) * advantages,
                          (1 - clip_eps) * advantages)
    return torch.minimum(ratio * advantages, min_adv)
