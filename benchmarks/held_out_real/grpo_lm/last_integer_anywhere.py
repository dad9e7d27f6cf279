"""verify takes the last integer anywhere in the text and compares it with int(): no '='
needed, '0408' and '+408' pass, and '=408.5' reads 5.

Source: public code in the code-search corpus (file id 3574498406, ``MathRewardModel`` for
arithmetic GRPO; the index does not name its repository): ``matches = re.findall(r"-?\\d+",
text); return int(matches[-1])``; reward ``correct if predicted == expected``. Ported: expected
is a * b.
"""
SOURCE = "code-search file 3574498406 (MathRewardModel._extract_int)"
KIND = "answer extraction: last number anywhere"
CAUSE = r"anywhere|LAST '='|int\(|leading zero|sign"

import re


def verify(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    matches = re.findall(r"-?\d+", completion)
    if not matches:
        return 0.0
    try:
        predicted = int(matches[-1])
    except ValueError:
        return 0.0
    return 1.0 if predicted == a * b else 0.0
