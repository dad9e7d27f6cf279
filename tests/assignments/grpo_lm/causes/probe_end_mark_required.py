"""A fullmatch that requires the final '.' (r".*=(\d+)\.", the '?' forgotten) on the stripped
completion: a right answer without its end mark is rejected, and a space or newline after
it is accepted."""
CAUSE = r"(?=.*rejects a right answer with no final '\.')(?=.*newline)"

import re


def verify(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    m = re.fullmatch(r".*=(\d+)\.", completion.strip(), flags=re.S)
    return float(m is not None and m.group(1) == str(a * b))
