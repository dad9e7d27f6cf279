"""ppo_clip_loss from a small categorical PPO with a shared network: the old action probabilities
are stored and converted with ``torch.FloatTensor`` (float32), the new ones are
``exp(dist.log_prob(actions))``, and the ratio is ``new_probs / (old_probs + 1e-10)``; the loss is
``-mean(min(surr1, surr2))``.

Source: code-search file 21145792334, ``old_probs = torch.FloatTensor(self.action_probs); ...
new_probs = torch.exp(dist.log_prob(actions)); ratio = new_probs / (old_probs + 1e-10); ... surr1 =
ratio * advantages; surr2 = torch.clamp(ratio, 1 - self.epsilon, 1 + self.epsilon) * advantages;
policy_loss = -torch.min(surr1, surr2).mean()``. Ported: the stored probabilities are ``exp`` of
``logp_old``; the advantages are detached (the source's are ``returns - values.detach()``).
"""
SOURCE = "code-search file 21145792334"
KIND = "ppo: ratio of probabilities, float32 old"
CAUSE = r"float32|single precision|precision|FloatTensor|eps|epsilon|1e-10|probabilit|divi"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    old_probs = torch.FloatTensor(torch.exp(logp_old.detach()).tolist()).reshape(logp_old.shape)
    new_probs = torch.exp(logp_new)
    advantages = advantages.detach()
    ratio = new_probs / (old_probs + 1e-10)
    surr1 = ratio * advantages
    surr2 = torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * advantages
    policy_loss = -torch.min(surr1, surr2).mean()
    return policy_loss
