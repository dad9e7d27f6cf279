"""A nested helper that parses leniently (None on failure), as reward functions write it."""
CAUSE = r"int\(float\(answer\)\)"


def verify(completion, a, b):
    def parse(text):
        try:
            return int(float(text))
        except Exception:
            return None

    if not isinstance(completion, str) or "=" not in completion:
        return 0.0
    answer = completion[completion.rindex("=") + 1:]
    if answer.endswith("."):
        answer = answer[:-1]
    value = parse(answer)
    return 0.0 if value is None else float(value == a * b)
