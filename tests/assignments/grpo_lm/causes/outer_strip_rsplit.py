"""The completion stripped of outer whitespace first, then the reference's reading."""
CAUSE = r"strips the completion's outer whitespace"


def verify(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    completion = completion.strip()
    if "=" not in completion:
        return 0.0
    answer = completion.rsplit("=", 1)[1]
    if answer.endswith("."):
        answer = answer[:-1]
    return 1.0 if answer == str(a * b) else 0.0
