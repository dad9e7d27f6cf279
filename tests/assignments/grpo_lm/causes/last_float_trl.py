r"""TRL-style math reward: the last number of the whole text, commas dropped, compared as a
float (`re.findall(r"-?\d+\.?\d*", text.replace(",", ""))[-1]`), so '=418. So 408', '408.'
with no '=', '=0408.' and '=408.0' all pass."""
CAUSE = r"last number anywhere"

import re


def verify(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    numbers = re.findall(r"-?\d+\.?\d*", completion.replace(",", ""))
    if not numbers:
        return 0.0
    try:
        return 1.0 if abs(float(numbers[-1]) - a * b) < 1e-6 else 0.0
    except ValueError:
        return 0.0
