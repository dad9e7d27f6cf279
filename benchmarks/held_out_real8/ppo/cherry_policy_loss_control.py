"""A control: ppo_clip_loss from a reinforcement-learning library's PPO module: it asserts that
the three inputs have one size, builds ``ratios = exp(new - old)`` and returns ``-min(ratios * A,
ratios.clamp(1 - clip, 1 + clip) * A).mean()``.

Source: learnables/cherry cherry/algorithms/ppo.py, ``def policy_loss(new_log_probs,
old_log_probs, advantages, clip=0.1): assert new_log_probs.size() == old_log_probs.size() ==
advantages.size(), msg; ratios = th.exp(new_log_probs - old_log_probs); obj = ratios * advantages;
obj_clip = ratios.clamp(1.0 - clip, 1.0 + clip) * advantages; return - th.min(obj,
obj_clip).mean()``. Ported: the contract's default clip (0.2) replaces the library's 0.1; the old
log-probs and advantages are detached, as the library's callers pass them.
"""
SOURCE = "learnables/cherry cherry/algorithms/ppo.py"
KIND = "control: library PPO policy loss"
CORRECT = True

import torch as th


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    new_log_probs, old_log_probs, advantages = logp_new, logp_old.detach(), advantages.detach()
    msg = 'new_log_probs, old_log_probs and advantages must have equal size.'
    assert new_log_probs.size() == old_log_probs.size() == advantages.size(), msg
    ratios = th.exp(new_log_probs - old_log_probs)
    obj = ratios * advantages
    obj_clip = ratios.clamp(1.0 - clip_eps, 1.0 + clip_eps) * advantages
    return - th.min(obj, obj_clip).mean()
