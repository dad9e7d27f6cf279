"""sequence_logprob multiplies by the mask: NaN where padding holds -inf.

Source: winstonxcai/pooh-pursues-patterns, rl/02_grpo/grpo_utils.py, ``get_answer_log_probs``:
``mask = labels != -100; return (next_token_log_probs * mask).sum(dim=-1)``. Ported: the mask
is given.
"""
SOURCE = "winstonxcai/pooh-pursues-patterns rl/02_grpo/grpo_utils.py (get_answer_log_probs)"
KIND = "mask product (-inf * 0)"
CAUSE = r"-inf|NaN|multipl"

import torch


def sequence_logprob(token_logprobs, mask):
    return (token_logprobs * mask).sum(dim=-1)
