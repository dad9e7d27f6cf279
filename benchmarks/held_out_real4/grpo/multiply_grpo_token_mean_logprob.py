"""grpo_loss whose log-probability of a response is the MEAN of its token log-probs
(``policy_log_probs.mean()``: each response's log-prob divided by its length), summed over the
responses and divided by their number.

Source: code-search file 58965393188, a two-digit multiplication GRPO trainer's
``compute_grpo_loss(policy_model, ref_model, completions, rewards, beta)``: ``for i, ...:
policy_log_probs = compute_token_log_probs(...)`` (the completion tokens only); ``pg_loss =
-(advantage_i * policy_log_probs.mean())``; ``completion_loss = pg_loss + beta * kl``;
``total_loss = total_loss + completion_loss``; ``return total_loss / len(completions)``. Ported:
response i's completion tokens are ``token_logprobs[i][mask[i]]``; the advantages come in
(detached) instead of from the rewards; no reference model, so the KL term (``beta * kl``) is
left out; ``total_loss`` starts as a 0 of the inputs' dtype.
"""
SOURCE = "code-search file 58965393188 (multiplication GRPO compute_grpo_loss, token-mean log-prob)"
KIND = "grpo: length-normalised sequence log-prob"
CAUSE = (r"length|per[- ]token|token[- ]mean|mean (of|over) (the )?tokens|average (of|over) (the )?tokens|"
         r"averag\w* (the )?token|divid\w* by (the )?(number of tokens|mask|count)|normali[sz]ed by")

import torch


def grpo_loss(token_logprobs, mask, advantages):
    advantages = advantages.detach()
    total_loss = torch.zeros((), dtype=token_logprobs.dtype)
    for i in range(token_logprobs.shape[0]):
        policy_log_probs = token_logprobs[i][mask[i]]
        advantage_i = advantages[i]
        pg_loss = -(advantage_i * policy_log_probs.mean())
        completion_loss = pg_loss
        total_loss = total_loss + completion_loss
    return total_loss / token_logprobs.shape[0]
