"""The answer cut at its first '.' (split('.')[0])."""
CAUSE = r"cut at its first '\.'"


def verify(completion, a, b):
    if not isinstance(completion, str) or "=" not in completion:
        return 0.0
    answer = completion.rsplit("=", 1)[1].split(".")[0]
    return 1.0 if answer == str(a * b) else 0.0
