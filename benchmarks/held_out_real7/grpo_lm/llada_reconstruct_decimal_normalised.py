r"""verify from a masked-diffusion GSM8K reconstruction evaluator: the answer is the last ``####``
number, else the LAST NUMBER anywhere (``[-+]?\d[\d,]*(?:\.\d+)?``), normalised through
``Decimal`` (commas removed, trailing zeros and dot dropped), so ``"=0408."`` (leading zero),
``"=+408."`` (sign), ``"= 408."`` and a bare ``"408"`` all score 1.0; a non-string RAISES.

Source: code-search file 56773197697, ``NUMBER_RE = re.compile(r"[-+]?\d[\d,]*(?:\.\d+)?");
ANSWER_RE = re.compile(r"####\s*([-+]?\d[\d,]*(?:\.\d+)?)")``; ``def normalize_number(raw): ...
cleaned = raw.replace(",", "").strip(); value = Decimal(cleaned) ...; normalized =
format(value.normalize(), "f"); if "." in normalized: normalized =
normalized.rstrip("0").rstrip(".")``; ``def extract_answer(text): answer_matches =
ANSWER_RE.findall(text); if answer_matches: return normalize_number(answer_matches[-1]);
number_matches = NUMBER_RE.findall(text); if number_matches: return
normalize_number(number_matches[-1]); return None``. Ported: 1.0 when the normalised answer
equals ``str(a * b)``.
"""
SOURCE = "code-search file 56773197697"
KIND = "grpo_lm: last number anywhere, Decimal-normalised (leading zero, sign)"
CAUSE = r"leading zero|0408|sign|\+408|space|normali|decimal|last number|any number|anywhere|without (an? )?.?=|no .?=|after the last|raise|exception|not a string"

import re
from decimal import Decimal, InvalidOperation

NUMBER_RE = re.compile(r"[-+]?\d[\d,]*(?:\.\d+)?")
ANSWER_RE = re.compile(r"####\s*([-+]?\d[\d,]*(?:\.\d+)?)")


def verify(completion, a, b):
    def normalize_number(raw):
        if raw is None:
            return None
        cleaned = raw.replace(",", "").strip()
        try:
            value = Decimal(cleaned)
        except InvalidOperation:
            return None
        if value == 0:
            return "0"
        normalized = format(value.normalize(), "f")
        if "." in normalized:
            normalized = normalized.rstrip("0").rstrip(".")
        return normalized

    def extract_answer(text):
        answer_matches = ANSWER_RE.findall(text)
        if answer_matches:
            return normalize_number(answer_matches[-1])
        number_matches = NUMBER_RE.findall(text)
        if number_matches:
            return normalize_number(number_matches[-1])
        return None

    return 1.0 if extract_answer(completion) == str(a * b) else 0.0
