"""A strict format reward's regex for the worked answer (r"(\d+×\d+\+\d+×\d+=\d+\+\d+)?=(\d+)\.?"
with re.fullmatch): the working is optional, but a completion with more '=' than the worked
format has is rejected even when its final answer is right ('4=3=2=1=408.')."""
CAUSE = r"rejects a right answer with working in another form"

import re


def verify(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    m = re.fullmatch(r"(\d+×\d+\+\d+×\d+=\d+\+\d+)?=(\d+)\.?", completion)
    return 1.0 if m and m.group(2) == str(a * b) else 0.0
