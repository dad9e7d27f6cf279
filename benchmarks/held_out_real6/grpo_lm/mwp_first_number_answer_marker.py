"""verify with a math-word-problem answer extractor: it drops one trailing ``.``, keeps the text
after the last "The answer is ", and returns the FIRST number found there; the worked format has
no such phrase, so the number read is the first of the completion (17 in "17×20+..."), and a
correct, worked completion scores 0.0 unless it starts with the product.

Source: mateuszpach/transformers-for-mwp utils.py, ``def extract_number_from_answer(answer): if
answer.endswith('.'): answer = answer[:-1]; answer = answer.split('The answer is
')[-1].strip('$'); pattern = r"-?\d*\.?\d+"; number = re.findall(pattern, answer); if len(number)
== 0: return -1; return number[0]``. Ported: 1.0 when the extracted string equals ``str(a * b)``;
the source's marker is kept as it is.
"""
SOURCE = "mateuszpach/transformers-for-mwp utils.py"
KIND = "grpo_lm: first number instead of the final answer"
CAUSE = r"first number|first|wrong number|not the (final|last)|after the last|last .?=|final answer|correct (completion|answer)|false negative|raise|exception|not a string"

import re


def verify(completion, a, b):
    def extract_number_from_answer(answer):
        if answer.endswith('.'):
            answer = answer[:-1]
        answer = answer.split('The answer is ')[-1].strip('$')
        pattern = r"-?\d*\.?\d+"
        number = re.findall(pattern, answer)
        if len(number) == 0:
            return -1
        return number[0]

    return 1.0 if extract_number_from_answer(completion) == str(a * b) else 0.0
