"""Reads the final answer with a regex that keeps the trailing punctuation: "408." is compared
with "408", so every answer that ends with its "." scores 0."""
REAL_BUG = "a regex that keeps the final '.' in verify (issue 35)"
HINT = ("your final answer keeps its trailing '.': drop one optional '.' at the end before "
        "comparing it with the product")

import re


def verify(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    match = re.search(r"=([^=]*)$", completion)
    return 1.0 if match and match.group(1) == str(a * b) else 0.0
