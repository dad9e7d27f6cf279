"""Crashes on text without a number after the last '='."""
HINT = ("your verify raised an exception on junk text; a verifier must return 0.0 for any "
        "string (the model writes anything early in training)")


def verify(completion, a, b):
    return 1.0 if int(completion.split("=")[-1].rstrip(".")) == a * b else 0.0
