"""answer.rstrip('.0'), meant to drop a '.0' float suffix: it also eats the product's own
trailing zeros ('=700.' becomes '7' and is rejected), and accepts '408.0', '408..' and
'4080'."""
CAUSE = r"ends in 0"


def verify(completion, a, b):
    if not isinstance(completion, str) or "=" not in completion:
        return 0.0
    answer = completion.rsplit("=", 1)[-1].rstrip(".0")
    return 1.0 if answer == str(a * b) else 0.0
