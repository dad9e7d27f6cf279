"""Returns True/False instead of 1.0/0.0.

No HINT: the feedback already says "expected a Python float, got bool".
"""


def verify(completion, a, b):
    if not isinstance(completion, str) or "=" not in completion:
        return False
    answer = completion.rsplit("=", 1)[1]
    if answer.endswith("."):
        answer = answer[:-1]
    return answer == str(a * b)
