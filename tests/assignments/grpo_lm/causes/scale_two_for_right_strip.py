"""Unsloth's GRPO notebook's correctness reward (2.0 for a right answer, 0.0 otherwise), ported
with the notebook's extraction: the text after the last '=', stripped of whitespace and of
one final '.'. Two differences: the scale and the stripping."""
CAUSE = r"(?=.*returns 2 for a right answer)(?=.*(strip|whitespace|space))"


def verify(completion, a, b):
    if not isinstance(completion, str) or "=" not in completion:
        return 0.0
    answer = completion.split("=")[-1].strip()
    if answer.endswith("."):
        answer = answer[:-1]
    return 2.0 if answer == str(a * b) else 0.0
