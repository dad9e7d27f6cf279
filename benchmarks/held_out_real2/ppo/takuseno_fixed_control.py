"""Control: ppo_clip_loss as takuseno/ppo wrote it after the fix, the min taken after
multiplying by the advantage: ``-mean(min(r A, clip(r) A))`` with r = exp(cur - old).

Source: takuseno/ppo build_graph.py (``build_train``, commit a4fbd38 "Fix surrogte objective
function"): ``ratio = tf.exp(cur_policy - old_policy)``, ``clipped_ratio =
tf.clip_by_value(ratio, 1.0 - epsilon, 1.0 + epsilon)``, ``surrogate = -tf.reduce_mean(
tf.minimum(ratio * advantage_t_ph, clipped_ratio * advantage_t_ph))``. Ported: TF -> torch; the
old policy and advantages are placeholders (constants), so detached.
"""
SOURCE = "takuseno/ppo build_graph.py (build_train, after commit a4fbd38)"
KIND = "control"
CORRECT = True

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    advantage_t_ph = advantages.detach()
    ratio = torch.exp(logp_new - logp_old.detach())
    clipped_ratio = torch.clamp(ratio, 1.0 - clip_eps, 1.0 + clip_eps)
    surrogate = -torch.mean(torch.minimum(ratio * advantage_t_ph, clipped_ratio * advantage_t_ph))
    return surrogate
