"""A control: ppo_clip_loss and approx_kl from a deep-RL algorithms repository's ``train_ppo_clip``:
the loss is written with the negated advantages and a MAXIMUM, ``max(ratio * -A, clip(ratio) *
-A).mean()``, which is the same number as ``-min(ratio * A, clip(ratio) * A).mean()``; the KL is
``(old_ac_logps - ac_logps).mean()``.

Source: todor-markov/deep-rl-algorithms deeprl/ppo.py, ``approx_kl = (old_ac_logps -
ac_logps).mean(); ac_logp_frac = th.exp(ac_logps - old_ac_logps); clipped_ac_logp_frac =
th.clamp(ac_logp_frac, 1 - clip_eps, 1 + clip_eps); policy_loss = th.max(ac_logp_frac * -advs,
clipped_ac_logp_frac * -advs).mean()``. Ported: the two lines become the two functions; the old
log-probs and advantages are detached.
"""
SOURCE = "todor-markov/deep-rl-algorithms deeprl/ppo.py"
KIND = "control: max of the negated objectives"
CORRECT = True

import torch as th


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ac_logps, old_ac_logps, advs = logp_new, logp_old.detach(), advantages.detach()
    ac_logp_frac = th.exp(ac_logps - old_ac_logps)
    clipped_ac_logp_frac = th.clamp(ac_logp_frac, 1 - clip_eps, 1 + clip_eps)
    policy_loss = th.max(ac_logp_frac * -advs, clipped_ac_logp_frac * -advs).mean()
    return policy_loss


def approx_kl(logp_old, logp_new):
    return (logp_old - logp_new).mean()
