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
  (a hard-coded eps).
"""
from __future__ import annotations

import inspect
import itertools

import torch

from autograder.engine.assertions import TOLERANCES

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
