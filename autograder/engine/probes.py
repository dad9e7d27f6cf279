"""Gradients checked against the function's own values, on the grader's side.

A gradient test (``compare.grad``) gets the student's gradient from the worker: autograd runs
there, inside the process the submission controls, and the number that comes back is the
worker's word. The harness (:mod:`autograder.sandbox.harness`) notices the functions it watches
being replaced, but not a forgery it does not watch (a custom ``backward``, an answer
memorised for the test's input, a worker that lies in a way the harness misses). So once a
reported gradient has matched the reference's, the grader checks it against numbers it can
verify: the student's function's VALUES at inputs the grader perturbs.

For each of :data:`DIRECTIONS` random directions ``d`` (drawn here, unknown to the worker) over
the float inputs whose gradient is due (the reference's is not zero; an input the reference
detaches keeps its value, since "no gradient flows" is a property of the graph, not of the
values), the function is evaluated at ``x + h d``, ``x + h d / 2``, ``x - h d / 2`` and
``x - h d`` (:data:`OFFSETS`), the points of both directions in one exchange
(``student.map``). The central difference of the outer two must agree with the reported
gradient's directional derivative ``g . (x+ - x-)``; the inner two tell a smooth function from
a kink without trusting the value at ``x`` itself (a function that answers the graded input
from memory jumps there). Step and tolerance (:func:`verdict`):

* ``h`` = :data:`STEP` times the larger of 1 and the input's largest entry, so no entry moves
  by more than 0.1 % of its scale (PPO's clip band at 0.8 / 1.2 is 1 % away in the suites'
  ratios) and float32 inputs still move by thousands of their rounding steps;
* the tolerance is :data:`RTOL` of the sum of the gradient's absolute contributions, plus the
  noise float32 arithmetic anywhere in the function could leave in the values (assumed even for
  float64 answers), plus four times the bend seen across the step (what a kink too small to
  be called one can do to a central difference);
* a probe is not informative, and is skipped, when the values bend across the step more than a
  smooth function would (a kink: a clipping boundary, a max or min within the step), when that
  float32 noise alone is too large, when the function raises or answers something that is no
  number at a probe point, or when the REFERENCE's own values, on the same points, do not agree
  with the reference's own gradient (computed here, no exchange). Only a conclusive
  disagreement accuses.

A disagreement is a forged gradient (:class:`ForgedGradient`): the test scores 0 and so does
every gradient test of the same function (:mod:`.plugin`), with one sentence saying that the
reported gradient does not match the function's own values; the session records a
:data:`~autograder.records.events.Kind.TAMPERED` event. What this cannot catch: a forger that
knows it is being probed and answers the probes consistently with its forged gradient (it
must then compute values it was never shown), and a gradient left unprobed because every
direction was skipped (docs/security.md, "Which results are the student's process's word, and
what protects them").
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass

import torch

from pgcheck.assertions import Mismatch
from pgcheck.calls import clone

#: random directions probed per gradient comparison
DIRECTIONS = 2
#: the step, relative to the larger of 1 and the input's largest entry
STEP = 1e-3
#: the agreement asked of a conclusive probe, relative to the sum of |g_i d_i|
RTOL = 1e-2
#: float32's machine epsilon: the rounding assumed anywhere in a student's function
EPS32 = float(torch.finfo(torch.float32).eps)
#: a probe whose values bend by more than this fraction of the gradient's scale is not smooth
KINK = 5e-2

SENTENCE = ("the reported gradient does not match your function's own values: along a "
            "direction the grader chose, your function's values change at a rate of {seen:.4g}, "
            "while the gradient reported from your code says {said:.4g} (finite differences, "
            "step {h:.1g}), so this gradient cannot be trusted")


class ForgedGradient(Mismatch):
    """A reported gradient that the function's own values contradict."""


#: the points of a probe, in steps along its direction: the outer two give the central
#: difference, the inner two tell a smooth function from a kink without the value at x
OFFSETS = (1.0, 0.5, -0.5, -1.0)


@dataclass(frozen=True)
class Probe:
    """One direction: the arguments at ``x + o h d`` for each ``o`` of :data:`OFFSETS` (the
    first at ``x + h d``, the last at ``x - h d``)."""

    points: list
    step: float


def _due(args, wrt, reference_grads) -> list[int]:
    """Positions among ``wrt`` of the float tensor arguments whose reference gradient is not 0."""
    def due(x, grad) -> bool:
        return (isinstance(x, torch.Tensor) and x.is_floating_point() and x.numel() > 0
                and bool(torch.isfinite(x).any()) and isinstance(grad, torch.Tensor)
                and bool((grad != 0).any()))
    return [k for k, (key, grad) in enumerate(zip(wrt, reference_grads))
            if isinstance(key, int) and 0 <= key < len(args) and due(args[key], grad)]


def probes(args, wrt, due: list[int], generator: torch.Generator) -> list[Probe]:
    """:data:`DIRECTIONS` random probes over the arguments ``wrt[k]`` for ``k`` in ``due``."""
    out = []
    for _ in range(DIRECTIONS):
        points = [list(args) for _ in OFFSETS]
        steps = []
        for k in due:
            x = args[wrt[k]].detach()
            d = torch.randn(x.shape, generator=generator, dtype=torch.float64)
            d = torch.where(torch.isfinite(x), d, torch.zeros_like(d))   # -inf padding stays
            d = d / d.abs().max().clamp_min(1e-300)
            h = STEP * _largest(x)
            steps.append(h)
            for side, offset in zip(points, OFFSETS):
                moved = (x.to(torch.float64) + offset * h * d)
                moved = torch.where(torch.isfinite(x), moved, x.to(torch.float64)).to(x.dtype)
                side[wrt[k]] = moved.requires_grad_(args[wrt[k]].requires_grad)
        out.append(Probe(points, max(steps)))
    return out


