"""sequence_logprob that finds the padding by looking for -inf instead of reading the mask: padded
positions holding any finite value are summed in as if they were tokens.

Source: public code in the code-search corpus (file id 71623932114, ``per_sequence_logprobs`` over
Hugging Face ``compute_transition_scores``; the index does not name the repository): ``mask =
transition != float("-inf")``, ``logprobs = transition.masked_fill(~mask, 0.0).sum(dim=-1)``
(the script also returns the per-token mean; the sum is the sequence log-prob). Ported: the
token log-probs are the contract's input; the contract's mask is not read, as the source has
none.
"""
SOURCE = "code-search file 71623932114 (per_sequence_logprobs, mask from -inf)"
KIND = "seq logprob: mask ignored"
CAUSE = (r"mask.{0,40}(ignor|unused|not used|not read)|ignor\w*.{0,20}mask|padding.{0,40}"
         r"(included|counted|summed|added)|-inf|finite")

import torch


def sequence_logprob(token_logprobs, mask):
    transition = token_logprobs
    pad = transition != float("-inf")
    logprobs = transition.masked_fill(~pad, 0.0).sum(dim=-1)
    return logprobs
