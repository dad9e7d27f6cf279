r"""verify by nanoReasoner-style answer extraction: "####" or ``\boxed{}`` if present, else the LAST
number anywhere in the text (``-?[\d,]+\.?\d*``, commas dropped), compared as a float within
1e-5. So "408" alone, "=0408." and "=+408."-style variants, or a completion whose last number
merely equals a * b, all score 1.0; a wrong answer after "####" earns a 0.1 format bonus; and a
completion that is not a string raises (the extraction runs outside the ``try``).

Source: code-search file 53665289774, a single-file GRPO trainer ("nanoReasoner"):
``extract_model_answer`` (``####\s*(-?[\d,\.]+)``, then ``\\boxed\{(-?[\d,\.]+)\}``, then "Fallback:
last number in text" ``re.findall(r'-?[\d,]+\.?\d*', text)``) and ``compute_reward(model_output,
gold_answer)``: ``pred = extract_model_answer(model_output); if pred is None: return 0.0; try:
format_bonus = 0.1 if "####" in model_output else 0.0; if abs(float(pred) - float(gold_answer)) <
1e-5: return 1.0; return format_bonus; except (ValueError, TypeError): return 0.0``. Ported:
``gold_answer = str(a * b)``.
"""
SOURCE = "code-search file 53665289774 (nanoReasoner compute_reward, last number as float)"
KIND = "grpo_lm: last number anywhere, float compare"
CAUSE = r"last (integer|number)|any number|anywhere|without (an? )?.?=|no .?=|after the last ?=|leading zero|0408|float|decimal|\bsign\b|trailing|extra text|raise|exception|not a string|non.string|bonus|partial"

import re


def verify(completion, a, b):
    def extract_model_answer(text):
        match = re.search(r'####\s*(-?[\d,\.]+)', text)
        if match:
            return match.group(1).replace(',', '').strip()
        match = re.search(r'\\boxed\{(-?[\d,\.]+)\}', text)
        if match:
            return match.group(1).replace(',', '').strip()
        numbers = re.findall(r'-?[\d,]+\.?\d*', text)
        if numbers:
            return numbers[-1].replace(',', '').strip()
        return None

    def compute_reward(model_output, gold_answer):
        pred = extract_model_answer(model_output)
        if pred is None:
            return 0.0
        try:
            format_bonus = 0.0
            if "####" in model_output:
                format_bonus = 0.1
            if abs(float(pred) - float(gold_answer)) < 1e-5:
                return 1.0
            return format_bonus
        except (ValueError, TypeError):
            return 0.0

    return compute_reward(completion, str(a * b))
