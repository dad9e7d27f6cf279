"""ppo_clip_loss from a CartPole PPO agent (value network alongside): the probability of each
chosen action is picked out with a one-hot product from the softmax, old and new; the ratio is
``new_probs / (old_probs + 1e-8)``, with the old probabilities converted to a float32 tensor; the
loss is ``-mean(min(ratio * A, clip(ratio) * A))``.

Source: code-search file 40777617437, ``def compute_loss(self, states, actions, old_probs,
advantages): probs = self.policy(states); new_probs = torch.sum(probs * actions, dim=1); old_probs
= torch.sum(old_probs * actions, dim=1); ratio = new_probs / (old_probs + 1e-8); clipped_ratio =
torch.clamp(ratio, 1.0 - self.epsilon, 1.0 + self.epsilon); loss = -torch.mean(torch.min(ratio *
advantages, clipped_ratio * advantages))`` and ``old_probs = torch.tensor(old_probs,
dtype=torch.float32)``. Ported: the chosen actions' probabilities are ``exp`` of the log-probs.
"""
SOURCE = "code-search file 40777617437"
KIND = "ppo: ratio of probabilities plus 1e-8, float32 old"
CAUSE = r"eps|epsilon|1e-0?8|small constant|probabilit|divi|float32|single precision|precision"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    new_probs = torch.exp(logp_new)
    old_probs = torch.tensor(torch.exp(logp_old).tolist(), dtype=torch.float32).reshape(logp_old.shape)
    advantages = advantages.detach()
    ratio = new_probs / (old_probs + 1e-8)
    clipped_ratio = torch.clamp(ratio, 1.0 - clip_eps, 1.0 + clip_eps)
    loss = -torch.mean(torch.min(ratio * advantages, clipped_ratio * advantages))
    return loss
