"""find('.') to slice the answer, then int() compared with int(a) * int(b)."""
CAUSE = r"cut at its first '\.' and read with int\(\)"


def verify(completion, a, b):
    if not isinstance(completion, str) or "=" not in completion:
        return 0.0
    tail = completion[completion.rindex("=") + 1:]
    dot = tail.find(".")
    number = tail if dot < 0 else tail[:dot]
    try:
        value = int(number)
    except ValueError:
        return 0.0
    return 1.0 if value == int(a) * int(b) else 0.0
