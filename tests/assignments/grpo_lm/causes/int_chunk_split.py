"""int() of the part before the first '.' of the last piece."""
CAUSE = r"cut at its first '\.' and read with int\(\)"


def verify(completion, a, b):
    if not isinstance(completion, str) or "=" not in completion:
        return 0.0
    try:
        return 1.0 if int(completion.split("=")[-1].split(".")[0]) == a * b else 0.0
    except ValueError:
        return 0.0
