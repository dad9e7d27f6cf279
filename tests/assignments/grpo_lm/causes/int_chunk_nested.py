"""A nested helper: the first chunk of the final answer, as an int or None."""
CAUSE = r"cut at its first '\.' and read with int\(\)"


def verify(completion, a, b):
    def final_int(text):
        if "=" not in text:
            return None
        chunk = text.split("=")[-1].split(".", 1)[0]
        try:
            return int(chunk)
        except ValueError:
            return None

    if not isinstance(completion, str):
        return 0.0
    value = final_int(completion)
    return 0.0 if value is None else float(value == a * b)
