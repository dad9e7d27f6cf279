"""TRL's loss with a ratio exp(logp - logp.detach()), always 1, per-response token mean, and the
advantages standardised again inside the loss (sample std). Its torch.where after the exp also
sends NaN into the gradient of -inf padding: the real grader's gradient cases see that third
difference and name nothing; the value cases here see the two."""
CAUSE = r"(?=.*always 1)(?=.*standardis)"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    adv = advantages.detach()
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    ratio = torch.exp(token_logprobs - token_logprobs.detach())
    ratio = torch.where(mask, ratio, torch.zeros_like(ratio))
    per_resp = (ratio * adv[:, None]).sum(1) / mask.sum(1).clamp(min=1)
    return -per_resp.mean()
