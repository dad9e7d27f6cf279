"""Other conventions of the GRPO functions, as public implementations and homework write them
(TRL's GRPO and RLOO trainers, DAPO's and Dr. GRPO's token-level losses), for the closest
convention (:mod:`autograder.engine.causes.closest`). Our own code, run in the grader only."""
import torch

from autograder.engine.causes.closest import convention

CONTRACT_LOSS = ("the contract's loss is -mean_i(A_i * sequence_logprob_i): each response counted "
                 "once, with the SUM of its real tokens' log-probs")


@convention("group_advantages", "your baseline leaves each response out of its own group's mean "
            "(RLOO: the mean of the G - 1 others), which scales every advantage by G / (G - 1); "
            "the contract subtracts the mean of the whole group")
def leave_one_out(rewards, normalize_std=False, eps=1e-6):
    G = rewards.shape[1]
    others = (rewards.sum(dim=1, keepdim=True) - rewards) / max(G - 1, 1)
    centred = rewards - others
    if normalize_std:
        centred = centred / (rewards.std(dim=1, unbiased=False, keepdim=True) + eps)
    same = rewards.amax(dim=1, keepdim=True) == rewards.amin(dim=1, keepdim=True)
    return torch.where(same, torch.zeros_like(centred), centred)


def _masked(token_logprobs, mask):
    return torch.where(mask, token_logprobs, torch.zeros_like(token_logprobs))


def _ratio_one_terms(token_logprobs, mask, advantages):
    """-ratio * A per real token (0 in the padding), the ratio exp(logp - logp.detach())."""
    real = _masked(token_logprobs, mask)
    return -_masked(torch.exp(real - real.detach()) * advantages.detach()[:, None], mask)


@convention("grpo_loss", "your loss value is a length-weighted mean of -A (TRL's GRPO loss with "
            "a ratio exp(logp - logp.detach()), which is always 1, averaged over each response's "
            "tokens): the log-probs never enter the value; " + CONTRACT_LOSS)
def ratio_one_response_mean(token_logprobs, mask, advantages):
    terms = _ratio_one_terms(token_logprobs, mask, advantages)
    return (terms.sum(dim=1) / mask.sum(dim=1).clamp(min=1)).mean()


@convention("grpo_loss", "your loss averages -ratio * A over the batch's real tokens with a ratio "
            "exp(logp - logp.detach()) that is always 1 (DAPO's token-level loss): each response "
            "is weighted by its length and the log-probs never enter the value; " + CONTRACT_LOSS)
def ratio_one_token_mean(token_logprobs, mask, advantages):
    return _ratio_one_terms(token_logprobs, mask, advantages).sum() / mask.sum()


@convention("grpo_loss", "your loss divides the sum of -ratio * A over real tokens by N * L "
            "(Dr. GRPO) with a ratio exp(logp - logp.detach()) that is always 1: the log-probs "
            "never enter the value; " + CONTRACT_LOSS)
def ratio_one_constant_length(token_logprobs, mask, advantages):
    return _ratio_one_terms(token_logprobs, mask, advantages).sum() / mask.numel()


@convention("grpo_loss", "your loss is TRL's GRPO loss as it stands: a ratio exp(logp - "
            "logp.detach()), always 1, so the value is a length-weighted mean of -A, and the "
            "padding multiplied by the mask, where -inf * 0 is NaN; " + CONTRACT_LOSS
            + ", the real tokens picked with torch.where")
def ratio_one_mask_multiplied(token_logprobs, mask, advantages):
    ratio = torch.exp(token_logprobs - token_logprobs.detach())
    per_token = -(ratio * advantages.detach()[:, None]) * mask
    return (per_token.sum(dim=1) / mask.sum(dim=1)).mean()


def _standardised(advantages, unbiased):
    a = advantages.detach()
    return (a - a.mean()) / (a.std(unbiased=unbiased) + 1e-8)


@convention("grpo_loss", "your loss standardises the advantages itself (mean 0, sample std 1 "
            "over the batch) before using them: the advantages come in ready; " + CONTRACT_LOSS)
def normalised_sample(token_logprobs, mask, advantages):
    return -(_standardised(advantages, True) * _masked(token_logprobs, mask).sum(dim=1)).mean()


@convention("grpo_loss", "your loss standardises the advantages itself (mean 0, population std "
            "1 over the batch) before using them: the advantages come in ready; " + CONTRACT_LOSS)
def normalised_population(token_logprobs, mask, advantages):
    return -(_standardised(advantages, False) * _masked(token_logprobs, mask).sum(dim=1)).mean()


@convention("grpo_loss", "your loss averages each response's token log-probs over ALL L "
            "positions, padding included (a mean over dim 1), then over responses; "
            + CONTRACT_LOSS)
def padded_length_mean(token_logprobs, mask, advantages):
    return -(advantages.detach() * _masked(token_logprobs, mask).mean(dim=1)).mean()
