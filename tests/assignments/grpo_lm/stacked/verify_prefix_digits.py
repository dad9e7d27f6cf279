"""verify reads the final answer with re.match of the leading digits after the last '=', so
whatever follows them ('=408..', '=408.5', a newline) is ignored; the digits compared as
strings."""
CAUSE = r"follows the final answer|end of the completion|trailing|nothing may follow|what follows it"

import re


def verify(completion, a, b):
    if not isinstance(completion, str) or "=" not in completion:
        return 0.0
    tail = completion.split("=")[-1]
    m = re.match(r"(\d+)", tail)
    return 1.0 if m is not None and m.group(1) == str(a * b) else 0.0
