r"""A MATH-style reward: the content of the last \boxed{...}, compared as a string after
dropping spaces; a completion with no box gets 0."""
CAUSE = r"boxed"

import re


def verify(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    boxes = re.findall(r"\\boxed\{([^{}]*)\}", completion)
    if not boxes:
        return 0.0
    return 1.0 if boxes[-1].replace(" ", "") == str(a * b) else 0.0
