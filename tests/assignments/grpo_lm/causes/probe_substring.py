"""Substring containment (str(a * b) in the text after the last '='), the simplest "is the
answer in there" reward: anything around the right digits passes."""
CAUSE = r"substring|anywhere after the last"


def verify(completion, a, b):
    if not isinstance(completion, str) or "=" not in completion:
        return 0.0
    return 1.0 if str(a * b) in completion.split("=")[-1] else 0.0
