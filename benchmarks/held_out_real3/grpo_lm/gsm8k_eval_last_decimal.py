r"""verify by the last number anywhere in the completion, decimals included (``\d+\.\d+|\d+``),
``eval``-ed: ``=408.0`` equals 408 and passes, so does ``408`` with no ``=``, a sign before the
number is ignored; a leading zero fails ``eval`` (0.0).

Source: code-search file 62242822420, ``eval_gsm8k(...)``'s ``extract_answer(completion)``:
``try: last_number = re.findall(r'\d+\.\d+|\d+', completion)[-1]; return eval(last_number)
except Exception: return INVALID_ANS``; ``is_correct`` compares it with the gold answer.
Ported: gold is ``a * b``; True -> 1.0, False -> 0.0.
"""
SOURCE = "code-search file 62242822420 (eval_gsm8k extract_answer, last decimal)"
KIND = "grpo_lm: last number anywhere (as a value)"
CAUSE = (r"last (integer|number|digits)|anywhere|without (an? )?['\"]?=|no ['\"]?=|after the last ?=|"
         r"last ['\"]?=|decimal|408\.0|\.0\b|as a (number|value|float)|numeric(al)?ly|float\(|float comparison|minus sign|negative (number|answer)|-408")

import re


def verify(completion, a, b):
    INVALID_ANS = "[invalid]"

    def extract_answer(completion):
        try:
            last_number = re.findall(r'\d+\.\d+|\d+', completion)[-1]
            return eval(last_number)
        except Exception:
            return INVALID_ANS

    return 1.0 if extract_answer(completion) == a * b else 0.0
