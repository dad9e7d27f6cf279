"""A regex for the tail up to its first dot, cast to int."""
CAUSE = r"cut at its first '\.' and read with int\(\)"

import re


def verify(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    m = re.search(r"=([^=.]*)[^=]*$", completion, flags=re.S)
    if m is None:
        return 0.0
    try:
        return float(int(m.group(1)) == a * b)
    except ValueError:
        return 0.0
