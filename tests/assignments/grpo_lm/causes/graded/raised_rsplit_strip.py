"""A reward written without a type check (`"=" not in completion` raises TypeError on
None or a number) that also strips the whitespace around the answer before comparing: a right
answer followed by a space or a newline passes. Two mistakes: the cause names the stripping
and the line that raises."""
CAUSE = r"(?=.*(strip|whitespace|space))(?=.*raises TypeError)"


def verify(completion, a, b):
    if "=" not in completion:
        return 0.0
    answer = completion.rsplit("=", 1)[1].strip()
    if answer.endswith("."):
        answer = answer[:-1]
    return 1.0 if answer == str(a * b) else 0.0
