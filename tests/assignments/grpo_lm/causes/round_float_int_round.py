"""int(round(float(x))) through a regex group."""
CAUSE = r"rounded to the nearest integer"

import re


def verify(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    m = re.search(r"=([^=]*)$", completion, flags=re.S)
    if not m:
        return 0.0
    text = m.group(1)
    if text.endswith("."):
        text = text[:-1]
    try:
        return float(int(round(float(text))) == a * b)
    except (ValueError, OverflowError):
        return 0.0
