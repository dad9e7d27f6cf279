r"""ppo_clip_loss with the log-ratio in place of the ratio: ``r = logp_new - logp_old`` (no
``exp``), clipped to ``[-eps, eps]`` (the band moved to 0 along with it), and
``-mean(min(r A, clip(r, -eps, eps) A))``.

Source: code-search file 36946548841, a PPO agent's update: ``# ratio =
torch.exp(new_log_prob - old_log_prob[indices])``, ``ratio = new_log_prob -
old_log_prob[indices]``, ``surr1 = ratio * batch_advantages``, ``# surr2 = torch.clamp(ratio, 1 -
self.epsilon, 1 + self.epsilon) * batch_advantages``, ``surr2 = torch.clamp(ratio,
-self.epsilon, self.epsilon) * batch_advantages``, ``actor_loss = torch.min(surr1,
surr2).mean()``, ``loss = - actor_loss ...``. Ported: the actor part; old log-probs and
advantages from the buffer (detached).
"""
SOURCE = "code-search file 36946548841 (PPO update, log ratio without exp)"
KIND = "ppo: log-ratio instead of ratio"
CAUSE = r"\bexp|log.?ratio|logarithm|log of the ratio|difference of log|not exponentiat|\[-eps|-eps, eps|band.{0,30}0"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    batch_advantages = advantages.detach()
    ratio = logp_new - logp_old.detach()
    surr1 = ratio * batch_advantages
    surr2 = torch.clamp(ratio, -clip_eps, clip_eps) * batch_advantages
    actor_loss = torch.min(surr1, surr2).mean()
    return -actor_loss
