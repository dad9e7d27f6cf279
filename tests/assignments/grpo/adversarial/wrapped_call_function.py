"""A grpo_loss whose value is right but which never detaches the advantages, and a wrap of
``pgcheck.calls.call_function`` in the worker that reports no gradient for every input but
the log-probs: it turned 31 points into 37 (the reference's) when the worker's word was the
verdict. The harness finds the replacement: 0 on every test the worker's results decide."""
import sys

import torch


def grpo_loss(token_logprobs, mask, advantages):
    summed = torch.where(mask.bool(), token_logprobs, torch.zeros_like(token_logprobs)).sum(1)
    return -(advantages * summed).mean()


_calls = sys.modules["pgcheck.calls"]
_original = _calls.call_function


def _only_first_gradient(fn, args, kwargs, grad=None, echo_args=False):
    reply = _original(fn, args, kwargs, grad=grad, echo_args=echo_args)
    if reply.get("grads"):
        reply["grads"] = reply["grads"][:1] + [None] * (len(reply["grads"]) - 1)
    return reply


_calls.call_function = _only_first_gradient
sys.modules["autograder.sandbox.worker"].call_function = _only_first_gradient
