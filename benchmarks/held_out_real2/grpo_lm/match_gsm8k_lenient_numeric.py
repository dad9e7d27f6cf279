"""verify as a GSM8K matcher: the number after the first '=' that ends a line (else the last
number anywhere), its trailing dots stripped, compared as a float. So "=0408.", "= 408.",
"=+408." and a bare "408" all earn 1.0, and a completion that is not a string raises.

Source: public code in the code-search corpus (file id 53125903488, an answer-extraction module
for GSM8K / MATH / MBPP / MedQA; the index does not name the repository): ``m =
re.search(r"=\\s*\\$?([+-]?\\d[\\d,]*\\.?\\d*)\\s*\\$?\\s*$", text, re.MULTILINE)`` (after "####"
and "the answer is" patterns), else the last of ``re.findall(r"[+-]?\\d[\\d,]*\\.?\\d*", text)``;
``normalize_numeric``: ``s.rstrip(".")``, ``float(s)``; ``match_gsm8k``: ``abs(pred_num -
ref_num) < 1e-5``. Ported: reference = ``str(a * b)``, the bool as 1.0 / 0.0.
"""
SOURCE = "code-search file 53125903488 (extract_gsm8k_answer, match_gsm8k)"
KIND = "verify: lenient numeric match"
CAUSE = (r"leading zero|0408|sign|\+408|space|whitespace|last number|anywhere|float|numeric|"
         r"rais|not a string|without (an? )?['\"]?=|no ['\"]?=|lenient")

import re


def verify(completion, a, b):
    def extract_gsm8k_answer(text):
        text = text.strip()
        m = re.search(r"####\s*([+-]?\d[\d,]*\.?\d*)", text)
        if m:
            return m.group(1).replace(",", "").strip()
        m = re.search(r"(?:the\s+)?(?:final\s+)?answer\s*(?:is|=|:)\s*\$?([+-]?\d[\d,]*\.?\d*)",
                      text, re.IGNORECASE)
        if m:
            return m.group(1).replace(",", "").strip()
        m = re.search(r"=\s*\$?([+-]?\d[\d,]*\.?\d*)\s*\$?\s*$", text, re.MULTILINE)
        if m:
            return m.group(1).replace(",", "").strip()
        numbers = re.findall(r"[+-]?\d[\d,]*\.?\d*", text)
        if numbers:
            return numbers[-1].replace(",", "").strip()
        return text.strip()

    def normalize_numeric(s):
        s = s.strip().replace(",", "").replace("$", "").replace("%", "")
        s = s.rstrip(".")
        try:
            return float(s)
        except ValueError:
            return None

    reference = str(a * b)
    pred_str = extract_gsm8k_answer(completion)
    pred_num = normalize_numeric(pred_str)
    ref_num = normalize_numeric(reference)
    if pred_num is not None and ref_num is not None:
        return 1.0 if abs(pred_num - ref_num) < 1e-5 else 0.0
    return 1.0 if pred_str.strip() == reference.strip() else 0.0
