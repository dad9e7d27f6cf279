"""verify gives partial credit: 1.0 for an exact answer, 0.5 when the product is a substring of
it (so '408.' scores 0.5), 0.01 for any other answer.

Source: open-thought/tiny-grpo, train.py, ``rollout``: ``if answer == oracle_answer: reward =
1.0 elif oracle_answer in answer: reward = 0.5 else: reward = 0.01`` (the answer read from
``<answer>...</answer>``). Ported: the answer is the text after the last '=', the oracle
str(a * b); no answer scores 0.
"""
SOURCE = "open-thought/tiny-grpo train.py (rollout's reward)"
KIND = "reward: partial credit"
CAUSE = r"0\.5|0\.01|partial|1\.0 or 0\.0|substring|'\.'|trailing"

import re


def verify(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    answer = completion.rsplit("=", 1)[1] if "=" in completion else None
    oracle_answer = str(a * b)
    reward = 0
    if answer is not None:
        if answer == oracle_answer:
            reward = 1.0
        elif oracle_answer in answer:
            reward = 0.5
        else:
            reward = 0.01
    return float(reward)
