"""A regex for the tail after the last '=', then int(float(...))."""
CAUSE = r"int\(float\(answer\)\)"

import re


def verify(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    m = re.search(r"=([^=]*?)\.?$", completion, flags=re.S)
    if m is None:
        return 0.0
    try:
        value = int(float(m.group(1)))
    except ValueError:
        return 0.0
    return float(value == a * b)
