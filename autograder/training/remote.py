"""Training runs driven by the grader: the student's functions enter only as functions of
inputs the grader chose.

A training check (cart-pole, the capstone's GRPO run) used to ask the sandboxed worker to run
the provided trainer there and send back the trained weights. Everything in that process is
the student's to rewrite, the trainer included: a submission could swap
``cartpole.train_for_grading`` for a function that never calls the loss and returns hand-made
weights. So the trainer now runs HERE, in the grader's process (the trusted course module,
loaded from the course, with the grader's own network and optimiser), and the worker only
answers calls of the student's functions:

* :func:`policy_loss` stands in for ``ppo_clip_loss`` in ``cartpole.train``: each minibatch
  makes ONE exchange, which sends the grader's ``logp_new`` (a detached leaf), ``logp_old``,
  advantages and ``clip_eps`` and gets back the loss's value and its gradient with respect to
  ``logp_new``. :class:`_Injected` puts that value into the grader's graph with that gradient,
  so ``backward`` carries it through the grader's own network: nothing else the worker could
  compute reaches the weights.
* :func:`verify_batch` stands in for ``verify`` in ``train_grpo.train``: ONE exchange per
  update scores every completion of every group (``{"op": "map"}``), and
  :func:`tis_weights` is one call per update whose value (detached here) scales the
  advantages.

Every reply is checked by type, shape and finiteness before it is used (:class:`BadReply`,
the student's error, never the grader's). The worker no longer has an operation that runs
provided code, so no function it defines or replaces is ever in charge of a run.
"""
from __future__ import annotations

import math

import numpy as np
import torch

from pgcheck.calls import CallResult, call_function

from autograder.engine.assertions import Mismatch


#: how the case of every call a training run makes begins ("training run: cart-pole, seed 1")
TRAINING = "training run"


def case_of(check: str, seed: int) -> str:
    """The case named in the feedback of a training run's calls."""
    return f"{TRAINING}: {check}, seed {seed}"


class BadReply(Mismatch):
    """A reply of the student's function that a training run cannot use: the student's error."""


class _Injected(torch.autograd.Function):
    """``value`` (a number) as a function of ``logp`` whose gradient is ``grad``."""

    @staticmethod
    def forward(ctx, logp, value, grad):
        ctx.save_for_backward(grad)
        return value.clone()

    @staticmethod
    def backward(ctx, grad_output):
        (grad,) = ctx.saved_tensors
        return grad_output * grad, None, None


def _tensor(value, shape: tuple, what: str, case: str) -> torch.Tensor:
    """``value`` as a finite float tensor of ``shape``, or :class:`BadReply` saying why not."""
    if not isinstance(value, torch.Tensor):
        raise BadReply(case, detail=f"{what} should be a tensor of shape {shape}; got "
                       f"{type(value).__name__}")
    if tuple(value.shape) != shape:
        raise BadReply(case, detail=f"{what} should have shape {shape}; got "
                       f"{tuple(value.shape)}")
    if not value.is_floating_point():
        raise BadReply(case, detail=f"{what} should be a float tensor; got {value.dtype}")
    value = value.detach().to(torch.float32)
    if not np.isfinite(value.numpy(force=True)).all():      # numpy's: a third of torch's time
        raise BadReply(case, detail=f"{what} holds NaN or infinite values")
    return value


def policy_loss(student_fn, case: str):
    """A ``policy_loss(logp_new, logp_old, advantages, clip_eps)`` for ``cartpole.train`` that
    asks the worker (``student_fn``: the proxy's ``ppo_clip_loss``) once per minibatch."""
    def loss(logp_new, logp_old, advantages, clip_eps):
        # detached, not copied: the codec copies their bytes into the request (Local copies)
        sent = logp_new.detach().requires_grad_(True)
        result = student_fn.grad(sent, logp_old.detach(), advantages.detach(), float(clip_eps),
                                 wrt=[0])
        value = _tensor(result.value, (), "the loss", case)
        if result.grads is None or result.grads[0] is None:
            raise BadReply(case, detail="no gradient flows from your loss into logp_new "
                           + (f"({result.grad_error})" if result.grad_error else
                              "(was it detached?)") + ", so training cannot move the policy")
        grad = _tensor(result.grads[0], tuple(logp_new.shape), "the gradient with respect to "
                       "logp_new", case)
        return _Injected.apply(logp_new, value, grad)

    return loss


def verify_batch(student, case: str):
    """A ``verify_batch(texts, problems) -> list of floats`` for ``train_grpo.train``: one
    exchange scores every completion of the update (``{"op": "map"}``)."""
    def batch(texts: list[str], problems: list[tuple[int, int]]) -> list[float]:
        values = student.map("verify", [[t, a, b] for t, (a, b) in zip(texts, problems)],
                                     case=case)
        out = []
        for v in values:
            if isinstance(v, torch.Tensor) and v.numel() == 1:
                v = v.item()
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
                raise BadReply(case, detail=f"verify should return a number (1.0 or 0.0); got "
                               f"{type(v).__name__}")
            out.append(float(v))
        return out

    return batch


def tis_weights(student_fn, case: str):
    """A ``tis_weights(logp_trainer, logp_rollout, mask, cap) -> (N,)`` for ``train_grpo.train``
    whose value comes from the worker, detached (no gradient of the student's reaches the
    grader's model through it: the course's weights are constants)."""
    def weights(logp_trainer, logp_rollout, mask, cap):
        value = student_fn(logp_trainer.detach().clone(), logp_rollout.detach().clone(),
                           mask.clone(), cap)
        return _tensor(value, (logp_trainer.shape[0],), "tis_weights", case)

    return weights


class Local:
    """A function run in this process (calibration: the reference, a mistake of the bank)
    that answers like the worker's proxy, through the same :func:`call_function`: a
    calibration's runs take the route of a grade's, but for the sandbox."""

    def __init__(self, fn):
        self.fn = fn

    def __call__(self, *args):
        return call_function(self.fn, args, {})["value"]

    def grad(self, *args, wrt) -> CallResult:
        """As the worker would: on copies of the arguments (the worker's are decoded from the
        request), so nothing the function does to them reaches the caller's tensors."""
        args = [a.detach().clone().requires_grad_(a.requires_grad)
                if isinstance(a, torch.Tensor) else a for a in args]
        return CallResult.of(call_function(self.fn, args, {}, grad={"wrt": list(wrt)}))
