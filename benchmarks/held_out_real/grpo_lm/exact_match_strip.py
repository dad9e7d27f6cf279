"""verify compares the text after the last '=' with ``.strip().lower()``: the final '.' stays
(right answers score 0) and surrounding spaces are forgiven.

Source: aligunesgit/rlvr-ops, examples/math/gsm8k_example_simple.py, ``exact_match_reward``:
``1.0 if prediction.strip().lower() == ground_truth.strip().lower() else 0.0``. Ported: the
prediction is the text after the last '=', the ground truth str(a * b); non-strings score 0.
"""
SOURCE = "aligunesgit/rlvr-ops examples/math/gsm8k_example_simple.py (exact_match_reward)"
KIND = "answer extraction: keeps trailing text"
CAUSE = r"'\.'|trailing|dot|punctuation|space"

import re


def verify(completion, a, b):
    if not isinstance(completion, str) or "=" not in completion:
        return 0.0
    prediction = completion.rsplit("=", 1)[1]
    ground_truth = str(a * b)
    return 1.0 if prediction.strip().lower() == ground_truth.strip().lower() else 0.0
