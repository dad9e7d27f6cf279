"""verify reads the answer with a regex that keeps the final '.'."""
CAUSE = r"'\.'|trailing|dot|punctuation"

import re


def verify(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    found = re.findall(r"=(\S+)$", completion)
    return float(bool(found) and found[-1] == str(a * b))
