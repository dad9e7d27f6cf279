r"""verify by the last integer string anywhere in the completion, plus 0.2 whenever the text
contains "<think>": no ``=`` is needed, text after the number is ignored, "=408.5" reads "5",
and a reward of 0.2 or 1.2 is possible.

Source: code-search file 7620181856, a TRL GRPO script's ``reward_function(completions, prompts,
answer)``: ``numbers = re.findall(r"-?\d+", completion); correct = 1.0 if numbers and
numbers[-1] == ans else 0.0; has_think = 0.2 if "<think>" in completion else 0.0;
rewards.append(correct + has_think)``. Ported: one completion, ``ans = str(a * b)``; no guard
for a non-string completion (as in the source).
"""
SOURCE = "code-search file 7620181856 (reward_function, last integer plus a think bonus)"
KIND = "grpo_lm: last integer anywhere, plus a format bonus"
CAUSE = r"bonus|0\.2|1\.2|<think>|think tag|extra reward|not (in )?\{?0(\.0)?, 1|last (integer|number|digits)|any number|anywhere|contains?|appears?|somewhere|in the (text|completion)|intermediate|partial (product|sum)|membership|\bin numbers\b|last ?=|after the last ?=|without (an? )?.?=|no .?=|trailing|extra text|leading zero|0408|\bsign\b|minus|negative|decimal|408\.5"

import re


def verify(completion, a, b):
    ans = str(a * b)
    numbers = re.findall(r"-?\d+", completion)
    correct = 1.0 if numbers and numbers[-1] == ans else 0.0
    has_think = 0.2 if "<think>" in completion else 0.0
    return correct + has_think
