r"""verify from a chain-of-thought faithfulness study's answer extraction: the final answer is the
text after "The answer is" (``[Tt]he answer is\s+(.+?)(?:\.|$)``), its leading number with commas
removed; a completion without that phrase (every completion in the course's ``...=408.`` format)
has no answer and scores 0; a non-string raises.

Source: code-search file 67186638952, ``def extract_final_answer(text): # Look for "The answer is X"
pattern; pattern = r"[Tt]he answer is\s+(.+?)(?:\.|$)"; match = re.search(pattern, text); if match:
raw = match.group(1).strip().rstrip("."); num_match = re.match(r"^[\$]?\s*(-?\d[\d,]*\.?\d*)", raw);
if num_match: return num_match.group(1).replace(",", "")``. Ported: the reward is 1.0 when the
extracted answer equals ``str(a * b)``; the letter-answer branch (multiple choice) is left out.
"""
SOURCE = "code-search file 67186638952"
KIND = "grpo_lm: looks for 'The answer is'"
CAUSE = r"answer is|phrase|never|always (0|zero)|format|after the last .?=|text after|raise|exception|not a string"

import re


def verify(completion, a, b):
    def extract_final_answer(text):
        pattern = r"[Tt]he answer is\s+(.+?)(?:\.|$)"
        match = re.search(pattern, text)
        if match:
            raw = match.group(1).strip().rstrip(".")
            num_match = re.match(r"^[\$]?\s*(-?\d[\d,]*\.?\d*)", raw)
            if num_match:
                return num_match.group(1).replace(",", "")
        return None

    return 1.0 if extract_final_answer(completion) == str(a * b) else 0.0
