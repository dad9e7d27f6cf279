"""Diagnoses computed from the reference's own answer, where no replay of a known mistake can
work (the mistake has too many forms: any eps, any axis, any pair of tensors).

Each diagnosis looks at the student's wrong answer next to the reference's and says something
only when the numbers fit one specific story exactly:

* the answer is the reference's answer standardised (its mean taken out, divided by its
  standard deviation): normalising inside the function, as training loops often do; never
  said of a call that asks for standardising (an argument such as ``normalize_std=True``:
  the answer then is standardised, and the difference lies elsewhere);
* the answer's shape is what broadcasting two of the inputs gives, one of them as a column
  (a ``(T,)`` tensor times a ``(T, 1)`` one is ``(T, T)``), and is neither one's own shape (a
  ``(B,)`` answer where a scalar is asked is a mean left out, not a broadcast);
* the answer is the reference's answer computed with another ``eps`` than the one passed in
  (a hard-coded eps);
* a float64 answer within float32 precision but not float64's: float32 rounding is named only
  where it reproduces the answer (:func:`float32_reproduces`), since a small constant of the
  student's own (an extra eps) moves an answer by as little.
"""
from __future__ import annotations

import inspect
import itertools

import torch

from autograder.engine.assertions import TOLERANCES
from pgcheck.assertions import rounding_diagnosis, rounding_shows

#: eps values students hard-code
COMMON_EPS = (0.0, 1e-10, 1e-8, 1e-6, 1e-5, 1e-4, 1e-3)


def _close(a, b) -> bool:
    rtol, atol = TOLERANCES[torch.float32]
    return (isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor) and a.shape == b.shape
            and bool(torch.allclose(a.detach().double(), b.detach().double(), rtol=rtol, atol=atol)))


def standardised(actual, expected) -> str:
    """The answer is ``(ref - mean) / (std + small eps)``, over the whole tensor or per column."""
    if not (isinstance(actual, torch.Tensor) and isinstance(expected, torch.Tensor)
            and actual.shape == expected.shape and expected.numel() >= 3
            and expected.is_floating_point()):
        return ""
    ref = expected.detach().double()
    dims = [None] + ([0] if ref.dim() > 1 else [])
    for dim, unbiased in itertools.product(dims, (True, False)):
        kw = {} if dim is None else {"dim": dim, "keepdim": True}
        if unbiased and (ref.numel() if dim is None else ref.shape[dim]) < 2:
            continue                    # one value: no unbiased spread (torch would warn)
        std = ref.std(unbiased=unbiased, **kw)
        if bool((std < 1e-6).any()):
            continue
        for eps in (0.0, 1e-8, 1e-6, 1e-5):
            if _close(actual, (ref - ref.mean(**kw)) / (std + eps)):
                where = "" if dim is None else " (per column)"
                return ("your answer is the right answer standardised (mean 0, standard "
                        f"deviation 1{where}): this function must return the values themselves; "
                        "normalising them is a separate step of a training loop, not part of it")
    return ""


def broadcast_shape(actual, expected, args) -> str:
    """The answer's shape is the broadcast of two of the inputs' shapes, one made a column."""
    if not (isinstance(actual, torch.Tensor) and isinstance(expected, torch.Tensor)
            and actual.shape != expected.shape):
        return ""
    shapes = {tuple(a.shape) for a in args if isinstance(a, torch.Tensor)} | {tuple(expected.shape)}
    for a, b in itertools.product(shapes, repeat=2):
        for column in (b + (1,), (1,) + b):
            if tuple(actual.shape) in (a, column):
                continue        # an operand's own shape: nothing was broadcast (no mean taken)
            try:
                if tuple(torch.broadcast_shapes(a, column)) == tuple(actual.shape):
                    return (f"shape {tuple(actual.shape)} is what broadcasting a {a} tensor "
                            f"with a {column} one gives: a column (x[:, None], "
                            "unsqueeze(-1), keepdim=True) met a row; keep both operands "
                            "the same shape")
            except RuntimeError:
                continue
    return ""


def other_eps(reference_fn, args, kwargs, actual, expected) -> str:
    """The answer is the reference's with another ``eps`` than the one passed in."""
    try:
        bound = inspect.signature(reference_fn).bind(*args, **kwargs)
    except (TypeError, ValueError):
        return ""
    if "eps" not in inspect.signature(reference_fn).parameters:
        return ""
    bound.apply_defaults()
    given = bound.arguments["eps"]
    fitting = []
    for eps in COMMON_EPS:
        if eps == given:
            continue
        try:
            other = reference_fn(**dict(bound.arguments, eps=eps))
        except Exception:  # noqa: BLE001 - our reference refuses that eps: no story
            continue
        if _close(actual, other) and not _close(other, expected):
            fitting.append(f"{eps:g}")
    if not fitting:
        return ""
    values = f"= {fitting[0]}" if len(fitting) == 1 else f"between {fitting[0]} and {fitting[-1]}"
    return (f"your answer is what eps {values} gives, not the eps = {given:g} passed in: "
            "use the eps argument (is a value hard-coded?)")


