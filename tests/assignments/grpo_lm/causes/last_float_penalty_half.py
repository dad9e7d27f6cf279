r"""A GSM8K reward with a -0.5 penalty for a wrong answer, reading the last number of the text
as a float after dropping commas (`float(re.findall(r"[-+]?\d*\.?\d+", ...)[-1])`)."""
CAUSE = r"(?=.*returns -0.5 for a wrong answer)(?=.*(last number|anywhere))"

import re


def verify(completion, a, b):
    if not isinstance(completion, str):
        return -0.5
    numbers = re.findall(r"[-+]?\d*\.?\d+", completion.replace(",", ""))
    if not numbers:
        return -0.5
    return 1.0 if float(numbers[-1]) == float(a * b) else -0.5
