"""verify with a math-tutor evaluation's answer extraction and SymPy check: the answer is the last
line's trailing number (or, failing the patterns, the whole last line); a ``=`` in it keeps the
text after the last one; the result is parsed by SymPy and compared by ``simplify(ex - gt) == 0``,
so a leading zero ("=0408."), a sign ("=+408"), a space ("= 408.") and a bare "408" with no ``=``
are all accepted, and a completion that is not a string raises.

Source: code-search file 55775030091, an evaluation script: ``def check_correctness(extracted,
gt): if not extracted: return "UNPARSEABLE"; extracted_clean = extracted.lower().replace(",",
"").strip(); ...; if "=" in extracted_clean: extracted_clean =
extracted_clean.split("=")[-1].strip(); ...; ex_expr = parse_expr(extracted_clean,
transformations=transformations); gt_expr = parse_expr(gt_clean, ...); if
sympy.simplify(ex_expr - gt_expr) == 0: return "CORRECT"; ...``; ``def extract_answer(text,
gt=None)``: "Final Answer:", then patterns on the last three lines (``the answer is``,
``therefore``, ``solution is``, ``x|y =``, a trailing number), else ``gt`` if it appears, else
the last line. Ported: ``gt = str(a * b)``; 1.0 when ``check_correctness(extract_answer(completion,
gt), gt)`` is "CORRECT".
"""
SOURCE = "code-search file 55775030091 (evaluation script check_correctness with SymPy)"
KIND = "grpo_lm: numeric equality accepts leading zero, sign, space, no '='"
CAUSE = r"leading zero|0408|sign|\+408|space|last number|any number|anywhere|without (an? )?.?=|no .?=|raise|exception|not a string|sympy|numeric"

import re


def verify(completion, a, b):
    import sympy
    from sympy.parsing.sympy_parser import (convert_xor, implicit_multiplication_application,
                                            parse_expr, standard_transformations)

    def check_correctness(extracted, gt):
        if not extracted:
            return "UNPARSEABLE"
        extracted_clean = extracted.lower().replace(",", "").strip()
        gt_clean = gt.lower().strip()
        if gt_clean == "no solution":
            return "CORRECT" if "no solution" in extracted_clean else "INCORRECT"
        if "=" in extracted_clean:
            extracted_clean = extracted_clean.split("=")[-1].strip()
        transformations = standard_transformations + (
            implicit_multiplication_application, convert_xor)
        try:
            ex_expr = parse_expr(extracted_clean, transformations=transformations)
            gt_expr = parse_expr(gt_clean, transformations=transformations)
            if sympy.simplify(ex_expr - gt_expr) == 0:
                return "CORRECT"
        except Exception:
            pass
        if re.fullmatch(r"\b" + re.escape(gt_clean) + r"\b", extracted_clean):
            return "CORRECT"
        if "".join(extracted_clean.split()) == "".join(gt_clean.split()):
            return "CORRECT"
        return "INCORRECT"

    def extract_answer(text, gt=None):
        if "Final Answer:" in text:
            return text.split("Final Answer:")[-1].strip()
        lines = [line.strip() for line in text.split("\n") if line.strip()]
        if not lines:
            return ""
        end_text_lines = " ".join(lines[-3:])
        patterns = [
            r"(?i)the answer is\s*([^.]+)",
            r"(?i)therefore,?\s*(?:we have)?\s*([^.]+)",
            r"(?i)solution is\s*([^.]+)",
            r"\b(?:x|y)\s*=\s*([^\s.]+)",
            r"([-+]?\d*\.?\d+(?:/\d+)?)\s*$",
        ]
        for pat in patterns:
            match = re.search(pat, end_text_lines)
            if match:
                return match.group(1).replace('"', "").strip()
        if gt and gt.lower() in end_text_lines.lower():
            return gt
        return lines[-1]

    gt = str(a * b)
    return 1.0 if check_correctness(extract_answer(completion, gt), gt) == "CORRECT" else 0.0
