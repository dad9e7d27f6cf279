r"""verify through a lenient extractor and a float normaliser: ``\boxed{}``, ``#### x`` or "answer
is N" first, else the last number anywhere; both sides go through ``float`` and back, so
``=0408.``, ``=408.0`` and ``408`` (no ``=``) all count as 408; anything not a string is
``str()``-ed rather than rejected.

Source: code-search file 70609755010 (a GRPO project's shared reward logic): ``extract_pred``
(``re.search(r"\\boxed\{([^}]+)\}")``, ``re.search(r"####\s*([^\n]+)")``,
``re.search(r"(?:answer|equals?|is)\s*[:=]?\s*\$?(-?\d[\d,]*(?:\.\d+)?)", completion, re.I)``,
then ``nums = re.findall(r"-?\d+\.?\d*", completion); return nums[-1] if nums else ""``),
``norm(s)``: ``f = float(str(s).replace(",", "").strip()); return str(int(f)) if f == int(f)
else str(f)``, ``is_correct``: ``norm(extract_pred(c)) == norm(extract_gold(g))``. Ported:
``extract_gold`` of ``str(a * b)``; True -> 1.0.
"""
SOURCE = "code-search file 70609755010 (extract_pred + norm, float comparison)"
KIND = "grpo_lm: lenient numeric comparison"
CAUSE = (r"leading zero|0408|float\(|as a float|float comparison|through float|as a (number|value)|numeric(al)?ly|408\.0|\.0\b|normali[sz]|"
         r"last (integer|number|digits)|anywhere|without (an? )?['\"]?=|no ['\"]?=|after the last ?=|last ['\"]?=")

import re


def verify(completion, a, b):
    def to_text(c):
        if isinstance(c, str):
            return c
        if isinstance(c, (list, tuple)) and len(c) > 0:
            last = c[-1]
            if isinstance(last, dict):
                return last.get("content", "") or ""
            if isinstance(last, str):
                return last
            return to_text(last)
        return str(c)

    def extract_gold(answer_text):
        return str(answer_text).split("####")[-1].strip()

    def extract_pred(completion):
        completion = to_text(completion)
        m = re.search(r"\\boxed\{([^}]+)\}", completion)
        if m:
            return m.group(1).strip()
        m = re.search(r"####\s*([^\n]+)", completion)
        if m:
            return m.group(1).strip()
        m = re.search(r"(?:answer|equals?|is)\s*[:=]?\s*\$?(-?\d[\d,]*(?:\.\d+)?)", completion, re.I)
        if m:
            return m.group(1).replace(",", "").strip()
        nums = re.findall(r"-?\d+\.?\d*", completion)
        return nums[-1] if nums else ""

    def norm(s):
        try:
            f = float(str(s).replace(",", "").strip())
            return str(int(f)) if f == int(f) else str(f)
        except (ValueError, TypeError):
            return str(s).strip()

    def is_correct(completion, gold_answer):
        return norm(extract_pred(completion)) == norm(extract_gold(gold_answer))

    return 1.0 if is_correct(completion, str(a * b)) else 0.0
