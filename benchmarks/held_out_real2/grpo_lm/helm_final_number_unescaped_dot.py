"""verify as HELM's GSM metric: the last number anywhere in the text (no '=' needed), found with
a regex whose unescaped '.' lets any character join two digit runs, compared as a string with
the gold's last number; it returns the int 1 or 0, and raises on a completion that is not a
string.

Source: https://github.com/stanford-crfm/helm/pull/4191 (src/helm/benchmark/metrics/
evaluate_reference_metrics.py, ``final_number_exact_match`` as the PR found it, code-search file
32783495533): ``matches = re.findall(r"-?[\\d,]+(?:.\\d+)?", x)``, ``return
matches[-1].replace(",", "")``, ``return exact_match(get_final_number(gold),
get_final_number(pred))``, with ``exact_match``: ``if not pred: return 0``, ``return 1 if
gold.strip() == pred.strip() else 0``. Ported: gold = ``str(a * b)``.
"""
SOURCE = "https://github.com/stanford-crfm/helm/pull/4191"
KIND = "verify: last number anywhere"
CAUSE = (r"last number|anywhere|without (an? )?['\"]?=|no ['\"]?=|\bint\b|integer|float|"
         r"rais|not a string|any character|unescaped|trailing")

import re


def verify(completion, a, b):
    def exact_match(gold, pred):
        if not pred:
            return 0
        return 1 if gold.strip() == pred.strip() else 0

    def get_final_number(x):
        matches = re.findall(r"-?[\d,]+(?:.\d+)?", x)
        if not matches:
            return ""
        return matches[-1].replace(",", "")

    gold = str(a * b)
    return exact_match(get_final_number(gold), get_final_number(completion))
