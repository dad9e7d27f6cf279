"""\\d+ and int(): leading zeros (=0408.) and other scripts' digits pass as the product."""
import re


def verify(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    match = re.fullmatch(r".*=(\d+)\.?", completion, flags=re.S)
    try:
        return 1.0 if match and int(match.group(1)) == a * b else 0.0
    except ValueError:
        return 0.0
