r"""A regex reward without a type check (`re.search` raises TypeError on None or a number):
`=(\d+)\.?$` anchors with `$`, which also matches before a final newline, so '=408.\n' passes."""
CAUSE = r"(?=.*(newline|\$))(?=.*raises TypeError)"

import re


def verify(completion, a, b):
    found = re.search(r"=(\d+)\.?$", completion)
    if found is None:
        return 0.0
    return 1.0 if found.group(1) == str(a * b) else 0.0
