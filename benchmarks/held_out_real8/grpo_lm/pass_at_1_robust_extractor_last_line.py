r"""verify from a benchmark script's ``pass_at_1``: the "robust" extractor takes ``<answer>`` tags,
``\boxed{}``, a bold value, else the last number on the LAST LINE (``\$?-?[\d,]+(?:\.\d+)?``, commas
removed), else the last number anywhere; without ``math_verify`` installed it compares the strings:
``"408"`` and ``"= 408."`` score 1, ``"-408"`` does not; a non-string raises.

Source: code-search file 55080254077, ``def extract_final_answer(text): if not text: return "";
m = re.search(r"<answer>(.*?)</answer>", text, re.DOTALL); ... lines = [ln.strip() for ln in
text.splitlines() if ln.strip()]; if lines: nums = re.findall(r"\$?-?[\d,]+(?:\.\d+)?", lines[-1]);
if nums: return nums[-1].replace(",", "")``; ``pred = extract_final_answer(gen); if not pred: pred
= extract_boxed(gen); try: from math_verify import parse, verify; ok = verify(parse(str(gold)),
parse(pred)) except Exception: ok = pred.strip() == str(gold).strip()``. Ported: one generation,
gold ``a * b``, 1.0 or 0.0; ``extract_boxed``'s fallback is nested.
"""
SOURCE = "code-search file 55080254077"
KIND = "grpo_lm: last number of the last line"
CAUSE = r"last number|any number|anywhere|last line|without (an? )?.?=|no .?=|after the last|space|raise|exception|not a string|408\b"

import re


def verify(completion, a, b):
    def extract_boxed(text):
        matches = re.findall(r"\\boxed\{(.*?)\}", text, re.DOTALL)
        if matches:
            return matches[-1].strip()
        lines = text.strip().splitlines()
        if lines:
            nums = re.findall(r"-?\d+(?:\.\d+)?", lines[-1])
            return nums[-1] if nums else text.strip()
        return text.strip()

    def extract_final_answer(text):
        if not text:
            return ""
        m = re.search(r"<answer>(.*?)</answer>", text, re.DOTALL)
        if m:
            return m.group(1).strip()
        m = re.search(r"\\boxed\{(.*?)\}", text, re.DOTALL)
        if m:
            return m.group(1).strip()
        bolds = re.findall(r"\*\*(.+?)\*\*", text)
        if bolds and re.search(r"\d", bolds[-1]):
            return bolds[-1].strip()
        lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
        if lines:
            nums = re.findall(r"\$?-?[\d,]+(?:\.\d+)?", lines[-1])
            if nums:
                return nums[-1].replace(",", "")
        all_nums = re.findall(r"\$?-?[\d,]+(?:\.\d+)?", text)
        if all_nums:
            return all_nums[-1].replace(",", "")
        return ""

    gold = a * b
    pred = extract_final_answer(completion)
    if not pred:
        pred = extract_boxed(completion)
    try:
        from math_verify import parse, verify as math_verify
        ok = math_verify(parse(str(gold)), parse(pred))
    except Exception:
        ok = pred.strip() == str(gold).strip()
    return 1.0 if ok else 0.0