def scalar(value, output, grad_output) -> float | None:
    """The number whose gradient was asked for (``value[output]`` weighted by ``grad_output``,
    as :func:`pgcheck.calls.call_function` does), or None when ``value`` does not give one."""
    try:
        out = value if output is None else value[output]
        if not isinstance(out, torch.Tensor) or not out.is_floating_point():
            return None
        out = out.detach().to(torch.float64)
        if grad_output is not None:
            weights = torch.as_tensor(grad_output).detach().to(torch.float64)
            if tuple(weights.shape) != tuple(out.shape):
                return None
            out = (out * weights).sum()
        if out.numel() != 1:
            return None
        number = float(out)
    except Exception:  # noqa: BLE001 - whatever the worker sent: not a number, no probe
        return None
    return number if number == number and abs(number) != float("inf") else None


def predicted(probe: Probe, args, wrt, due, grads) -> tuple[float, float]:
    """(``g . (x+ - x-)``, the sum of ``|g_i (x+ - x-)_i|``) of reported gradients ``grads``."""
    total, scale = 0.0, 0.0
    for k in due:
        g = grads[k]
        if g is None:
            g = torch.zeros(())
        if not isinstance(g, torch.Tensor) or g.shape != args[wrt[k]].shape:
            return float("nan"), 0.0
        moved = (probe.points[0][wrt[k]].detach().to(torch.float64)
                 - probe.points[-1][wrt[k]].detach().to(torch.float64)).nan_to_num(0.0)
        g = g.detach().to(torch.float64).nan_to_num(0.0)
        total += float((g * moved).sum())
        scale += float((g * moved).abs().sum())
    return total, scale


def verdict(values: list[float], said: float, scale: float, size: float) -> bool | None:
    """True: the values at a probe's points (:data:`OFFSETS`) agree with the gradient's
    prediction ``said`` of ``f(x + h d) - f(x - h d)``; False: they contradict it; None: the
    probe is not informative. ``scale`` is the sum of the gradient's absolute contributions to
    ``said``, ``size`` the largest argument entry moved."""
    if not scale > 0:
        return None
    far_plus, near_plus, near_minus, far_minus = values
    seen = far_plus - far_minus
    # a smooth function's outer half-steps differ by about h^2 f'' d^2; a kink, by far more
    bend = abs((far_plus - near_plus) - (near_minus - far_minus))
    noise = 8 * EPS32 * (max(abs(v) for v in values) + scale / 2 * size / STEP)
    if bend > KINK * scale + noise or noise > 0.1 * scale:
        return None
    return abs(seen - said) <= RTOL * scale + noise + 4 * bend


def check(values_at, reference_fn, args, wrt, result, expected, *, output, grad_output,
          case: str) -> None:
    """Raise :class:`ForgedGradient` when the student's values at the grader's probes
    contradict its reported gradient ``result.grads`` (see the module docstring).
    ``values_at(items)`` answers the student's values on a list of argument lists, in one
    exchange; ``expected`` is the reference's reply on ``args``."""
    due = _due(args, wrt, expected.grads or [])
    if not due or not isinstance(result.grads, list) or len(result.grads) != len(wrt):
        return
    generator = torch.Generator().manual_seed(secrets.randbits(62))
    size = max(_largest(args[wrt[k]].detach()) for k in due)
    chosen = []
    for probe in probes(args, wrt, due, generator):
        said_ref, scale_ref = predicted(probe, args, wrt, due, expected.grads)
        try:
            with torch.no_grad():
                ref = [scalar(reference_fn(*clone(p)), output, grad_output)
                       for p in probe.points]
        except Exception:  # noqa: BLE001 - the reference refuses the probe: not informative
            continue
        if None in ref or not verdict(ref, said_ref, scale_ref, size):
            continue    # the math itself makes this direction uninformative here
        chosen.append(probe)
    if not chosen:
        return
    items = [p for probe in chosen for p in probe.points]
    try:
        values = values_at(items)
    except Exception:  # noqa: BLE001 - raised or refused at a probe point: no verdict here
        return
    if not isinstance(values, list) or len(values) != len(items):
        return
    n = len(OFFSETS)
    for i, probe in enumerate(chosen):
        got = [scalar(v, output, grad_output) for v in values[n * i:n * (i + 1)]]
        if None in got:
            continue
        said, scale = predicted(probe, args, wrt, due, result.grads)
        if verdict(got, said, scale, size) is False:
            h = probe.step
            raise ForgedGradient(case, detail=SENTENCE.format(
                seen=(got[0] - got[-1]) / (2 * h), said=said / (2 * h), h=h))


def _largest(x: torch.Tensor) -> float:
    """The larger of 1 and the largest finite entry of ``x``, in absolute value."""
    finite = x[torch.isfinite(x)]
    return max(1.0, float(finite.abs().max()) if finite.numel() else 1.0)
