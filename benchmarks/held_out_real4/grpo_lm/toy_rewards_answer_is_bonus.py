r"""verify by the last integer string anywhere in the completion, plus a bonus of 0.1 whenever
the text says "the answer is" (so a reward of 0.1 or 1.1 is possible): no ``=`` is needed,
text after the number is ignored, "=408.5" reads "5".

Source: code-search file 56226184402, a rewards module's ``exact_answer(answer)``: ``reward =
0.0; numbers = re.findall(r"-?\d+", completion); if numbers and numbers[-1] == answer: reward +=
1.0; if "the answer is" in completion.lower(): reward += 0.1; return reward``. Ported: the closure
becomes a function of ``(completion, a, b)`` with ``answer = str(a * b)``; no guard for a
non-string completion (as in the source).
"""
SOURCE = "code-search file 56226184402 (exact_answer reward with a format bonus)"
KIND = "grpo_lm: last integer anywhere, plus a bonus"
CAUSE = r"bonus|0\.1|1\.1|extra reward|answer is|not (in )?\{?0(\.0)?, 1|last (integer|number|digits)|any number|anywhere|contains?|appears?|somewhere|in the (text|completion)|intermediate|partial (product|sum)|membership|\bin numbers\b|last ?=|after the last ?=|without (an? )?.?=|no .?=|trailing|extra text|leading zero|0408|\bsign\b|minus|negative|decimal|408\.5"

import re


def verify(completion, a, b):
    answer = str(a * b)
    reward = 0.0
    numbers = re.findall(r"-?\d+", completion)
    if numbers and numbers[-1] == answer:
        reward += 1.0
    if "the answer is" in completion.lower():
        reward += 0.1
    return reward
