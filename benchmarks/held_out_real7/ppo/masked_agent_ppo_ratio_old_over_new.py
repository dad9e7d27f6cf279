"""ppo_clip_loss as a masking test script computes the actor loss "exactly like the agent does":
the ratio is ``torch.exp(old_log_probs - log_probs)``, the OLD policy over the NEW one (the
reciprocal of the contract's ratio), and the clip range is a fixed ``[0.8, 1.2]``; the loss is the
max of the negated surrogates, averaged.

Source: code-search file 61994068865, ``ratio = torch.exp(old_log_probs - log_probs); surr1 =
advantage * ratio; surr2 = advantage * torch.clamp(ratio, 0.8, 1.2); a_loss_raw =
torch.max(-surr1, -surr2)`` followed by a masked mean over the kept environments. Ported: all
environments kept (the masked mean is the mean); the fixed clip range is kept, so ``clip_eps`` is
unused as in the source.
"""
SOURCE = "code-search file 61994068865"
KIND = "ppo: ratio old over new"
CAUSE = r"revers|swap|invert|reciprocal|old ?/ ?new|old over new|logp_old ?- ?logp_new|other way|order|wrong direction|0\.8|1\.2|clip_eps"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    log_probs, old_log_probs, advantage = logp_new, logp_old, advantages
    ratio = torch.exp(old_log_probs - log_probs)
    surr1 = advantage * ratio
    surr2 = advantage * torch.clamp(ratio, 0.8, 1.2)
    a_loss_raw = torch.max(-surr1, -surr2)
    return a_loss_raw.mean()
