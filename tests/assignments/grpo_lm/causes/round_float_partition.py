"""rpartition, then a rounded float compared with the product."""
CAUSE = r"rounded to the nearest integer"


def verify(completion, a, b):
    if type(completion) is not str:
        return 0.0
    _, sep, tail = completion.rpartition("=")
    if not sep:
        return 0.0
    if tail[-1:] == ".":
        tail = tail[:-1]
    try:
        value = float(tail)
    except ValueError:
        return 0.0
    if value != value or value in (float("inf"), float("-inf")):
        return 0.0
    return 1.0 if round(value) == a * b else 0.0
