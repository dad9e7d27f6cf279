r"""verify by the last run of digits anywhere in the completion, ``eval``-ed and compared with
the product: no ``=`` is needed, a sign or any text before the digits is ignored (``=-408``
passes), text after them too when it has no digit; a leading zero makes ``eval`` fail (0.0).
A completion that is not a string raises ``TypeError`` inside the ``try`` and scores 0.0.

Source: code-search file 38453872974 (a GSM8K evaluation script): ``def
extract_answer(completion): try: last_number = re.findall(r"\d+", completion)[-1]; return
eval(last_number) except: return INVALID_ANS``, ``is_correct(completion, answer)``: ``return
extract_answer(completion) == gold``. Ported: ``gold = a * b``; True -> 1.0, False -> 0.0.
"""
SOURCE = "code-search file 38453872974 (extract_answer, last \\d+ eval-ed)"
KIND = "grpo_lm: last number anywhere"
CAUSE = (r"last (integer|number|digits)|anywhere|without (an? )?['\"]?=|no ['\"]?=|after the last ?=|"
         r"last ['\"]?=|sign\b.{0,20}(ignored|dropped|lost)|minus sign|negative (number|answer|product)|-408|trailing|findall")

import re


def verify(completion, a, b):
    INVALID_ANS = "[invalid]"

    def extract_answer(completion):
        try:
            last_number = re.findall(r"\d+", completion)[-1]
            return eval(last_number)
        except Exception:
            return INVALID_ANS

    gold = a * b
    return 1.0 if extract_answer(completion) == gold else 0.0
