"""TRL's GRPOTrainer loss on one policy step: ``coef_1 = exp(logp - logp.detach())`` (always 1),
the per-token loss ``coef_1 * A`` kept WITHOUT its minus sign (the objective, as a notebook
that maximises writes it), each response averaged over its own tokens, and the advantages
centred inside (rewards minus the batch mean, as a REINFORCE-style baseline)."""
CAUSE = r"(?=.*(always one|always 1))(?=.*sign)(?=.*(centred|centres))"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    adv = advantages.detach() - advantages.detach().mean()
    coef_1 = torch.exp(token_logprobs - token_logprobs.detach())
    per_token = coef_1 * adv.unsqueeze(1)
    per_token = torch.where(mask, per_token, torch.zeros_like(per_token))
    lengths = mask.sum(dim=1).clamp(min=1)
    return (per_token.sum(dim=1) / lengths).mean()
