"""Never raises because everything is inside a try: whatever goes wrong scores 0.0."""


def verify(completion, a, b):
    try:
        head, tail = completion.rsplit("=", 1)
        if tail.endswith("."):
            tail = tail[:-1]
        return float(tail == str(a * b))
    except Exception:
        return 0.0
