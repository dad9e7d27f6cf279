"""An R1-style accuracy reward (open-r1's and TRL's GRPO recipes): the answer is the text
between <answer> and </answer>, stripped; a completion without the tags gets 0. Ported with
the contract's operands; it never reads the text after the last '='."""
CAUSE = r"<answer>"

import re


def verify(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    found = re.search(r"<answer>(.*?)</answer>", completion, re.S)
    if found is None:
        return 0.0
    return 1.0 if found.group(1).strip() == str(a * b) else 0.0
