"""sequence_logprob averages instead of summing, and over every position, padding included:
``mean((logp * mask), dim=1)``, i.e. the sum over real tokens divided by the padded length L
(and NaN where padding holds -inf).

Source: code-search file 43463555794 (``get_logp`` of a summarisation RLHF model; the same
function is in file 43632819128; the index does not name the repository):
``log_prob_summary_i *= summary_i_attention_mask``, ``log_prob_summary_i =
th.mean(log_prob_summary_i, dim=1)  # batch_size x 1; average log_prob per token.``. Ported:
the gather is the contract's input, the attention mask the contract's mask.
"""
SOURCE = "code-search file 43463555794 (get_logp, average log_prob per token)"
KIND = "seq logprob: mean over the padded length"
CAUSE = (r"mean|averag|divid\w*.{0,30}(length|L\b|positions|tokens)|length|-inf|\bnan\b|"
         r"multipl\w*.{0,40}mask")

import torch


def sequence_logprob(token_logprobs, mask):
    log_prob_summary_i = token_logprobs * mask
    log_prob_summary_i = torch.mean(log_prob_summary_i, dim=1)
    return log_prob_summary_i
