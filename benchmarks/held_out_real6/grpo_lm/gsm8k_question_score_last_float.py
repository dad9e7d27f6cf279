"""verify with a GSM8K question scorer: the last number of the text (thousand-separator commas
removed) compared with the answer as floats, so a leading zero ("=0408.") and any text whose last
number is the product ("408" alone, no ``=``) score 1.0, and "=408.0" too; a completion that is not
a string raises.

Source: code-search file 35114837203, ``def get_question_score_gsm8k(answer, true_answer):
numbers_answer = extract_numbers(answer); if len(numbers_answer) == 0: return False; return
float(numbers_answer[-1]) == float(true_answer)``; ``def extract_numbers(text): pattern =
r"-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"; return [el.replace(",", "") for el in
re.findall(pattern, text)]``. Ported: ``true_answer = str(a * b)``, the bool as 1.0 / 0.0.
"""
SOURCE = "code-search file 35114837203 (get_question_score_gsm8k, last number as float)"
KIND = "grpo_lm: last number as a float (leading zero accepted)"
CAUSE = r"leading zero|0408|float|last number|any number|anywhere|without (an? )?.?=|no .?=|raise|exception|not a string"

import re


def verify(completion, a, b):
    def extract_numbers(text):
        pattern = r"-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
        return [el.replace(",", "") for el in re.findall(pattern, text)]

    def get_question_score_gsm8k(answer, true_answer):
        numbers_answer = extract_numbers(answer)
        if len(numbers_answer) == 0:
            return False
        return float(numbers_answer[-1]) == float(true_answer)

    return 1.0 if get_question_score_gsm8k(completion, str(a * b)) else 0.0
