"""A reward that reads 'Answer: <number>' (the last such line) as a float, with a tolerance of
1e-6; a completion without the marker gets 0."""
CAUSE = r"Answer:"

import re


def verify(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    found = re.findall(r"Answer:\s*(-?[\d.]+)", completion)
    if not found:
        return 0.0
    try:
        return 1.0 if abs(float(found[-1]) - a * b) < 1e-6 else 0.0
    except ValueError:
        return 0.0
