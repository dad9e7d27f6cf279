"""clipped_surrogate as a TensorLayer issue proposes it: the minimum is taken over the two
ratios, then multiplied by the advantage, ``min(r, clip(r)) * A``; for a negative advantage that
picks the smaller (more optimistic) objective instead of the pessimistic one.

Source: https://github.com/tensorlayer/TensorLayer/issues/1072 ("Bug of PPO"), the proposed
code: ``self.cliped_ratio = tf.clip_by_value(self.ratio, 1. - epsilon, 1. + epsilon)``,
``self.min_temp = tf.minimum(self.ratio, self.cliped_ratio)``, ``self.aloss =
-tf.reduce_mean(self.min_temp * self.tfadv)``. Ported: TF -> torch; the elementwise part is
``clipped_surrogate`` (the reference's ``ppo_clip_loss`` takes its negated mean, as the issue's
``aloss`` does).
"""
SOURCE = "https://github.com/tensorlayer/TensorLayer/issues/1072"
KIND = "ppo: min before multiplying by the advantage"
CAUSE = (r"min.{0,60}(before|ratio)|negative advantage|A ?< ?0|advantage is negative|"
         r"wrong side|pessimis|max\(r|multipl\w* (by|with) (the )?advantage")

import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    cliped_ratio = torch.clamp(ratio, 1. - clip_eps, 1. + clip_eps)
    min_temp = torch.minimum(ratio, cliped_ratio)
    return min_temp * advantages
