r"""verify from a GSM8K GRPO project's reward module: the completion is turned into text (a
non-string becomes ``str(completion)``), the final answer is taken from ``<answer>`` tags,
``####``, ``\boxed{}`` or, failing those, the LAST NUMBER anywhere (``[-+]?\d[\d,]*(?:\.\d+)?``),
and it is compared with the reference as an exact Fraction: a bare ``"408"``, ``"= 408."``,
``"=0408."``, ``"+408"`` and the int ``408`` all score 1.

Source: code-search file 57858049222, ``NUMBER = re.compile(r"[-+]?\d[\d,]*(?:\.\d+)?(?:\s*/\s*[-+]?\d[\d,]*)?")``;
``def extract_final_answer(text): tagged = ANSWER_TAG.findall(text); ... numbers =
NUMBER.findall(text); return numbers[-1].strip() if numbers else None``; ``canonical_answer``
(commas and ``$`` removed, ``Fraction(Decimal(cleaned))``); ``exact_answer_reward``: ``1.0 if
answers_equal(extract_final_answer(completion_to_text(completion)), extract_final_answer(reference))
else 0.0``. Ported: the reference is ``str(a * b)``; the module's helpers are nested.
"""
SOURCE = "code-search file 57858049222"
KIND = "grpo_lm: last number anywhere, compared as a fraction"
CAUSE = r"last number|any number|anywhere|without (an? )?.?=|no .?=|after the last|leading zero|0408|space|sign|\+408|not a string|str\(|int|408\b"

import re
from decimal import Decimal, InvalidOperation
from fractions import Fraction


def verify(completion, a, b):
    ANSWER_TAG = re.compile(r"<answer>\s*(.*?)\s*</answer>", re.IGNORECASE | re.DOTALL)
    NUMBER = re.compile(r"[-+]?\d[\d,]*(?:\.\d+)?(?:\s*/\s*[-+]?\d[\d,]*)?")
    LATEX_FRACTION = re.compile(r"\\frac\s*\{([^{}]+)\}\s*\{([^{}]+)\}")

    def completion_to_text(c):
        if isinstance(c, str):
            return c
        if isinstance(c, dict):
            return str(c.get("content", ""))
        if isinstance(c, list):
            for item in reversed(c):
                if isinstance(item, dict) and "content" in item:
                    return str(item["content"])
            return "".join(str(item) for item in c)
        return str(c)

    def last_boxed(text):
        marker = "\\boxed{"
        start = text.rfind(marker)
        if start < 0:
            return None
        depth = 1
        content_start = start + len(marker)
        for index in range(content_start, len(text)):
            if text[index] == "{":
                depth += 1
            elif text[index] == "}":
                depth -= 1
                if depth == 0:
                    return text[content_start:index].strip()
        return None

    def extract_final_answer(text):
        tagged = ANSWER_TAG.findall(text)
        if tagged:
            return tagged[-1].strip()
        if "####" in text:
            return text.rsplit("####", 1)[1].strip()
        boxed = last_boxed(text)
        if boxed is not None:
            return boxed
        numbers = NUMBER.findall(text)
        return numbers[-1].strip() if numbers else None

    def canonical_answer(value):
        if value is None:
            return None
        cleaned = value.strip().replace(",", "").replace("$", "")
        cleaned = LATEX_FRACTION.sub(r"\1/\2", cleaned)
        cleaned = cleaned.replace("\\(", "").replace("\\)", "")
        if NUMBER.fullmatch(cleaned):
            try:
                if "/" in cleaned:
                    numerator, denominator = cleaned.split("/", 1)
                    return Fraction(Decimal(numerator.strip())) / Fraction(Decimal(denominator.strip()))
                return Fraction(Decimal(cleaned))
            except (InvalidOperation, ValueError, ZeroDivisionError):
                pass
        return " ".join(cleaned.lower().split())

    def answers_equal(candidate, reference):
        left = canonical_answer(candidate)
        right = canonical_answer(reference)
        return left is not None and right is not None and left == right

    reference = str(a * b)
    return 1.0 if answers_equal(extract_final_answer(completion_to_text(completion)),
                                extract_final_answer(reference)) else 0.0
