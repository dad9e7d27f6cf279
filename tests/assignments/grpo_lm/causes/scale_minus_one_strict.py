"""A reward that penalises a wrong answer with -1.0 (as some GRPO recipes do, to push the
policy away from it), otherwise exactly the contract's parser; float32-free, no other slip."""
CAUSE = r"-1(\.0)? for a wrong answer|returns -1"


def verify(completion, a, b):
    if not isinstance(completion, str) or "=" not in completion:
        return -1.0
    answer = completion.rsplit("=", 1)[1]
    if answer.endswith("."):
        answer = answer[:-1]
    return 1.0 if answer == str(a * b) else -1.0
