r"""verify that looks for a trigger phrase ("the answer is") and otherwise takes the last number
anywhere (``-?\d+\.?\d*``), strips one trailing period and compares the string with the
product: ``408`` with no ``=`` passes, so does ``=408 .`` or ``= 408.``; a completion that is
not a string raises (``.lower()``).

Source: code-search file 24956603245 (a GSM8K few-shot evaluation), ``extract_answer``-style
function: ``completion_lower = completion.lower()``; if ``answer_trigger`` occurs, the first
number after it; else ``numbers = re.findall(r"-?\d+\.?\d*", completion)``, ``answer =
numbers[-1]``, ``if answer.endswith("."): answer = answer[:-1]``, else ``INVALID_ANS``;
``is_correct(model_answer, ground_truth)``: ``model_answer == gt_answer``. Ported: trigger "The
answer is", gold ``str(a * b)``.
"""
SOURCE = "code-search file 24956603245 (answer trigger, else last number)"
KIND = "grpo_lm: last number anywhere"
CAUSE = (r"last (integer|number|digits)|anywhere|without (an? )?['\"]?=|no ['\"]?=|after the last ?=|"
         r"last ['\"]?=|space|whitespace|trigger|raise|not a str")

import re


def verify(completion, a, b):
    INVALID_ANS = "[invalid]"

    def extract_answer(completion, answer_trigger="The answer is"):
        completion_lower = completion.lower()
        trigger_lower = answer_trigger.lower()
        if trigger_lower in completion_lower:
            parts = completion_lower.split(trigger_lower)
            if len(parts) > 1:
                after_trigger = parts[1]
                numbers = re.findall(r"-?\d+\.?\d*", after_trigger)
                if numbers:
                    answer = numbers[0]
                    if answer.endswith("."):
                        answer = answer[:-1]
                    return answer
        numbers = re.findall(r"-?\d+\.?\d*", completion)
        if numbers:
            answer = numbers[-1]
            if answer.endswith("."):
                answer = answer[:-1]
            return answer
        return INVALID_ANS

    return 1.0 if extract_answer(completion) == str(a * b) else 0.0
