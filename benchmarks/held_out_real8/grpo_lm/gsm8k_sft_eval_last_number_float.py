r"""verify from a GSM8K fine-tuning script's evaluation: the prediction is the LAST NUMBER anywhere
in the text (``[-+]?\d*\.?\d+``; the whole text if there is none) and it is correct when
``float(pred) == float(gold)`` (else when the strings are equal): a bare ``"408"``, ``"= 408."``,
``"=0408."`` and ``"=408.0"`` score 1; a non-string raises.

Source: code-search file 26871698662, ``def extract_final_answer(text): matches =
re.findall(r"[-+]?\d*\.?\d+", text); return matches[-1] if matches else text.strip()``; ``for p, g
in zip(preds, golds): try: if float(p) == float(g): total_correct += 1 except ValueError: if
p.strip() == g.strip(): total_correct += 1``. Ported: the gold answer is ``str(a * b)``; one
completion gives 1.0 or 0.0.
"""
SOURCE = "code-search file 26871698662"
KIND = "grpo_lm: last number anywhere, compared as floats"
CAUSE = r"last number|any number|anywhere|without (an? )?.?=|no .?=|after the last|leading zero|0408|space|float|raise|exception|not a string|408\b"

import re


def verify(completion, a, b):
    def extract_final_answer(text):
        matches = re.findall(r"[-+]?\d*\.?\d+", text)
        return matches[-1] if matches else text.strip()

    p = extract_final_answer(completion)
    g = str(a * b)
    try:
        return 1.0 if float(p) == float(g) else 0.0
    except ValueError:
        return 1.0 if p.strip() == g.strip() else 0.0
