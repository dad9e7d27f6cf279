"""Looks for the product anywhere in the completion."""
HINT = ("you looked for the product anywhere in the text; only the final answer (after the "
        "last '=') counts")


def verify(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    return 1.0 if str(a * b) in completion else 0.0
