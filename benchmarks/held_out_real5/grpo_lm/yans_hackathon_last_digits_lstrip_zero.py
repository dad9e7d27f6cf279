r"""verify by a hackathon's ``evaluate_response``: the answer is the LAST run of digits, dots and
commas anywhere in the response (``-?[\d.,]+``), normalised by dropping commas and spaces and
STRIPPING LEADING ZEROS, then compared as a string with ``a * b``: "=408." is read as "408." (the
final dot kept) so a correct, worked completion scores 0.0, while "=0408" and a trailing "408"
without "=" score 1.0; a completion that is not a string raises.

Source: tani/yans-2025-hackathon src/yans_2025_hackathon/eval.py: ``_normalize_number(number)``:
``str(number)`` for an int, else ``number.replace(",", "").replace(" ", "").lstrip("0")``;
``extra_answer_from_response(response)``: ``matched_answers = re.compile(r"-?[\d.,]+").findall(response);
return matched_answers[-1]`` (or ""); ``evaluate_response(response, answer_number)``: ``return
_normalize_number(extracted) == _normalize_number(answer_number)``. Ported: ``answer_number = a *
b``; the boolean returned as 1.0 / 0.0.
"""
SOURCE = "tani/yans-2025-hackathon src/yans_2025_hackathon/eval.py (evaluate_response)"
KIND = "grpo_lm: trailing dot kept, leading zeros stripped"
CAUSE = r"(trailing|final|optional) (\.|dot|period|full stop)|408\.|dot|period|full stop|correct (completion|answer)|false negative|leading zero|0408|lstrip|last (integer|number|digits)|any number|anywhere|without (an? )?.?=|no .?=|raise|exception|not a string"

import re


def verify(completion, a, b):
    def _normalize_number(number):
        if isinstance(number, int):
            return str(number)
        return number.replace(",", "").replace(" ", "").lstrip("0")

    def extra_answer_from_response(response):
        matched_answers = re.compile(r"-?[\d.,]+").findall(response)
        if not matched_answers:
            return ""
        return matched_answers[-1]

    def evaluate_response(response, answer_number):
        extracted_answer = extra_answer_from_response(response)
        if not extracted_answer:
            return False
        normalized_extracted = _normalize_number(extracted_answer)
        normalized_answer = _normalize_number(answer_number)
        return normalized_extracted == normalized_answer

    return 1.0 if evaluate_response(completion, a * b) else 0.0
