"""split('=')[-1] of the stripped text, then one '.' removed."""
CAUSE = r"strips the completion's outer whitespace"


def verify(completion, a, b):
    if not isinstance(completion, str) or "=" not in completion:
        return 0.0
    answer = completion.strip().split("=")[-1]
    if answer.endswith("."):
        answer = answer[:-1]
    return 1.0 if answer == str(a * b) else 0.0
