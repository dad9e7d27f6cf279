r"""verify that compares the last ``-?\d+\.?\d*`` of the completion with the product as strings:
the pattern swallows the answer's final period, so the worked format ``...=408.`` reads
``"408."`` and scores 0.0, while a bare ``408`` (no ``=``) scores 1.0; a completion that is not
a string raises.

Source: code-search file 57554747382, ``reward_correctness(completions, answer, **kwargs)``
("Binary reward: 1.0 if model answer matches ground truth number"): ``nums =
re.findall(r"-?\d+\.?\d*", completion)``, ``correct = re.findall(r"-?\d+\.?\d*", str(ans))``,
``rewards.append(1.0 if nums[-1] == correct[-1] else 0.0)`` when both are non-empty, else 0.0.
Ported: one completion, ``ans = a * b``.
"""
SOURCE = "code-search file 57554747382 (reward_correctness, last number as a string)"
KIND = "grpo_lm: last number anywhere, trailing period kept"
CAUSE = (r"period|trailing ['\"]?\.|final ['\"]?\.|dot|408\.|last (integer|number|digits)|anywhere|"
         r"without (an? )?['\"]?=|no ['\"]?=|after the last ?=|last ['\"]?=|raise|not a str")

import re


def verify(completion, a, b):
    ans = a * b
    nums = re.findall(r"-?\d+\.?\d*", completion)
    correct = re.findall(r"-?\d+\.?\d*", str(ans))
    if nums and correct:
        return 1.0 if nums[-1] == correct[-1] else 0.0
    return 0.0
