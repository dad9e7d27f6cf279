"""rpartition, removesuffix, and int(float()) compared with the product."""
CAUSE = r"int\(float\(answer\)\)"


def verify(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    head, sep, tail = completion.rpartition("=")
    if not sep:
        return 0.0
    try:
        return 1.0 if int(float(tail.removesuffix("."))) == int(a) * int(b) else 0.0
    except (ValueError, OverflowError):
        return 0.0
