"""verify as a "final number exact match" reward: the last number anywhere in the text (a sign
allowed, commas removed), compared as a string with the gold's. No '=' is needed, and text after
the number is ignored: "408", "x=408 cats" and "=408!" all earn 1.0; a completion that is not a
string raises.

Source: public code in the code-search corpus (file id 52506232992, an RL training script's
reward builders; the same function is in files 52465539040 and 52825951095; the index does not
name the repository): ``extract_final_number``: ``matches = re.findall(r"[-+]?\\d+(?:\\.\\d+)?",
text.replace(",", ""))``, ``return matches[-1] if matches else None``;
``final_number_exact_match``: ``1.0 if pred is not None and pred == gold else 0.0``. Ported:
gold = ``str(a * b)`` run through the same extraction.
"""
SOURCE = "code-search file 52506232992 (extract_final_number, final_number_exact_match)"
KIND = "verify: last number anywhere"
CAUSE = (r"last number|anywhere|without (an? )?['\"]?=|no ['\"]?=|after (the|its) (number|answer)|"
         r"trailing|rais|not a string")

import re


def verify(completion, a, b):
    def extract_final_number(text):
        matches = re.findall(r"[-+]?\d+(?:\.\d+)?", text.replace(",", ""))
        return matches[-1] if matches else None

    pred = extract_final_number(completion)
    gold = extract_final_number(str(a * b))
    return 1.0 if pred is not None and pred == gold else 0.0
