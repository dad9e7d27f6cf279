"""A regex for what follows the last '=' up to the first '.'."""
CAUSE = r"cut at its first '\.'"

import re


def verify(completion, a, b):
    if not isinstance(completion, str) or "=" not in completion:
        return 0.0
    tail = completion[completion.rindex("=") + 1:]
    m = re.match(r"([^.]*)", tail, flags=re.S)
    return 1.0 if m.group(1) == str(a * b) else 0.0
