"""A regular expression for the final answer: ASCII digits, no leading zero, one optional dot."""
import re

FINAL = re.compile(r"(0|[1-9][0-9]*)\.?")


def verify(completion, a, b):
    if not isinstance(completion, str) or "=" not in completion:
        return 0.0
    match = FINAL.fullmatch(completion.rsplit("=", 1)[1])
    return 1.0 if match and match.group(1) == str(a * b) else 0.0
