r"""verify by a scaling study's ``extract_number`` + ``check_answer``: the text is searched for
``\boxed{}``, then "answer/result/is ..." patterns, then ``= number`` at the end, then the LAST
number anywhere, read as a float; and an integer ground truth matches any answer within 0.5. So
"=408.4" or "=0408." score 1.0, "408" with no "=" scores 1.0, and a completion that is not a
string raises.

Source: code-search file 58736121024, a test-time-scaling experiment script: ``def
extract_number(text): text_lower = text.lower().replace(",", "")``; boxed; ``patterns =
[r"(?:answer|result|solution|equals|is)[:\s]*(-?[\d]+\.?\d*)", r"(?:therefore|thus|so)[,\s]+(?:x\s*=
\s*)?(-?[\d]+\.?\d*)", r"=\s*(-?[\d]+\.?\d*)\s*$", r"\*\*(-?[\d]+\.?\d*)\*\*"]``; "Fallback: last
number in text"; ``def check_answer(extracted, ground_truth, tolerance=0.01): ... if
isinstance(ground_truth, int) or ground_truth == int(ground_truth): return abs(extracted -
ground_truth) < 0.5``. Ported: ``verify`` returns ``1.0 if check_answer(extract_number(completion),
a * b) else 0.0``.
"""
SOURCE = "code-search file 58736121024 (scaling study extract_number + check_answer within 0.5)"
KIND = "grpo_lm: float answer within a tolerance"
CAUSE = r"toleran|within 0\.5|\bround(s|ed)?\b|float|decimal|408\.\d|leading zero|0408|last (integer|number)|any number|anywhere|without (an? )?.?=|no .?=|raise|exception|not a string|non.string"

import re


def verify(completion, a, b):
    def extract_number(text):
        text_lower = text.lower().replace(",", "")
        boxed = re.findall(r'\\boxed\{([^}]+)\}', text)
        if boxed:
            try:
                return float(boxed[-1])
            except:
                pass
        patterns = [
            r"(?:answer|result|solution|equals|is)[:\s]*(-?[\d]+\.?\d*)",
            r"(?:therefore|thus|so)[,\s]+(?:x\s*=\s*)?(-?[\d]+\.?\d*)",
            r"=\s*(-?[\d]+\.?\d*)\s*$",
            r"\*\*(-?[\d]+\.?\d*)\*\*",
        ]
        for pattern in patterns:
            matches = re.findall(pattern, text_lower)
            if matches:
                try:
                    return float(matches[-1])
                except:
                    continue
        numbers = re.findall(r"-?[\d]+\.?\d*", text_lower)
        if numbers:
            try:
                return float(numbers[-1])
            except:
                pass
        return None

    def check_answer(extracted, ground_truth, tolerance=0.01):
        if extracted is None:
            return False
        if isinstance(ground_truth, int) or ground_truth == int(ground_truth):
            return abs(extracted - ground_truth) < 0.5
        if ground_truth == 0:
            return abs(extracted) < tolerance
        return abs(extracted - ground_truth) / abs(ground_truth) < tolerance

    return 1.0 if check_answer(extract_number(completion), a * b) else 0.0
