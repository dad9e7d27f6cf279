"""sequence_logprob as a DPO evaluation script scores each response: ``(logprobs * mask).sum(dim=1)``:
the padding is removed by MULTIPLYING with the mask, so a padding log-prob of ``-inf`` gives
``-inf * 0 = nan`` and the whole response's log-prob becomes nan.

Source: code-search file 70921363414, ``mask = attn_mask_shifted.clone(); if q_len > 1: mask[:,
:q_len-1] = 0; seq_logprob = (logprobs * mask).sum(dim=1); return seq_logprob``. Ported: the
mask is the contract's (no prompt part to blank out).
"""
SOURCE = "code-search file 70921363414"
KIND = "grpo: padding removed by multiplying with the mask"
CAUSE = r"nan|-?inf|multipl|padding|mask"

import torch


def sequence_logprob(token_logprobs, mask):
    logprobs = token_logprobs
    seq_logprob = (logprobs * mask).sum(dim=1)
    return seq_logprob
