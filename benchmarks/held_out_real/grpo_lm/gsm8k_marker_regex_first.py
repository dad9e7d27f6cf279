"""verify reads the answer after the FIRST '=' with a number regex that also takes a sign, a
space and the trailing '.'.

Source: hula0401/news_GRPO, GRPO/gsm8k_reward.py, ``GSM8KReward``: ``answer_pattern =
re.compile(r"####\\s*([-+]?\\d+\\.?\\d*)")``; ``m = self.answer_pattern.search(text)``; ``return
float(pred == gt_answer)``. Ported: the course's marker '=' replaces '####'.
"""
SOURCE = "hula0401/news_GRPO GRPO/gsm8k_reward.py (GSM8KReward)"
KIND = "answer extraction: first marker"
CAUSE = r"first '='|LAST '='|trailing|'\.'"

import re


def verify(completion, a, b):
    answer_pattern = re.compile(r"=\s*([-+]?\d+\.?\d*)")
    if completion is None or not isinstance(completion, str):
        return 0.0
    m = answer_pattern.search(completion)
    pred = m.group(1).strip() if m else None
    if pred is None:
        return 0.0
    return float(pred == str(a * b))
