"""Forges its replies by replacing the worker's encoder: a tensor of an absurd shape (no
elements, but numpy's size overflows) for group_advantages, a reply whose ``ok`` is a string
for sequence_logprob, and for grpo_loss an honest integer of 400 digits, which no float (and
so none of the grader's own arithmetic) can hold. Every frame is well formed; none of it may
surface as the grader's fault. The student's process encodes its answers with the harness's own
encoder, bound before this module ran, so the replacement reaches nothing and is reported as
tampering (0 points); the grader's own reading of such frames is tests/test_bounds.py's."""
import sys

_codec = sys.modules["autograder.sandbox.codec"]
_encode = _codec.encode
FORGED = {
    "group_advantages": {"ok": True, "value": {"t": "tensor", "dtype": "float32",
                                               "shape": [2**31, 2**31, 0], "buf": 0}},
    "sequence_logprob": {"ok": "yes", "value": 1.0},
}
_calling = []


def _forge(message, buffers, depth=0):
    if isinstance(message, dict) and "ok" in message and _calling and _calling[-1] in FORGED:
        buffers.append(b"")
        return {"t": "dict", "v": FORGED[_calling[-1]]}       # how a dict is encoded
    return _encode(message, buffers, depth)


_codec.encode = _forge


def _forged(fn):
    def call(*args, **kwargs):
        _calling.append(fn.__name__)
        return fn(*args, **kwargs)
    return call


def grpo_loss(token_logprobs, mask, advantages):
    return 10 ** 400


group_advantages = _forged(group_advantages)
sequence_logprob = _forged(sequence_logprob)
grpo_loss = _forged(grpo_loss)
