"""ppo_clip_loss with the ratio taken between probabilities plus an epsilon,
``p_new / (p_old + 1e-10)``: not exp(logp_new - logp_old). The extra 1e-10 is negligible for
likely actions and not for unlikely ones (about 1.5e-8 relative error at logp_old = -5, far past
float64 precision; far more for rarer actions).

Source: https://github.com/EmbersArc/PPO/issues/4 (ppo/model.py, a line the maintainer says came
from Unity ml-agents' PPO model; the same code is code-search file 1897410841): ``r_theta = probs /
(old_probs + 1e-10)``, ``p_opt_a = r_theta * self.advantage``, ``p_opt_b =
tf.clip_by_value(r_theta, 1 - decay_epsilon, 1 + decay_epsilon) * self.advantage``,
``self.policy_loss = -tf.reduce_mean(tf.minimum(p_opt_a, p_opt_b))``. Ported: TF -> torch,
``probs = exp(logp_new)``, ``old_probs = exp(logp_old)`` (a placeholder: constant), the
advantage placeholder constant, ``decay_epsilon = clip_eps``.
"""
SOURCE = "https://github.com/EmbersArc/PPO/issues/4"
KIND = "ppo: probability ratio + eps"
CAUSE = (r"1e-10|\beps(ilon)?\b.{0,40}(added|denominator|divid)|(added|extra) (an? )?eps|"
         r"probabilit\w* ratio|ratio of (the )?probabilit|divid\w*.{0,30}probabilit|"
         r"exp\(logp_old\)|separate exp|precision|float64")

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    probs = torch.exp(logp_new)
    old_probs = torch.exp(logp_old).detach()
    advantage = advantages.detach()
    r_theta = probs / (old_probs + 1e-10)
    p_opt_a = r_theta * advantage
    p_opt_b = torch.clamp(r_theta, 1 - clip_eps, 1 + clip_eps) * advantage
    policy_loss = -torch.mean(torch.minimum(p_opt_a, p_opt_b))
    return policy_loss
