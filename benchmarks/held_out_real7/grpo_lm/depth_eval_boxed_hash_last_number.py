r"""verify from an early-exit depth evaluation script: ``\boxed{...}``, else ``#### n``, else the LAST
NUMBER anywhere (``-?[\d,]+(?:\.\d+)?``, commas removed), compared as a string with the product:
a bare ``"408"`` and ``"= 408."`` score 1.0 and no ``=`` is needed; a non-string RAISES.

Source: code-search file 53977345357, ``def extract_answer(text): m =
re.search(r"\\boxed\{([^}]+)\}", text); if m: return m.group(1).strip(); m =
re.search(r"####\s*(-?[\d,]+(?:\.\d+)?)", text); if m: return m.group(1).replace(",",
"").strip(); nums = re.findall(r"-?[\d,]+(?:\.\d+)?", text); return nums[-1].replace(",",
"").strip() if nums else ""``. Ported: 1.0 when the extracted string equals ``str(a * b)``.
"""
SOURCE = "code-search file 53977345357"
KIND = "grpo_lm: last number anywhere (string compare)"
CAUSE = r"space|last number|any number|anywhere|without (an? )?.?=|no .?=|after the last|raise|exception|not a string|408\b"

import re


def verify(completion, a, b):
    def extract_answer(text):
        m = re.search(r"\\boxed\{([^}]+)\}", text)
        if m:
            return m.group(1).strip()
        m = re.search(r"####\s*(-?[\d,]+(?:\.\d+)?)", text)
        if m:
            return m.group(1).replace(",", "").strip()
        nums = re.findall(r"-?[\d,]+(?:\.\d+)?", text)
        return nums[-1].replace(",", "").strip() if nums else ""

    return 1.0 if extract_answer(completion) == str(a * b) else 0.0
