r"""verify that gives partial credit and reads the last integer anywhere: the number after "Final
Answer:" if present, else the last ``-?\d+`` of the completion, compared as an int (so leading
zeros, a trailing ``.5`` or text after it do not matter), and any parseable wrong integer
scores 0.1 instead of 0.0; a completion that is not a string raises.

Source: code-search file 58599329649 (an RLVR sample's ``task.py``): ``_FINAL_ANSWER_RE =
re.compile(r"Final Answer:\s*(-?\d+)", re.IGNORECASE)``, ``_ANSWER_RE = re.compile(r"-?\d+")``,
``extract_answer``: the final-answer match, else ``int(matches[-1])``; ``verify_reward(
completion_text, gold_answer)``: ``None`` -> 0.0, equal -> 1.0, else ``return 0.1`` ("partial
credit for following the format"). Ported: ``gold_answer = a * b``.
"""
SOURCE = "code-search file 58599329649 (task.py verify_reward, partial credit)"
KIND = "grpo_lm: partial credit + last integer anywhere"
CAUSE = (r"0\.1|partial|neither 0 nor 1|not (0|1)\.0|other than 0|last (integer|number)|anywhere|"
         r"after the last ?=|last ['\"]?=|leading zero|trailing|raise|not a str")

import re


def verify(completion, a, b):
    _FINAL_ANSWER_RE = re.compile(r"Final Answer:\s*(-?\d+)", re.IGNORECASE)
    _ANSWER_RE = re.compile(r"-?\d+")

    def extract_answer(completion_text):
        final = _FINAL_ANSWER_RE.search(completion_text)
        if final:
            return int(final.group(1))
        matches = _ANSWER_RE.findall(completion_text)
        if not matches:
            return None
        try:
            return int(matches[-1])
        except ValueError:
            return None

    gold_answer = a * b
    predicted = extract_answer(completion)
    if predicted is None:
        return 0.0
    if predicted == gold_answer:
        return 1.0
    return 0.1
