r"""verify by a GSM8K reward's "last number" extraction: ``re.findall("(\-?[0-9\.\,]+)")`` takes
runs of digits, dots and commas, so the answer "=408." is read as the string "408." (the final dot
kept) and compared as a string with "408": a correct, worked completion scores 0.0; "408" alone or
a trailing "408" with no "=" scores 1.0, and so does the last number of any text; a completion that
is not a string raises.

Source: code-search file 33333233240, a small reward module: ``def reward(completion, solution):
model_answer = re.findall("(\\-?[0-9\\.\\,]+)", completion); if len(model_answer) == 0: return 0.0;
else: invalid_str = ["", "."]; for final_answer in reversed(model_answer): if final_answer not in
invalid_str: break; if final_answer == solution: return 1.0 else: return 0.0``. Ported: ``solution =
str(a * b)``.
"""
SOURCE = "code-search file 33333233240 (reward(completion, solution), last run of digits and dots)"
KIND = "grpo_lm: trailing dot kept in the answer"
CAUSE = r"(trailing|final|optional) (\.|dot|period|full stop)|\"408\.\"|408\.|dot|period|full stop|correct (completion|answer)|false negative|last (integer|number)|any number|anywhere|without (an? )?.?=|no .?=|raise|exception|not a string"

import re


def verify(completion, a, b):
    def reward(completion, solution):
        model_answer = re.findall("(\\-?[0-9\\.\\,]+)", completion)
        if len(model_answer) == 0:
            return 0.0
        else:
            invalid_str = ["", "."]
            for final_answer in reversed(model_answer):
                if final_answer not in invalid_str:
                    break
            if final_answer == solution:
                return 1.0
            else:
                return 0.0

    return reward(completion, str(a * b))
