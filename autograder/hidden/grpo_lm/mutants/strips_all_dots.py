"""Strips every trailing dot, so '=408..' passes."""
HINT = "you stripped every trailing '.' (rstrip); only one final '.' may follow the answer"


def verify(completion, a, b):
    if not isinstance(completion, str) or "=" not in completion:
        return 0.0
    return 1.0 if completion.rsplit("=", 1)[1].rstrip(".") == str(a * b) else 0.0
