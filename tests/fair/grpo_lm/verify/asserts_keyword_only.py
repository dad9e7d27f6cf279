"""Asserts from the docstring on what the grader passes (the operands are ints); a keyword-only
option of the student's own."""


def verify(completion, a, b, *, reward=1.0):
    assert isinstance(a, int) and isinstance(b, int), "the operands are ints"
    if not isinstance(completion, str) or completion.count("=") == 0:
        return 0.0
    final = completion.split("=")[-1]
    final = final[:-1] if final[-1:] == "." else final
    ok = final.isascii() and final.isdigit() and final == str(a * b)
    return reward if ok else 0.0
