"""A scan from the end, one character at a time."""


def verify(completion, a, b):
    if type(completion) is not str:
        return 0.0
    i = len(completion)
    if i and completion[i - 1] == ".":
        i -= 1
    digits = ""
    while i > 0 and completion[i - 1] != "=":
        digits = completion[i - 1] + digits
        i -= 1
    if i == 0:
        return 0.0
    return 1.0 if digits == str(a * b) else 0.0
