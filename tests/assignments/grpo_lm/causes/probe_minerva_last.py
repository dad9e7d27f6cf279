"""The Minerva / DeepSeekMath GSM8K evaluation (re.findall(r'-?\d+\.?\d*'), the last match with
its '.' stripped, compared as a float within 1e-4): the last number of the text, read as a
number."""
CAUSE = r"anywhere in the text"

import re


def verify(completion, a, b):
    pred = re.findall(r"-?\d+\.?\d*", completion) if isinstance(completion, str) else []
    try:
        return float(bool(pred) and abs(float(pred[-1].rstrip(".")) - a * b) < 1e-4)
    except ValueError:
        return 0.0
