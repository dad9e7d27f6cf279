"""The text's lines joined without their outer blank ones (splitlines, strip), then the answer."""
CAUSE = r"strips the completion's outer whitespace"


def verify(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    text = completion.strip()
    idx = text.rfind("=")
    if idx < 0:
        return 0.0
    answer = text[idx + 1:]
    if answer and answer[-1] == ".":
        answer = answer[:-1]
    return float(answer == str(a * b))
