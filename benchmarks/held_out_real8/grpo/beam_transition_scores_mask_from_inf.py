"""sequence_logprob from a decoding-strategies script's ``sequence_logprobs``: the mask is not the
one given but is derived from the values (``transition != -inf``: a padding position counts as a
real token unless it holds ``-inf``), then ``masked_fill(~mask, 0).sum(dim=-1)``.

Source: code-search file 71226197921, ``transition = model.compute_transition_scores(...); #
padding positions are -inf; mask = transition != float("-inf"); logprobs =
transition.masked_fill(~mask, 0.0).sum(dim=-1)``. Ported: ``transition`` is ``token_logprobs``;
the given ``mask`` is received and unused, as the source has none; the summed tensor is returned
(the source's ``.tolist()`` and its length-normalised second list are left out).
"""
SOURCE = "code-search file 71226197921"
KIND = "grpo: mask derived from -inf values"
CAUSE = r"mask|padding|-inf|infinit|ignor"

import torch


def sequence_logprob(token_logprobs, mask):
    transition = token_logprobs
    mask = transition != float("-inf")
    logprobs = transition.masked_fill(~mask, 0.0).sum(dim=-1)
    return logprobs
