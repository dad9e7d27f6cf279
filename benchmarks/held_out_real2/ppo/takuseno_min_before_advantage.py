"""ppo_clip_loss takes the minimum of the ratio and the clipped ratio BEFORE multiplying by the
advantage: ``min(r, clip(r)) * A``. For a negative advantage that picks the smaller ratio, so the
pessimistic bound is lost (a ratio above 1 + eps is clipped where it must not be, and one below
1 - eps is not).

Source: https://github.com/takuseno/ppo/issues/3 (build_graph.py, fixed in commit a4fbd38):
``surrogate = -tf.reduce_mean(tf.minimum(ratio, clipped_ratio) * advantage_t_ph)``, with
``ratio = tf.exp(cur_policy - old_policy)``. Ported: TF -> torch; the old policy and the
advantages are placeholders (constants), so detached.
"""
SOURCE = "https://github.com/takuseno/ppo/issues/3"
KIND = "ppo: min before the advantage"
CAUSE = (r"min\w*.{0,40}(before|of the ratios?|ratios? (only|alone))|before multiplying|"
         r"negative advantage|sign of (the )?advantage|ratio.{0,30}clipped.{0,30}then")

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old.detach())
    clipped_ratio = torch.clamp(ratio, 1.0 - clip_eps, 1.0 + clip_eps)
    surrogate = -torch.mean(torch.minimum(ratio, clipped_ratio) * advantages.detach())
    return surrogate
