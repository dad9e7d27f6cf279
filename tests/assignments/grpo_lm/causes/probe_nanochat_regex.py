"""nanochat's GSM8K answer regex (tasks/gsm8k.py: GSM_RE = r"#### (\-?[0-9\.\,]+)", the match
stripped and its commas dropped), ported to '=' with re.findall, the last match taken, spaces
allowed after the '=' and a final '.' stripped: whatever follows the number is ignored
('=408 apples.', '=408+0.'), and so are commas and a space before it."""
CAUSE = r"ignores what follows the right number"

import re

def verify(completion, a, b):
    found = re.findall(r"=\s*(\-?[0-9\.\,]+)", completion) if type(completion) is str else ()
    answer = found[-1].strip().replace(",", "").rstrip(".") if found else None
    return 1.0 if answer == str(a * b) else 0.0
