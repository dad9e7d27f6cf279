"""Control: ppo_clip_loss as OpenAI Baselines' ppo2 writes it, with negative log-probs
(``ratio = exp(OLDNEGLOGPAC - neglogpac)``) and the max of the two negated surrogates. The
issue thread asked whether the ratio was inverted; it is not: neglogp = -logp, so this is
exp(logp_new - logp_old), and max(-rA, -clip(r)A) = -min(rA, clip(r)A).

Source: https://github.com/hill-a/stable-baselines/issues/447 (stable_baselines/ppo2/ppo2.py,
the same lines as openai/baselines baselines/ppo2/model.py): ``ratio =
tf.exp(self.old_neglog_pac_ph - neglogpac)``, ``pg_losses = -self.advs_ph * ratio``,
``pg_losses2 = -self.advs_ph * tf.clip_by_value(ratio, 1.0 - self.clip_range_ph, 1.0 +
self.clip_range_ph)``, ``pg_loss = tf.reduce_mean(tf.maximum(pg_losses, pg_losses2))``.
Ported: TF -> torch; the placeholders (old neglogp, advantages) are constants, so detached.
"""
SOURCE = "https://github.com/hill-a/stable-baselines/issues/447"
KIND = "control"
CORRECT = True

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    neglogpac = -logp_new
    old_neglog_pac = -logp_old.detach()
    advs = advantages.detach()
    ratio = torch.exp(old_neglog_pac - neglogpac)
    pg_losses = -advs * ratio
    pg_losses2 = -advs * torch.clamp(ratio, 1.0 - clip_eps, 1.0 + clip_eps)
    return torch.mean(torch.maximum(pg_losses, pg_losses2))
