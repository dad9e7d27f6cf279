r"""verify from a span-ensemble reasoning policy's ``extract_last_number``: commas are removed, the
LAST NUMBER anywhere (``-?\d*\.?\d+``) is parsed as a float and compared with the product, so
``"408"`` alone, ``"=0408."`` and ``"= 408."`` pass and no ``=`` is needed; a completion that is
not a string RAISES (``text.replace`` on a non-string).

Source: code-search file 58535392922, ``def extract_last_number(text): numbers =
re.findall(r"-?\d*\.?\d+", text.replace(",", "")); if not numbers: return None; return
float(numbers[-1])``. Ported: 1.0 when the number equals ``a * b``, 0.0 otherwise or when there
is none.
"""
SOURCE = "code-search file 58535392922"
KIND = "grpo_lm: last number anywhere as a float (raises on non-strings)"
CAUSE = r"leading zero|0408|space|float|last number|any number|anywhere|without (an? )?.?=|no .?=|after the last|raise|exception|not a string"

import re


def verify(completion, a, b):
    def extract_last_number(text):
        numbers = re.findall(r"-?\d*\.?\d+", text.replace(",", ""))
        if not numbers:
            return None
        return float(numbers[-1])

    value = extract_last_number(completion)
    return 1.0 if value is not None and value == a * b else 0.0
