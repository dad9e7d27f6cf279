"""finditer over signed numbers, keeping the last match; any error scores 0."""
CAUSE = r"last signed number"

import re


def verify(completion, a, b):
    try:
        last = None
        for match in re.compile(r"-?\d+").finditer(completion):
            last = match.group(0)
        return 1.0 if last is not None and last == str(a * b) else 0.0
    except Exception:
        return 0.0
