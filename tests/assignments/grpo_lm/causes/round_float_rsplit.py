"""round(float(...)) of the text after the last '=': a tolerant numeric comparison."""
CAUSE = r"rounded to the nearest integer"


def verify(completion, a, b):
    if not isinstance(completion, str) or "=" not in completion:
        return 0.0
    answer = completion.rsplit("=", 1)[1]
    answer = answer[:-1] if answer.endswith(".") else answer
    try:
        return 1.0 if round(float(answer)) == a * b else 0.0
    except (ValueError, OverflowError):
        return 0.0
