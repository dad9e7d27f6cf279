"""verl's GSM8K reward, flexible mode (verl/utils/reward_score/gsm8k.py, extract_solution with
method="flexible"): every run of digits, dots and commas in the text, the last one that is not
'' or '.', commas dropped; ported to this contract with a second deviation, a final '.'
stripped (rstrip). It takes the last number anywhere in the text, so '408.' with no '=' and
'=398. So 408' pass."""
CAUSE = r"anywhere in the text"

import re


def verify(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    found = [x for x in re.findall(r"(\-?[0-9\.\,]+)", completion) if x not in ("", ".")]
    if not found:
        return 0.0
    answer = found[-1].replace(",", "").rstrip(".")
    return 1.0 if answer == str(a * b) else 0.0
