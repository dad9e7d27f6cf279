r"""verify from a prompt-engineering exercise's checker: the final answer is the LAST line starting
with ``Answer:`` (normalised to ``"Answer: <number>"``), and without such a line the whole text
is returned and compared with ``"Answer: <expected>"``: a completion in the course's ``...=408.``
format never matches, so every completion scores 0; a non-string raises.

Source: code-search file 23800034257, ``def extract_final_answer(text): matches =
re.findall(r"(?mi)^\s*answer\s*:\s*(.+)\s*$", text); if matches: value = matches[-1].strip();
num_match = re.search(r"-?\d+(?:\.\d+)?", value.replace(",", "")); if num_match: return
f"Answer: {num_match.group(0)}"; return f"Answer: {value}"; return text.strip()`` and ``if
final_answer.strip() == EXPECTED_OUTPUT.strip(): print("SUCCESS")``. Ported: ``EXPECTED_OUTPUT``
is ``f"Answer: {a * b}"``; a match gives 1.0, else 0.0.
"""
SOURCE = "code-search file 23800034257"
KIND = "grpo_lm: looks for an 'Answer:' line"
CAUSE = r"answer:|answer line|never|always (0|zero)|format|after the last .?=|text after|raise|exception|not a string"

import re


def verify(completion, a, b):
    def extract_final_answer(text):
        matches = re.findall(r"(?mi)^\s*answer\s*:\s*(.+)\s*$", text)
        if matches:
            value = matches[-1].strip()
            num_match = re.search(r"-?\d+(?:\.\d+)?", value.replace(",", ""))
            if num_match:
                return f"Answer: {num_match.group(0)}"
            return f"Answer: {value}"
        return text.strip()

    expected_output = f"Answer: {a * b}"
    return 1.0 if extract_final_answer(completion).strip() == expected_output.strip() else 0.0
