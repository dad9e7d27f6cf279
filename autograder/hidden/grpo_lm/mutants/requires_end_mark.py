"""Rejects a right answer that lacks the final '.'."""
HINT = "you required the final '.'; it is optional (a completion can run out of room before it)"


def verify(completion, a, b):
    if not isinstance(completion, str) or "=" not in completion:
        return 0.0
    answer = completion.rsplit("=", 1)[1]
    return 1.0 if answer == f"{a * b}." else 0.0
