"""The TRL GRPO recipe's correctness reward (extract the answer, strip(), compare), written
with an int() cast, as homework reward functions often do, and every final '.' stripped: the
answer after the last '=' is read as a number, so '=0408.', '=+408.', '= 408.' pass, and
'=408..' too."""
CAUSE = r"as a number|parsed as a float"


def verify(completion, a, b):
    if not isinstance(completion, str) or "=" not in completion:
        return 0.0
    answer = completion.split("=")[-1].strip().rstrip(".")
    try:
        return float(int(answer) == a * b)
    except ValueError:
        return 0.0
