"""ppo_clip_loss from a vectorised CartPole PPO policy's ``finish_episode``: the minibatch's
"new" log-probs are sliced from the OLD ones (``mb_log_probs = old_log_probs[mb_inds]``), so the
ratio ``(mb_log_probs - old_log_probs[mb_inds]).exp()`` is exactly 1 and carries no gradient from
the current policy; on top, the surrogate takes ``torch.max`` of the two terms, not the min.

Source: code-search file 67491350773, ``mb_log_probs = old_log_probs[mb_inds]; ... ratio =
(mb_log_probs - old_log_probs[mb_inds]).exp(); surr1 = ratio * mb_advantages; surr2 =
torch.clamp(ratio, 1.0 - clip_coef, 1.0 + clip_coef) * mb_advantages; policy_loss =
-torch.max(surr1, surr2).mean()``. Ported: the whole batch is one minibatch; ``clip_coef`` is
``clip_eps``; ``logp_new`` is received and, as in the source, not used.
"""
SOURCE = "code-search file 67491350773"
KIND = "ppo: ratio always one (old over old), max"
CAUSE = r"ratio.{0,30}(always|exactly|identically|constant).{0,10}(one|1)|always (one|1)|logp_new|new log.?prob|ignor|no gradient|gradient|old.{0,20}twice|\bmax|maximum"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    old_log_probs = logp_old.detach()
    mb_log_probs = old_log_probs
    mb_advantages = advantages.detach()
    ratio = (mb_log_probs - old_log_probs).exp()
    surr1 = ratio * mb_advantages
    surr2 = torch.clamp(ratio, 1.0 - clip_eps, 1.0 + clip_eps) * mb_advantages
    policy_loss = -torch.max(surr1, surr2).mean()
    return policy_loss
