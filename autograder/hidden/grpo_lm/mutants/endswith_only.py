"""Checks only how the completion ends: '=0408.' passes, '=408' (no end mark) fails."""
HINT = ("you checked only how the text ends (e.g. endswith('408.')): that accepts '=0408.' "
        "and misses an answer without the final '.'")


def verify(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    return 1.0 if completion.endswith(f"{a * b}.") else 0.0
