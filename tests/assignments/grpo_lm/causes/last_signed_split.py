"""re.split on anything that is not a digit or a minus sign; the last non-empty piece wins."""
CAUSE = r"last signed number"

import re


def verify(completion, a, b):
    try:
        pieces = [p for p in re.findall(r"-?[0-9]+", str(completion)) if p]
    except Exception:
        return 0.0
    if not isinstance(completion, str) or not pieces:
        return 0.0
    return 1.0 if pieces[-1] == f"{a * b}" else 0.0
