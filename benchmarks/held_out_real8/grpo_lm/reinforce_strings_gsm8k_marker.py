r"""verify from a REINFORCE-for-LLMs repository's string utilities: the answer is the number after
a GSM8K ``#### `` marker (``#### (\-?[0-9\.\,]+)``, commas removed) and anything without the marker
is ``"[invalid]"``: a completion in the course's format (``...=408.``) never has the marker, so
every completion, right or wrong, scores 0; a non-string raises.

Source: samGende/Reinforce utils/strings.py, ``ANS_RE = re.compile(r"#### (\-?[0-9\.\,]+)");
INVALID_ANS = "[invalid]"; def extract_answer(completion): match = ANS_RE.search(completion); if
match: match_str = match.group(1).strip(); match_str = match_str.replace(",", ""); return match_str
else: return INVALID_ANS``. Ported: the reward compares the extracted string with ``str(a * b)``,
1.0 or 0.0.
"""
SOURCE = "samGende/Reinforce utils/strings.py"
KIND = "grpo_lm: looks for a #### marker"
CAUSE = r"####|marker|gsm8k|never|always (0|zero)|format|after the last .?=|text after|raise|exception|not a string"

import re

ANS_RE = re.compile(r"#### (\-?[0-9\.\,]+)")
INVALID_ANS = "[invalid]"


def verify(completion, a, b):
    def extract_answer(completion):
        match = ANS_RE.search(completion)
        if match:
            match_str = match.group(1).strip()
            match_str = match_str.replace(",", "")
            return match_str
        else:
            return INVALID_ANS

    return 1.0 if extract_answer(completion) == str(a * b) else 0.0
