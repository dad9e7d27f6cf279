r"""verify from a GSM8K training utility's ``extract_final_answer``: the answer is the text after a
``####`` marker, stripped of spaces and trailing punctuation; without the marker it is the empty
string, so a completion in the course's ``...=408.`` format always scores 0; a non-string that is
truthy raises.

Source: code-search file 39886072, ``def extract_final_answer(text): if not text: return ""; match
= re.search(r"####\s*(.+)", text); if match: ans = match.group(1).strip(); ans =
ans.strip(".，。；;"); return ans else: return ""``. Ported: the reward is 1.0 when the extracted
answer equals ``str(a * b)``, else 0.0.
"""
SOURCE = "code-search file 39886072"
KIND = "grpo_lm: looks for a #### marker (stripped)"
CAUSE = r"####|marker|gsm8k|never|always (0|zero)|format|after the last .?=|text after|raise|exception|not a string"

import re


def verify(completion, a, b):
    def extract_final_answer(text):
        if not text:
            return ""
        match = re.search(r"####\s*(.+)", text)
        if match:
            ans = match.group(1).strip()
            ans = ans.strip(".，。；;")
            return ans
        else:
            return ""

    return 1.0 if extract_final_answer(completion) == str(a * b) else 0.0
