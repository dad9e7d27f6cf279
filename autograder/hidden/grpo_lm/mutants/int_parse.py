"""Parses the answer with int(), which also accepts '0408', '+408' and ' 408'."""
HINT = ("you parsed the answer with int(), which also accepts leading zeros, signs and spaces "
        "('0408', '+408', ' 408'); compare the text with str(a * b)")


def verify(completion, a, b):
    if not isinstance(completion, str) or "=" not in completion:
        return 0.0
    answer = completion.rsplit("=", 1)[1]
    if answer.endswith("."):
        answer = answer[:-1]
    try:
        return 1.0 if int(answer) == a * b else 0.0
    except ValueError:
        return 0.0
