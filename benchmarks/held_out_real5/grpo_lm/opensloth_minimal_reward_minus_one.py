r"""verify by a minimal GRPO script's ``reward_correct``: the LAST number anywhere in the text
(``-?\d+(?:\.\d+)?`` after dropping commas) compared as a float, and a wrong answer scores -1.0
instead of 0.0 (so does a completion with no number); "408" without "=", "=0408." and a trailing
number equal to a * b all score 1.0; a completion that is not a string raises.

Source: anhvth/opensloth src/async-grpo/docs/minimal_grpo.md, "Single reward: numeric/string exact
match": ``nums_pred = re.findall(r"-?\d+(?:\.\d+)?", text.replace(",", "")); nums_gold =
re.findall(r"-?\d+(?:\.\d+)?", str(gold_ans).replace(",", "")); if nums_gold: try: pred =
float(nums_pred[-1]) if nums_pred else None; gold_v = float(nums_gold[-1]); scores.append(1.0 if
pred == gold_v else -1.0); continue; except: pass; scores.append(1.0 if str(gold_ans).strip() in
text.strip() else -1.0)``. Ported: one completion (the text itself, not a chat message), ``gold_ans
= str(a * b)``.
"""
SOURCE = "anhvth/opensloth src/async-grpo/docs/minimal_grpo.md (reward_correct)"
KIND = "grpo_lm: wrong answer scores -1"
CAUSE = r"-1|minus one|negative (reward|score)|penal|instead of 0|not 0\.0|last (integer|number)|any number|anywhere|without (an? )?.?=|no .?=|leading zero|0408|float|raise|exception|not a string"

import re


def verify(completion, a, b):
    text, gold_ans = completion, str(a * b)
    nums_pred = re.findall(r"-?\d+(?:\.\d+)?", text.replace(",", ""))
    nums_gold = re.findall(r"-?\d+(?:\.\d+)?", str(gold_ans).replace(",", ""))
    if nums_gold:
        try:
            pred = float(nums_pred[-1]) if nums_pred else None
            gold_v = float(nums_gold[-1])
            return 1.0 if pred == gold_v else -1.0
        except:
            pass
    return 1.0 if str(gold_ans).strip() in text.strip() else -1.0
