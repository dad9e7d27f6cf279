"""Correct: one fullmatch of the whole completion (re.S), ASCII digits only, compared as text."""
CORRECT = True

import re


def verify(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    m = re.fullmatch(r".*=([0-9]+)\.?", completion, flags=re.S)
    return 1.0 if m is not None and m.group(1) == str(a * b) else 0.0
