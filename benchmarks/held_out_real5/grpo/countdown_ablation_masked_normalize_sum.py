"""grpo_loss from the length-normalisation ablation's "masked_normalize" branch: the per-token loss
``-A_i * logp_t`` SUMMED over every real token of the batch (normalize constant 1.0), i.e. the sum
over responses of ``-A_i * sequence_logprob_i``, where the contract takes the mean over the N
responses. The mask is applied by multiplying with it (a ``-inf`` in the padding gives nan).

Source: code-search file 52619987931, a Countdown GRPO experiment script ("核心算法逻辑"):
``masked_normalize(tensor, mask, normalize_constant=1.0)``: ``torch.sum(tensor * mask.float()) /
normalize_constant``; ``grpo_microbatch_train_step(..., length_norm)``: ``per_token_loss =
-advantages.unsqueeze(-1) * policy_log_probs``, and for ``length_norm != "masked_mean"`` ``loss =
masked_normalize(per_token_loss, response_mask, normalize_constant=1.0)``, then ``loss /
grad_acc``. Ported: the norm_ablation's "masked_normalize" setting, ``grad_acc = 1``, no
``backward()``; the advantages are detached as the contract treats them as constants.
"""
SOURCE = "code-search file 52619987931 (Countdown GRPO script, masked_normalize with constant 1.0)"
KIND = "grpo: sum over responses instead of mean"
CAUSE = r"\bsum|summed|instead of (the |a )?mean|mean over (the )?(N )?responses|not averaged|divid\w* by N|times N|N times|batch size|multipl\w*|\* ?mask|-inf|\bnan\b"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    def masked_normalize(tensor, mask, normalize_constant=1.0):
        return torch.sum(tensor * mask.float()) / normalize_constant

    policy_log_probs, response_mask = token_logprobs, mask
    grad_acc = 1
    per_token_loss = -advantages.detach().unsqueeze(-1) * policy_log_probs
    loss = masked_normalize(per_token_loss, response_mask, normalize_constant=1.0)
    loss = loss / grad_acc
    return loss
