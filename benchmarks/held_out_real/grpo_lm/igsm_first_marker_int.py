"""verify reads the number after the first '=' with a word-bounded regex and int().

Source: czp16/iGSM, igsm_gym/env/util.py, ``extract_final_answer``: ``match =
re.search(r'\\banswer is (\\d+)\\b', text); return int(match.group(1)) if match else None``.
Ported: the course's marker '=' replaces 'answer is'.
"""
SOURCE = "czp16/iGSM igsm_gym/env/util.py (extract_final_answer)"
KIND = "answer extraction: first marker"
CAUSE = r"first '='|LAST '='|int\(|leading zero"

import re


def verify(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    match = re.search(r'=(\d+)\b', completion)
    answer = int(match.group(1)) if match else None
    return 1.0 if answer == a * b else 0.0
