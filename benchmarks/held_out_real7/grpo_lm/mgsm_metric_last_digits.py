r"""verify from an evolutionary model-merge project's MGSM metric: the prediction is the LAST RUN OF
DIGITS anywhere (``\d+``: a sign is dropped, so ``"-408"`` matches), commas removed, compared as a
string with the answer; a bare ``"408"`` and ``"= 408."`` score 1, and an IndexError (no number)
gives 0; a non-string RAISES.

Source: yuta-0514/evolutionary_model_merge eval_tasks/mgsm_metric.py, ``def extract_regex(text):
num_list = re.findall(r'\d+', text); ...``; ``def score_mgsm(pred, question, answer_number,
answer): if "." in pred: pred = pred.rstrip("0").rstrip("."); pred = pred.replace(",", ""); if
str(answer_number) == pred: return 1 else: return 0``; ``try: pred = extract_regex(results[0])[-1];
score = score_mgsm(...) except IndexError: score = 0``. Ported: ``answer_number`` is ``a * b``;
the score is a float.
"""
SOURCE = "yuta-0514/evolutionary_model_merge eval_tasks/mgsm_metric.py"
KIND = "grpo_lm: last run of digits anywhere (sign dropped)"
CAUSE = r"sign|-408|minus|negative|space|last number|digits|any number|anywhere|without (an? )?.?=|no .?=|after the last|raise|exception|not a string|408\b"

import re


def verify(completion, a, b):
    def extract_regex(text):
        num_list = re.findall(r'\d+', text)
        if num_list is not None:
            return num_list
        return None

    def score_mgsm(pred, answer_number):
        if "." in pred:
            pred = pred.rstrip("0").rstrip(".")
        pred = pred.replace(",", "")
        if str(answer_number) == pred:
            return 1
        return 0

    try:
        pred = extract_regex(completion)[-1]
        score = score_mgsm(pred, a * b)
    except IndexError:
        score = 0
    return float(score)
