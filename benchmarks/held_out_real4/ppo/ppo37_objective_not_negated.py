"""ppo_clip_loss that returns the clipped surrogate OBJECTIVE, ``torch.min(clipped,
non_clipped).mean()``, not its negative: a quantity to maximise where the contract asks for a loss
to minimise (the sign flipped).

Source: code-search file 43092230286, a "37 details" PPO agent's
``clipped_surrogate_objective(self, logprob_new, mb_logprob, mb_advantages)``: ``logits_diff =
logprob_new - mb_logprob; prob_ratio = torch.exp(logits_diff); non_clipped = prob_ratio *
mb_advantages; clipped = torch.clamp(prob_ratio, 1 - self.config.clip_coef, 1 +
self.config.clip_coef) * mb_advantages; return torch.min(clipped, non_clipped).mean(),
prob_ratio``. Ported: ``clip_coef = clip_eps``; only the first of the pair is returned.
"""
SOURCE = "code-search file 43092230286 (37-details PPO clipped_surrogate_objective, not negated)"
KIND = "ppo: objective returned instead of the loss (sign)"
CAUSE = (r"sign|negat|minus|maximi[sz]|objective|opposite|ascent|descent|flipped|"
         r"-1 ?(times|\*)|\bneg\b")

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    logprob_new, mb_logprob, mb_advantages, clip_coef = logp_new, logp_old, advantages, clip_eps
    logits_diff = logprob_new - mb_logprob
    prob_ratio = torch.exp(logits_diff)
    non_clipped = prob_ratio * mb_advantages
    clipped = torch.clamp(prob_ratio, 1 - clip_coef, 1 + clip_coef) * mb_advantages
    return torch.min(clipped, non_clipped).mean()
