"""int(float(...)) of the text after the last '=' (a lenient numeric reader)."""
CAUSE = r"int\(float\(answer\)\)"


def verify(completion, a, b):
    try:
        answer = completion.rsplit("=", 1)[1]
        if answer.endswith("."):
            answer = answer[:-1]
        return 1.0 if int(float(answer)) == a * b else 0.0
    except Exception:
        return 0.0
