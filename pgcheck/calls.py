"""One function call, optionally with gradients: shared by the grader's worker and local checks.

The grader's worker runs it on the student's functions inside its sandbox; a
notebook or ``check.py`` runs it in the student's own Python
(:mod:`pgcheck.runner`), so the public checks behave the same in both places.
A ``.grad(...)`` call of either kind answers with a :class:`CallResult`; :func:`clone`
copies the arguments of a call made twice (student and reference, a replay).
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class CallResult:
    """What ``student.fn.grad(...)`` / ``student.fn.echo(...)`` return."""

    value: object
    grads: list | None = None           #: one gradient per ``wrt`` entry; None: none flows
    grad_error: str | None = None       #: why no gradient came back at all
    args_after: list = field(default_factory=list)      #: the arguments after the call
    kwargs_after: dict = field(default_factory=dict)
    #: per ``wrt`` entry: whether the output's graph reaches it through torch's own backward
    #: nodes (the grader's worker says; None: not said)
    reached: tuple | None = None

    @classmethod
    def of(cls, reply: dict) -> CallResult:
        """The result of a :func:`call_function` reply (a call made in this process)."""
        return cls(reply["value"], reply.get("grads"), reply.get("grad_error"),
                   reply.get("args_after", []), reply.get("kwargs_after", {}))


def clone(value):
    """A deep copy of call arguments (tensors keep ``requires_grad``): what a caller that
    calls twice on the same inputs hands each call."""
    import torch

    if isinstance(value, torch.Tensor):
        return value.detach().clone().requires_grad_(value.requires_grad)
    if isinstance(value, (list, tuple)):
        return type(value)(clone(v) for v in value)
    if isinstance(value, dict):
        return {k: clone(v) for k, v in value.items()}
    return value


def _pick(args, kwargs, key):
    return args[key] if isinstance(key, int) else kwargs[key]


def _weighted(out, grad_output):
    """The scalar whose gradient is the vector-Jacobian product ``grad_output`` · d out.

    Same numbers as ``torch.autograd.grad(out, ..., grad_outputs=grad_output)``,
    without its first-call import of torch's symbolic-shape machinery (sympy,
    0.4 s: the fork server paid it while warming up, on the critical path of
    every grading run's start, and the grader again on its first such check).
    """
    if grad_output is None:
        return out      # a scalar output: torch.autograd.grad's own default of 1
    if tuple(grad_output.shape) != tuple(out.shape):
        raise ValueError(f"returned a tensor of shape {tuple(out.shape)}; this check expects "
                         f"shape {tuple(grad_output.shape)}")
    return (out * grad_output).sum()


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
            reply["grads"] = list(torch.autograd.grad(_weighted(out, grad.get("grad_output")),
                                                      inputs, allow_unused=True))
    if echo_args:
        reply["args_after"], reply["kwargs_after"] = args, kwargs
    return reply
