r"""verify by the last integer string in the completion (``numbers[-1] == expected``): no
``=`` is needed ("408" scores 1.0), text after it is ignored, "=408.5" reads "5", and a minus
sign is taken into the number.

Source: code-search file 69697011745, ``exact_answer_reward(expected_answers)``, "Toy verifier
that compares the last integer in the completion": ``numbers = re.findall(r"-?\d+", completion);
if not numbers: return 0.0; return float(numbers[-1] == expected_answers[prompt])``. Ported: the
expected answer is ``str(a * b)`` instead of a dict lookup by prompt; no guard for a non-string
completion (as in the source).
"""
SOURCE = "code-search file 69697011745 (exact_answer_reward, last integer string)"
KIND = "grpo_lm: last integer anywhere"
CAUSE = r"last (integer|number|digits)|any number|anywhere|contains?|appears?|somewhere|in the (text|completion)|intermediate|partial (product|sum)|membership|\bin numbers\b|last ?=|after the last ?=|without (an? )?.?=|no .?=|trailing|extra text|leading zero|0408|\bsign\b|minus|negative|decimal|408\.5"

import re


def verify(completion, a, b):
    numbers = re.findall(r"-?\d+", completion)
    if not numbers:
        return 0.0
    return float(numbers[-1] == str(a * b))
