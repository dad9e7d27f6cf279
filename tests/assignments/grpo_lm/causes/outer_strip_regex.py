"""A fullmatch on the stripped completion's tail."""
CAUSE = r"strips the completion's outer whitespace"

import re


def verify(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    m = re.fullmatch(r".*=(\d+)\.?", completion.strip(), flags=re.S)
    return 1.0 if m is not None and m.group(1) == str(a * b) else 0.0
