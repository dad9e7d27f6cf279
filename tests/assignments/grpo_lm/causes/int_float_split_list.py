"""split('=')[-1] with a guard for a missing '=' and float then int."""
CAUSE = r"int\(float\(answer\)\)"


def verify(completion, a, b):
    if type(completion) is not str or completion.count("=") == 0:
        return 0.0
    last = completion.split("=")[-1]
    last = last[:-1] if last[-1:] == "." else last
    try:
        got = int(float(last))
    except (TypeError, ValueError, OverflowError):
        return 0.0
    return 1.0 if got == a * b else 0.0
