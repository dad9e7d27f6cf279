"""ppo_clip_loss as a ratio of probabilities, prob / prob_old, and the objective's sign.

Source: dtiarks/pg_agents, algos/ppo.py, ``PPO.init_loss`` (TensorFlow): ``rat =
self.policy.prob / self.policy_old.prob``; ``self.loss = tf.reduce_mean(tf.minimum(rat * R,
rat_clipped * R))`` (maximised there, returned here as the loss). Ported: TF -> torch; the
probabilities are exp of the log-probs.
"""
SOURCE = "dtiarks/pg_agents algos/ppo.py (PPO.init_loss)"
KIND = "sign + separate exps"
CAUSE = r"sign|minus|MINIMISE|underflow|in one go|0/0|NaN"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    rat = torch.exp(logp_new) / torch.exp(logp_old)
    rat_clipped = torch.clamp(rat, 1 - clip_eps, 1 + clip_eps)
    return torch.mean(torch.minimum(rat * advantages, rat_clipped * advantages))
