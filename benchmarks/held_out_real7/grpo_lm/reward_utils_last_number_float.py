r"""verify as a reward utility's ``calc_last_number_reward`` scores a completion: the LAST NUMBER
anywhere in the text (``[+-]?\d+(?:\.\d+)?``), compared as a FLOAT with the answer; any exception
gives 0. So ``"408"`` alone, ``"=0408."`` (leading zero), ``"=+408."`` (sign) and ``"= 408."``
(space) all score 1.0, and no ``=`` is needed.

Source: code-search file 14634575657, ``def calc_last_number_reward(output, answer): try:
extracted_number_output = extract_last_number(output); return 1 if
float(extracted_number_output) == float(answer) else 0 except: return 0`` with ``def
extract_last_number(s): pattern = r"[+-]?\d+(?:\.\d+)?"; matches = re.findall(pattern, s); if
matches: return matches[-1]; return None``. Ported: ``answer`` is ``a * b``; the result is a
float.
"""
SOURCE = "code-search file 14634575657"
KIND = "grpo_lm: last number anywhere, compared as a float"
CAUSE = r"leading zero|0408|sign|\+408|space|float|last number|any number|anywhere|without (an? )?.?=|no .?=|not after|after the last"

import re


def verify(completion, a, b):
    def extract_last_number(s):
        pattern = r"[+-]?\d+(?:\.\d+)?"
        matches = re.findall(pattern, s)
        if matches:
            return matches[-1]
        return None

    try:
        extracted_number_output = extract_last_number(completion)
        return 1.0 if float(extracted_number_output) == float(a * b) else 0.0
    except Exception:
        return 0.0
