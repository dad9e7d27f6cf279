r"""verify by a GSM8K ``reward.py``: the answer is the number after "####", else the LAST number
anywhere in the text (``-?\d+(?:\.\d+)?`` after dropping commas), compared as a float within 1e-3
with the number extracted the same way from the ground truth. So "408" with no "=", "=0408." and
a completion whose last number is a * b score 1.0, and a completion that is not a string raises.

Source: code-search file 51881883344, ``reward.py`` ("correctness checking for GSM8K. Agents can
import and modify reward functions from here"): ``extract_number(text)``: ``re.search(r'####\s*([\d,\-\.]+)',
text)``, then "Fallback: last number in text" ``re.findall(r'-?\d+(?:\.\d+)?', text.replace(',',
''))``; ``check_answer(prediction, ground_truth)``: ``pred_num = extract_number(prediction);
true_num = extract_number(ground_truth); ... return 1.0 if abs(pred_num - true_num) < 1e-3 else
0.0``. Ported: ``ground_truth = str(a * b)``.
"""
SOURCE = "code-search file 51881883344 (GSM8K reward.py check_answer, last number)"
KIND = "grpo_lm: last number anywhere, float compare"
CAUSE = r"last (integer|number)|any number|anywhere|without (an? )?.?=|no .?=|after the last ?=|leading zero|0408|float|decimal|\bsign\b|trailing|extra text|raise|exception|not a string|non.string"

import re


def verify(completion, a, b):
    def extract_number(text):
        match = re.search(r'####\s*([\d,\-\.]+)', text)
        if match:
            try:
                return float(match.group(1).replace(',', ''))
            except ValueError:
                pass
        numbers = re.findall(r'-?\d+(?:\.\d+)?', text.replace(',', ''))
        if numbers:
            try:
                return float(numbers[-1])
            except ValueError:
                pass
        return None

    def check_answer(prediction, ground_truth):
        pred_num = extract_number(prediction)
        true_num = extract_number(ground_truth)
        if pred_num is None or true_num is None:
            return 0.0
        return 1.0 if abs(pred_num - true_num) < 1e-3 else 0.0

    return check_answer(completion, str(a * b))
