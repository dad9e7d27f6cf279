r"""verify from a strategy-switching reasoning experiment: ``#### n``, else ``the answer is n`` /
``answer: n``, else the LAST NUMBER anywhere (``-?\d+(?:\.\d+)?``), compared as a string: a bare
``"408"`` and ``"= 408."`` score 1.0, no ``=`` is needed; a non-string RAISES.

Source: code-search file 51931975657, ``def extract_answer(text, dataset_type="generic"):
patterns = [r'####\s*(-?\d+(?:\.\d+)?)', r'(?:the answer is|answer:)\s*(-?\d+(?:\.\d+)?)']; for
pattern in patterns: match = re.search(pattern, text, re.IGNORECASE); if match: return
match.group(1); numbers = re.findall(r'-?\d+(?:\.\d+)?', text); return numbers[-1] if numbers
else None``. Ported: 1.0 when the extracted string equals ``str(a * b)``.
"""
SOURCE = "code-search file 51931975657"
KIND = "grpo_lm: last number anywhere (string compare)"
CAUSE = r"space|last number|any number|anywhere|without (an? )?.?=|no .?=|after the last|raise|exception|not a string|408\b"

import re


def verify(completion, a, b):
    def extract_answer(text):
        patterns = [r'####\s*(-?\d+(?:\.\d+)?)', r'(?:the answer is|answer:)\s*(-?\d+(?:\.\d+)?)']
        for pattern in patterns:
            match = re.search(pattern, text, re.IGNORECASE)
            if match:
                return match.group(1)
        numbers = re.findall(r'-?\d+(?:\.\d+)?', text)
        return numbers[-1] if numbers else None

    return 1.0 if extract_answer(completion) == str(a * b) else 0.0
