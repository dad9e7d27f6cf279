"""Replaces the worker's ``describe`` so that every exception comes back with a huge type name,
message and traceback: 15 MB for group_advantages, and for the other two just under what the
grader accepts, different on every call and made of the characters that grow most when
escaped (astral characters, quotes, control characters, markup); and prints invalid UTF-8.
Caps applied inside the worker count for nothing: the grader must cut these itself, and one
student's files must stay small."""
import sys

_worker = sys.modules["autograder.sandbox.worker"]
_calls = [0]
_NASTY = "\U0001d518\"<\x01&'`\\"


def _describe(exc):
    _calls[0] += 1
    if "huge" in str(exc):
        return {"type": "T" * 1000, "message": "m" * 15_000_000, "traceback": ""}
    text = f"{_calls[0]}:" + _NASTY * 3_000
    return {"type": text[:3000], "message": text, "traceback": text}


_worker.describe = _describe


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    raise ValueError("huge")


def sequence_logprob(token_logprobs, mask):
    sys.stdout.buffer.write(b"\xff\xfe\"<" * 100_000)
    sys.stdout.flush()
    raise ValueError("fits")


def grpo_loss(token_logprobs, mask, advantages):
    raise ValueError("fits")
