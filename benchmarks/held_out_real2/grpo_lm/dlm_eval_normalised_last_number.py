"""verify as a GSM8K evaluation script scores: the last number anywhere (its trailing dot kept),
normalised through ``float`` back to an integer string. "=0408.", "= 408.", "x 408" and a bare
"408" all earn 1.0; a completion that is not a string raises.

Source: public code in the code-search corpus (file id 54559978117, a diffusion-LM GSM8K
benchmark script; the index does not name the repository): ``extract_gsm8k_answer`` ("####",
"the answer is", ``\\boxed{}`` patterns, then ``numbers = re.findall(r"-?[\\d,]+\\.?\\d*",
text)``, ``numbers[-1].replace(",", "").strip()``), ``normalize_answer`` (``float(ans)``, ``str(int(
value))`` when integral), ``decode_and_score``: ``correct = bool(predicted and predicted ==
reference)``. Ported: reference = ``str(a * b)``, the bool as 1.0 / 0.0.
"""
SOURCE = "code-search file 54559978117 (extract_gsm8k_answer, normalize_answer)"
KIND = "verify: lenient numeric match"
CAUSE = (r"leading zero|0408|space|whitespace|last number|anywhere|float|numeric|normali[sz]|"
         r"rais|not a string|without (an? )?['\"]?=|no ['\"]?=")

import re


def verify(completion, a, b):
    def extract_gsm8k_answer(text):
        match = re.search(r"####\s*(-?[\d,]+\.?\d*)", text)
        if match:
            return match.group(1).replace(",", "").strip()
        match = re.search(r"(?:the\s+)?answer\s+is\s*[:\s]*(-?[\d,]+\.?\d*)", text, re.IGNORECASE)
        if match:
            return match.group(1).replace(",", "").strip()
        match = re.search(r"\\boxed\{([^}]+)\}", text)
        if match:
            return match.group(1).replace(",", "").strip()
        numbers = re.findall(r"-?[\d,]+\.?\d*", text)
        if numbers:
            return numbers[-1].replace(",", "").strip()
        return ""

    def normalize_answer(ans):
        ans = str(ans).strip().replace(",", "")
        if not ans:
            return ""
        try:
            value = float(ans)
        except ValueError:
            return ans
        if value.is_integer():
            return str(int(value))
        return ans

    predicted = normalize_answer(extract_gsm8k_answer(completion))
    reference = normalize_answer(str(a * b))
    return 1.0 if (predicted and predicted == reference) else 0.0
