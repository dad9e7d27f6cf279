"""abs(float(answer) - a * b) < 0.5: a float tolerance of half a unit. The hidden cases hold no
answer within half a unit of the product but off it other than a half ('408.5', which this
rejects and round() accepts): there it reads as a float comparison, which is what it does."""
CAUSE = r"rounded to the nearest integer|parsed as a float"


def verify(completion, a, b):
    try:
        tail = completion.split("=")[-1] if "=" in completion else None
        if tail is None:
            return 0.0
        tail = tail.removesuffix(".")
        return 1.0 if abs(float(tail) - a * b) < 0.5 else 0.0
    except Exception:
        return 0.0
