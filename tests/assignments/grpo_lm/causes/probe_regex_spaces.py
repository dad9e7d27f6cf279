"""A regex with whitespace allowed on both sides of the answer, anchored at the end
(re.search(r"=\s*(\d+)\.?\s*$")), as GSM8K strict-format rewards write it: spaces and newlines
around the number pass."""
CAUSE = r"strips (the )?(whitespace|spaces)"

import re


def verify(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    m = re.search(r"=\s*(\d+)\.?\s*$", completion)
    return 1.0 if m is not None and m.group(1) == str(a * b) else 0.0
