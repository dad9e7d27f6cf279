"""Correct: a loop back from the end to the last '=', each character checked by hand."""
CORRECT = True


def verify(completion, a, b):
    if type(completion) is not str:
        return 0.0
    i = len(completion) - 1
    while i >= 0 and completion[i] != "=":
        i -= 1
    if i < 0:
        return 0.0
    answer = completion[i + 1:]
    if answer[-1:] == ".":
        answer = answer[:-1]
    if not answer or any(ch not in "0123456789" for ch in answer):
        return 0.0
    return 1.0 if answer == str(a * b) else 0.0
