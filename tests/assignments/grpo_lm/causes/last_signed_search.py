"""re.search for the last signed number with a greedy prefix."""
CAUSE = r"last signed number"

import re


def verify(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    m = re.search(r".*?(-?\d+)\D*$", completion, flags=re.S)
    return 1.0 if m and m.group(1) == str(a * b) else 0.0
