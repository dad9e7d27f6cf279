"""clipped_surrogate as ``torch.min(ratio, clamp(ratio, 1 - eps, 1 + eps)) * advantages``: the
minimum is taken over the RATIOS and only then multiplied by the advantage, instead of
``min(ratio * A, clip(ratio) * A)``; the same where A >= 0, but for a negative advantage it keeps
the smaller ratio, i.e. the larger (more optimistic) product, not the pessimistic one.

Source: code-search file 16862423474, an actor-critic PPO agent's ``update_policy``: ``ratio =
new_probs.gather(1, actions) / old_probs; surrogate_loss = torch.min(ratio, torch.clamp(ratio, 1 -
self.clip_ratio, 1 + self.clip_ratio)) * advantages``; ``loss = -surrogate_loss + value_loss``.
Ported: the surrogate term on the given ratio and advantages, ``self.clip_ratio = clip_eps``.
"""
SOURCE = "code-search file 16862423474 (actor-critic PPO update_policy, min over the ratios)"
KIND = "ppo: minimum of the ratios times A"
CAUSE = r"min(imum)? (of|over) (the )?(two )?ratio|ratio.{0,40}(before|then) (multipl|times)|negative advantage|A ?< ?0|sign of (the )?advantage|pessimistic|multipl\w* (by |with )?(the )?advantage (after|outside)|before multiplying"

import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    clip_ratio = clip_eps
    surrogate_loss = torch.min(ratio, torch.clamp(ratio, 1 - clip_ratio, 1 + clip_ratio)) * advantages
    return surrogate_loss
