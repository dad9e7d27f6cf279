"""ppo_clip_loss as ``mean(-min(ratio, clamp(ratio, 1 - eps, 1 + eps)) * A)`` with ``ratio =
new_probs / (old_probs + 1e-8)``: the minimum is taken over the ratios before the multiplication
by the advantage (wrong wherever the advantage is negative and the ratio leaves the range), and
the ratio of probabilities carries an extra 1e-8 in its denominator.

Source: code-search file 22587188556, a continuous-action PPO agent's update: ``new_probs =
self.policy(states).gather(1, actions.unsqueeze(1))``; ``ratio = new_probs / (old_probs + 1e-8);
clip_loss = -torch.min(ratio, torch.clamp(ratio, 1 - self.clip_ratio, 1 + self.clip_ratio)) *
returns; loss = torch.mean(clip_loss)``. Ported: the probabilities are the exponentials of the
given log-probs; ``returns`` are the advantages (detached), ``self.clip_ratio = clip_eps``.
"""
SOURCE = "code-search file 22587188556 (continuous PPO agent, min(ratio, clamp(ratio)) * returns)"
KIND = "ppo: minimum of the ratios times A"
CAUSE = r"min(imum)? (of|over) (the )?(two )?ratio|ratio.{0,40}(before|then) (multipl|times)|negative advantage|A ?< ?0|sign of (the )?advantage|pessimistic|multipl\w* (by |with )?(the )?advantage (after|outside)|before multiplying|1e-0?8|eps|epsilon"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    clip_ratio = clip_eps
    new_probs, old_probs = torch.exp(logp_new), torch.exp(logp_old.detach())
    returns = advantages.detach()
    ratio = new_probs / (old_probs + 1e-8)
    clip_loss = -torch.min(ratio, torch.clamp(ratio, 1 - clip_ratio, 1 + clip_ratio)) * returns
    loss = torch.mean(clip_loss)
    return loss
