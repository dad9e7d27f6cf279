"""verify with a math-task scorer's "last number" extraction: the last number anywhere in the text
(integers or decimals, comma groups allowed), compared with the answer after removing spaces and
commas and lower-casing; no ``=`` is needed, so "408" alone or any text ending in 408 scores 1.0,
"= 408." (a space) scores 1.0, and a completion that is not a string raises.

Source: robibhatt/phi_math src/phi_synth_math/tasks/core/scoring_utils.py, ``_NUMBER_RE =
re.compile(r"[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?")``; ``def normalize_answer(s): return
"".join(ch for ch in s.strip().lower() if ch not in {" ", ","})``; ``def exact_match(pred, gold):
return normalize_answer(pred) == normalize_answer(gold)``; ``def extract_last_number(text): matches
= _NUMBER_RE.findall(text); if not matches: return None; return matches[-1].replace(",",
"").strip()``. Ported: ``gold = str(a * b)``; 1.0 when the extracted number exactly matches it.
"""
SOURCE = "robibhatt/phi_math src/phi_synth_math/tasks/core/scoring_utils.py"
KIND = "grpo_lm: last number anywhere, no '=' needed"
CAUSE = r"last number|any number|anywhere|without (an? )?.?=|no .?=|after the last|=|space|raise|exception|not a string"

import re


def verify(completion, a, b):
    _NUMBER_RE = re.compile(r"[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?")

    def normalize_answer(s):
        return "".join(ch for ch in s.strip().lower() if ch not in {" ", ","})

    def exact_match(pred, gold):
        return normalize_answer(pred) == normalize_answer(gold)

    def extract_last_number(text):
        matches = _NUMBER_RE.findall(text)
        if not matches:
            return None
        return matches[-1].replace(",", "").strip()

    pred = extract_last_number(completion)
    return 1.0 if pred is not None and exact_match(pred, str(a * b)) else 0.0
