"""rpartition('='), partition('.'), int() in a try block that also covers non-strings."""
CAUSE = r"cut at its first '\.' and read with int\(\)"


def verify(completion, a, b):
    try:
        _, sep, tail = completion.rpartition("=")
        if not sep:
            return 0.0
        head, _, _ = tail.partition(".")
        return 1.0 if int(head) == a * b else 0.0
    except Exception:
        return 0.0
