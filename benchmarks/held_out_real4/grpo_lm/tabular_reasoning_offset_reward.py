r"""verify that gives 0.05 to every completion and 1.05 when the answer is ANY integer in it
(``0.05 + float(ans in nums)``): a constant offset on every reward, and a wrong final answer
after a right partial product, a bare "408", or "=408.5" all count as right.

Source: code-search file 59216861102, ``reasoning_task(a, b, c)``'s ``reward(completion)``:
``nums = [int(x) for x in re.findall(r"-?\d+", completion)]; return 0.05 + float(ans in
nums)``. Ported: ``ans = a * b`` (the source's task sums three numbers); no guard for a
non-string completion (as in the source).
"""
SOURCE = "code-search file 59216861102 (reasoning_task reward, 0.05 + answer among the numbers)"
KIND = "grpo_lm: constant offset, answer anywhere"
CAUSE = r"0\.05|1\.05|offset|constant|baseline|floor|not (in )?\{?0(\.0)?, 1|any number|anywhere|contains?|appears?|somewhere|in the (text|completion)|intermediate|partial (product|sum)|membership|\bin numbers\b|last ?=|after the last ?=|without (an? )?.?=|no .?=|trailing|extra text|leading zero|0408|\bsign\b|minus|negative|decimal|408\.5"

import re


def verify(completion, a, b):
    ans = a * b
    nums = [int(x) for x in re.findall(r"-?\d+", completion)]
    return 0.05 + float(ans in nums)
