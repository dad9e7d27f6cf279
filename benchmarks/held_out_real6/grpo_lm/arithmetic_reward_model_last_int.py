"""verify with a rule-based arithmetic reward model: the last run of digits (with an optional
minus) anywhere in the completion, as an int, compared with the answer; "=408.5" reads 5, but a
leading zero ("=0408." gives 408), "408" alone and any text ending in the product score 1.0, and a
completion that is not a string raises.

Source: code-search file 3574498406, ``class MathRewardModel``: ``def _extract_int(self, text):
matches = re.findall(r"-?\d+", text); if not matches: return None; try: return int(matches[-1])
except ValueError: return None``; ``def compute_reward(self, sample, completion): target =
self._extract_int(sample.get("answer", "")); pred = self._extract_int(completion); if target is
None or pred is None: return self.wrong_reward; return self.correct_reward if target == pred else
self.wrong_reward``. Ported: ``sample = {"answer": str(a * b)}``, rewards 1.0 / 0.0 (the
defaults).
"""
SOURCE = "code-search file 3574498406 (MathRewardModel._extract_int, last integer)"
KIND = "grpo_lm: last integer anywhere (leading zero accepted)"
CAUSE = r"leading zero|0408|int\b|integer|last number|any number|anywhere|without (an? )?.?=|no .?=|raise|exception|not a string"

import re


def verify(completion, a, b):
    class MathRewardModel:
        def __init__(self, correct_reward=1.0, wrong_reward=0.0):
            self.correct_reward = correct_reward
            self.wrong_reward = wrong_reward

        def _extract_int(self, text):
            matches = re.findall(r"-?\d+", text)
            if not matches:
                return None
            try:
                return int(matches[-1])
            except ValueError:
                return None

        def compute_reward(self, sample, completion):
            target = self._extract_int(sample.get("answer", ""))
            pred = self._extract_int(completion)
            if target is None or pred is None:
                return self.wrong_reward
            return self.correct_reward if target == pred else self.wrong_reward

    return MathRewardModel().compute_reward({"answer": str(a * b)}, completion)
