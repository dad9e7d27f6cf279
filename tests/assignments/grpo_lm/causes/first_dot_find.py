"""find('.') on the tail, sliced there when found."""
CAUSE = r"cut at its first '\.'"


def verify(completion, a, b):
    try:
        tail = completion.split("=")[-1] if "=" in completion else None
    except TypeError:
        return 0.0
    if tail is None or not isinstance(completion, str):
        return 0.0
    dot = tail.find(".")
    if dot >= 0:
        tail = tail[:dot]
    return 1.0 if tail == str(a * b) else 0.0
