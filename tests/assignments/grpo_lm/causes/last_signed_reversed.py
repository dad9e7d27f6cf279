"""Scans the text backwards for the last run of digits (with its sign)."""
CAUSE = r"last signed number"


def verify(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    end = len(completion)
    while end > 0 and not completion[end - 1].isdigit():
        end -= 1
    start = end
    while start > 0 and completion[start - 1].isdigit():
        start -= 1
    if start == end:
        return 0.0
    if start > 0 and completion[start - 1] == "-":
        start -= 1
    return 1.0 if completion[start:end] == str(a * b) else 0.0
