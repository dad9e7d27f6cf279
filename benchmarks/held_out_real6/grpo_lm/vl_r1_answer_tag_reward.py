"""verify with a VL-R1 training script's correctness reward: the answer is whatever sits between
``<answer>`` and ``</answer>`` tags; the worked format has no such tags, so every completion,
correct or not, has no answer and scores 0.0 (a tagged mismatch would even score -1.0).

Source: nfsrules/qwen2.5VL-R1 src/training/rewards.py, ``def extract_answer(text): match =
re.search(r"<answer>(.*?)</answer>", text, re.DOTALL); return match.group(1).strip() if match else
None``; ``def reward_correct_answer(prompts=None, completions=None, **kwargs): ... expected =
extract_answer(prompt[-1]["content"]); predicted = extract_answer(completion[0]["content"]); if
predicted is None or expected is None: rewards.append(0.0) elif predicted == expected:
rewards.append(1.0) else: rewards.append(-1.0)``. Ported: ``expected`` is ``str(a * b)`` (the
prompt's answer), ``predicted`` is extracted from the completion string.
"""
SOURCE = "nfsrules/qwen2.5VL-R1 src/training/rewards.py"
KIND = "grpo_lm: answer expected inside tags the format lacks"
CAUSE = r"<answer>|tag|always 0|never|every completion|correct (completion|answer)|false negative|-1|after the last|last .?="

import re


def verify(completion, a, b):
    def extract_answer(text):
        match = re.search(r"<answer>(.*?)</answer>", text, re.DOTALL)
        return match.group(1).strip() if match else None

    expected = str(a * b)
    predicted = extract_answer(completion)
    if predicted is None or expected is None:
        return 0.0
    elif predicted == expected:
        return 1.0
    else:
        return -1.0
