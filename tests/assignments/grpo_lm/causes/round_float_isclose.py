"""math.isclose with abs_tol=0.5 (a 'lenient' numeric check) on the last '='-separated piece."""
CAUSE = r"rounded to the nearest integer|parsed as a float"

import math


def verify(completion, a, b):
    pieces = completion.split("=") if isinstance(completion, str) else []
    if len(pieces) < 2:
        return 0.0
    try:
        value = float(pieces[-1][:-1] if pieces[-1].endswith(".") else pieces[-1])
    except ValueError:
        return 0.0
    return 1.0 if math.isclose(value, a * b, rel_tol=0.0, abs_tol=0.5) else 0.0
