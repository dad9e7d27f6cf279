r"""verify that accepts the completion when the answer is ANY of the integers in it
(``answer in re.findall(r"-?\d+", completion)``): a wrong final answer after a right partial
product, text after the last ``=``, a bare "408" with no ``=``, "=408.5" (408 is in it), all
score 1.0; a sign is read as part of the number.

Source: code-search file 67589339925, a Tinker GRPO example's ``score_completions(completions,
answers)``: ``numbers = re.findall(r"-?\d+", completion); if answer in numbers:
scores.append(1.0) else: scores.append(0.0)``, with ``answer = str(eval(f"{a} {op} {b}"))``.
Ported: one completion; ``answer = str(a * b)``; a non-string completion is not guarded (as in
the source).
"""
SOURCE = "code-search file 67589339925 (score_completions, answer among the numbers)"
KIND = "grpo_lm: answer anywhere among the numbers"
CAUSE = r"any number|anywhere|contains?|appears?|somewhere|in the (text|completion)|intermediate|partial (product|sum)|membership|\bin numbers\b|last ?=|after the last ?=|without (an? )?.?=|no .?=|trailing|extra text|leading zero|0408|\bsign\b|minus|negative|decimal|408\.5"

import re


def verify(completion, a, b):
    answer = str(a * b)
    numbers = re.findall(r"-?\d+", completion)
    if answer in numbers:
        return 1.0
    else:
        return 0.0
