r"""verify by an arithmetic reward script's ``extract_number``: the FIRST pattern that matches
wins, and the first one is a number at the very start of the text (``^[-]?\d+``), then the number
after the FIRST "=", so a worked completion "17×20+17×4=340+68=408." is read as 17 and a correct
answer scores 0.0; answers with a sign or leading zeros are read as integers; a completion that
is not a string raises.

Source: code-search file 46077577820, "Arithmetic reward functions for GRPO training" (a
classifier-emergence experiment): ``extract_number(response)``: ``patterns = [r"^[-]?\d+",
r"=\s*([-]?\d+)", r"is\s+([-]?\d+)", r":\s*([-]?\d+)", r"([-]?\d+)\s*$"]``; ``for pattern in
patterns: match = re.search(pattern, response.strip()); if match: return int(match.group(1) if
match.lastindex else match.group())``; ``reward_fn(prompt, response)``: ``return 1.0 if answer ==
correct else 0.0``. Ported: ``correct = a * b`` (the source parses it from its prompt).
"""
SOURCE = "code-search file 46077577820 (arithmetic_rewards.py extract_number, first number)"
KIND = "grpo_lm: first number instead of the final answer"
CAUSE = r"first (number|integer|digits|=)|start|beginning|last ?=|after the last|not the (final|last)|correct (completion|answer)|false negative|\bsign\b|leading zero|0408|raise|exception|not a string|non.string"

import re


def verify(completion, a, b):
    def extract_number(response):
        patterns = [
            r"^[-]?\d+",
            r"=\s*([-]?\d+)",
            r"is\s+([-]?\d+)",
            r":\s*([-]?\d+)",
            r"([-]?\d+)\s*$",
        ]
        for pattern in patterns:
            match = re.search(pattern, response.strip())
            if match:
                try:
                    return int(match.group(1) if match.lastindex else match.group())
                except ValueError:
                    continue
        return None

    correct = a * b
    answer = extract_number(completion)
    if answer is None:
        return 0.0
    return 1.0 if answer == correct else 0.0
