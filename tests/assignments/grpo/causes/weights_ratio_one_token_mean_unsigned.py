"""TRL's GRPOTrainer loss with ``loss_type="dapo"`` on one policy step, ported into a notebook
that maximises: ``coef_1 = exp(logp - logp.detach())`` (always 1, so the log-probs never enter
the value), the per-token term ``coef_1 * A`` without the minus sign, the sum over every real
token divided by the number of real tokens (``clamp(min=1.0)``), the advantages centred
inside (rewards minus the batch mean)."""
CAUSE = r"(?=.*(always one|always 1))(?=.*sign)(?=.*(centred|centres))"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    adv = advantages.detach() - advantages.detach().mean()
    coef_1 = torch.exp(token_logprobs - token_logprobs.detach())
    per_token = coef_1 * adv.unsqueeze(1)
    per_token = per_token.masked_fill(~mask, 0.0)
    return per_token.sum() / mask.sum().clamp(min=1.0)
