"""One function call, optionally with gradients: shared by the worker and local checks.

The worker runs it on the student's functions inside the sandbox; a notebook
runs it in the student's own kernel (``checking.run_checks``), so the public
checks behave the same in both places.
"""
from __future__ import annotations


def _pick(args, kwargs, key):
    return args[key] if isinstance(key, int) else kwargs[key]


def call_function(fn, args, kwargs, grad=None, echo_args=False) -> dict:
    """``{"ok": True, "value": fn(*args, **kwargs)}``, plus ``grads`` when ``grad`` asks.

    ``grad = {"wrt": [positions or names], "output": index or None,
    "grad_output": tensor or None}``; a ``None`` gradient means none flows.
    """
    import torch

    args, kwargs = list(args), dict(kwargs)
    value = fn(*args, **kwargs)
    reply = {"ok": True, "value": value}
    if grad:
        out = value if grad.get("output") is None else value[grad["output"]]
        inputs = [_pick(args, kwargs, key) for key in grad["wrt"]]
        if not isinstance(out, torch.Tensor) or not out.requires_grad:
            reply["grads"] = None
            reply["grad_error"] = "the output carries no gradient (was it detached?)"
        else:
            reply["grads"] = list(torch.autograd.grad(out, inputs,
                                                      grad_outputs=grad.get("grad_output"),
                                                      allow_unused=True))
    if echo_args:
        reply["args_after"], reply["kwargs_after"] = args, kwargs
    return reply
