"""partition('.') of the last piece: the part before the first dot."""
CAUSE = r"cut at its first '\.'"


def verify(completion, a, b):
    if isinstance(completion, str) and "=" in completion:
        number = completion.split("=")[-1].partition(".")[0]
        return float(number == str(a * b))
    return 0.0
