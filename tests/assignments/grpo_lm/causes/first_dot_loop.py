"""A character loop that stops at the first '.' after the last '='."""
CAUSE = r"cut at its first '\.'"


def verify(completion, a, b):
    if not isinstance(completion, str) or "=" not in completion:
        return 0.0
    digits = ""
    for ch in completion.rsplit("=", 1)[1]:
        if ch == ".":
            break
        digits += ch
    return 1.0 if digits == str(a * b) else 0.0
