"""Dr. GRPO's constant normaliser (each response's sum divided by the padded length L, then the
batch mean), written with the advantages standardised inside the loss as TRL's
``scale_rewards`` does (sample std, an eps of 1e-6) and the per-token product in float32."""
CAUSE = r"(?=.*(N \* L|padded length))(?=.*standardis)"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    adv = advantages.detach()
    adv = (adv - adv.mean()) / (adv.std() + 1e-6)
    per_token = torch.where(mask, token_logprobs, torch.zeros_like(token_logprobs)).float()
    per_token = -per_token * adv.float().unsqueeze(1)
    loss = (per_token.sum(dim=1) / mask.shape[1]).mean()
    return loss.to(token_logprobs.dtype)
