"""A chain-of-thought evaluation reward: the number after 'The answer is' (case-insensitive),
read as an int; anything else gets 0."""
CAUSE = r"The answer is"

import re


def verify(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    found = re.search(r"the answer is\s*(-?\d+)", completion, re.I)
    return 1.0 if found is not None and int(found.group(1)) == a * b else 0.0
