"""A math-verify-like numeric comparison (abs(float(pred) - gold) < 1e-6), the answer after the
last '=' with every final '.' stripped: '408.0', '0408', '+408', ' 408' and '408..' pass."""
CAUSE = r"as a number|parsed as a float"


def verify(completion, a, b):
    try:
        pred = completion.split("=")[-1].rstrip(".")
        return 1.0 if "=" in completion and abs(float(pred) - a * b) < 1e-6 else 0.0
    except (AttributeError, ValueError):
        return 0.0
