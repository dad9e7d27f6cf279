"""Reads the number after the FIRST '=' (the partial products), not the last."""
HINT = "you read the number after the first '='; the final answer is after the LAST '='"


def verify(completion, a, b):
    if not isinstance(completion, str) or "=" not in completion:
        return 0.0
    answer = completion.split("=")[1]
    if answer.endswith("."):
        answer = answer[:-1]
    return 1.0 if answer == str(a * b) else 0.0