#: the words of an argument that asks the function itself to standardise its answer
ASKS_TO_STANDARDISE = ("normali", "standardi", "whiten")


def asks_to_standardise(reference_fn, args, kwargs) -> bool:
    """The call sets an argument named for standardising (``normalize_std=True``) to True."""
    try:
        named = inspect.signature(reference_fn).bind(*args, **kwargs).arguments
    except (TypeError, ValueError):
        named = kwargs
    return any(v is True for k, v in named.items()
               if any(w in k.lower() for w in ASKS_TO_STANDARDISE))


def diagnose(reference_fn, args, kwargs, actual, expected) -> str:
    """The first diagnosis that fits a wrong answer exactly, or ''. Tuples are looked at
    item by item."""
    asked = asks_to_standardise(reference_fn, args, kwargs)

    def standard(got, want):
        return "" if asked else standardised(got, want)

    if isinstance(expected, (tuple, list)) and isinstance(actual, (tuple, list)):
        texts = (broadcast_shape(got, want, args) or standard(got, want)
                 for got, want in zip(actual, expected))
        return next(filter(None, texts), "")
    return (broadcast_shape(actual, expected, args) or standard(actual, expected)
            or other_eps(reference_fn, args, kwargs, actual, expected))


#: a float32 story reproduces an answer when it lies this much closer to it than the reference
REPRODUCED = 0.25


def _rounded(value, dtype=torch.float64):
    """``value`` rounded to float32 (a float64 tensor or a Python float; else itself), kept
    in ``dtype`` (float64: the rounding alone; float32: the arithmetic too)."""
    if isinstance(value, torch.Tensor) and value.dtype == torch.float64:
        return value.detach().float().to(dtype)
    if isinstance(value, float) and not isinstance(value, bool):
        return float(torch.tensor(value, dtype=torch.float32))
    return value


def float32_stories(reference_fn, args, kwargs):
    """The reference's answers with float32 rounding: each floating input alone, then all of
    them, rounded to float32 (float64 arithmetic after), then made float32 (float32
    arithmetic wherever they meet no float64 tensor)."""
    names = [("a", i) for i, v in enumerate(args) if _rounded(v) is not v] + \
        [("k", k) for k, v in kwargs.items() if _rounded(v) is not v]
    choices = [{n} for n in names] + ([set(names)] if len(names) > 1 else [])
    for dtype in (torch.float64, torch.float32):
        for chosen in choices:
            try:
                answer = reference_fn(*[_rounded(v, dtype) if ("a", i) in chosen else v
                                        for i, v in enumerate(args)],
                                      **{k: _rounded(v, dtype) if ("k", k) in chosen else v
                                         for k, v in kwargs.items()})
            except Exception:  # noqa: BLE001 - the reference refuses this mix of dtypes
                continue
            yield answer


def _flat(answer) -> torch.Tensor:
    """Every number of an answer (a tensor, or a tuple of them), float64, in one row."""
    if isinstance(answer, (tuple, list)):
        return torch.cat([_flat(a) for a in answer]) if answer else torch.zeros(0)
    return answer.detach().double().reshape(-1)


def float32_reproduces(reference_fn, args, kwargs, actual) -> bool:
    """Float32 rounding reproduces a float64 answer: the numbers show it
    (:func:`pgcheck.assertions.rounding_shows`), or one of :func:`float32_stories` lies
    :data:`REPRODUCED` times closer to it than the reference."""
    try:
        with torch.no_grad():
            want = reference_fn(*args, **kwargs)
            if isinstance(actual, torch.Tensor):
                shown = rounding_shows(actual.detach().double(), want.detach().double())
            else:
                shown = rounding_shows(_flat(actual), _flat(want))
            if shown:
                return True
            got, want = _flat(actual), _flat(want)
            gap = (got - want).abs().nan_to_num(nan=0.0, posinf=0.0).max()
            for story in float32_stories(reference_fn, args, kwargs):
                story = _flat(story)
                if story.shape == got.shape and bool(
                        (got - story).abs().nan_to_num(nan=0.0, posinf=0.0).max()
                        <= REPRODUCED * gap):
                    return True
    except Exception:  # noqa: BLE001 - an answer or input of another form: no story
        return False
    return False


def rounding_checked(diagnosis: str, reference_fn, args, kwargs, actual) -> str:
    """A precision diagnosis that leaves float32 rounding unproven, made the rounding one
    where :func:`float32_reproduces` reproduces the answer; any other diagnosis itself."""
    if diagnosis != rounding_diagnosis(False):
        return diagnosis
    return rounding_diagnosis(float32_reproduces(reference_fn, args, kwargs, actual))
