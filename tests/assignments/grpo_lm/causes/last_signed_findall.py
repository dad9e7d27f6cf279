"""The last signed integer anywhere in the completion, as GSM8K extractors write it."""
CAUSE = r"last signed number"

import re


def verify(completion, a, b):
    found = re.findall(r"-?\d+", completion) if isinstance(completion, str) else []
    return float(len(found) > 0 and found[-1] == str(a * b))
