r"""verify by the last integer in the completion read with ``int`` (``re.findall(r"-?\d+",
completion)``, ``int(nums[-1]) == gold``): no ``=`` is needed ("408" scores 1.0), a leading
zero is dropped ("=0408." scores 1.0), "=408.5" reads 5, a minus sign makes it negative, and
text after the number is ignored.

Source: code-search file 70837059271, a GRPO arithmetic script's ``reward_fn(completion, gold)``:
``nums = re.findall(r"-?\d+", completion); return 1.0 if nums and int(nums[-1]) == gold else
0.0``. Ported: ``gold = a * b``; a non-string completion is not guarded (as in the source).
"""
SOURCE = "code-search file 70837059271 (reward_fn, last integer as an int)"
KIND = "grpo_lm: last integer anywhere (as a value)"
CAUSE = r"last (integer|number|digits)|any number|anywhere|contains?|appears?|somewhere|in the (text|completion)|intermediate|partial (product|sum)|membership|\bin numbers\b|last ?=|after the last ?=|without (an? )?.?=|no .?=|trailing|extra text|leading zero|0408|\bsign\b|minus|negative|decimal|408\.5|int\(|as an? (number|value|integer)|numeric(al)?ly"

import re


def verify(completion, a, b):
    gold = a * b
    nums = re.findall(r"-?\d+", completion)
    return 1.0 if nums and int(nums[-1]) == gold else 0.0
