"""verify with an answer extractor that returns the last integer/float anywhere in the output and,
when there is none, the whole stripped text; the answer is compared as a string, so no ``=`` is
needed ("408" alone and any text ending in 408 score 1.0), "= 408." (a space) scores 1.0, and a
completion that is not a string raises (a falsy one returns "").

Source: code-search file 21617854092, ``def extract_final_answer(model_output): if not
model_output: return ""; matches = re.findall(r"-?\d+(?:\.\d+)?", model_output); if matches:
return matches[-1]  # last number is often the final answer; return model_output.strip()``.
Ported: 1.0 when the extracted string equals ``str(a * b)``.
"""
SOURCE = "code-search file 21617854092 (extract_final_answer, last number or the stripped text)"
KIND = "grpo_lm: last number anywhere, no '=' needed"
CAUSE = r"last number|any number|anywhere|without (an? )?.?=|no .?=|after the last|=|space|raise|exception|not a string"

import re


def verify(completion, a, b):
    def extract_final_answer(model_output):
        if not model_output:
            return ""
        matches = re.findall(r"-?\d+(?:\.\d+)?", model_output)
        if matches:
            return matches[-1]
        return model_output.strip()

    return 1.0 if extract_final_answer(completion) == str(a * b) else 0.0
