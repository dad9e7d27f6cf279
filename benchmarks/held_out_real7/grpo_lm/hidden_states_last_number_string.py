r"""verify from a GSM8K hidden-state collection script: the answer is the LAST NUMBER anywhere in the
text (``-?\d+(?:\.\d+)?`` after removing commas), compared as a string with the product: a bare
``"408"`` and ``"= 408."`` (space) score 1.0 and no ``=`` is needed; a completion that is not a
string RAISES.

Source: code-search file 53324487827, ``def extract_last_number(text): matches =
re.findall(r"-?\d+(?:\.\d+)?", text.replace(",", "")); return matches[-1] if matches else None``.
Ported: 1.0 when the extracted string equals ``str(a * b)``.
"""
SOURCE = "code-search file 53324487827"
KIND = "grpo_lm: last number anywhere (string compare; raises on non-strings)"
CAUSE = r"space|last number|any number|anywhere|without (an? )?.?=|no .?=|after the last|raise|exception|not a string|408\b"

import re


def verify(completion, a, b):
    def extract_last_number(text):
        matches = re.findall(r"-?\d+(?:\.\d+)?", text.replace(",", ""))
        return matches[-1] if matches else None

    return 1.0 if extract_last_number(completion) == str(a * b) else 0.0
