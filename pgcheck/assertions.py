"""Assertions that explain themselves: the public checks, the hidden suites and the grader
all use these, so a student reads the same wording at home and in the grade.

A failed check raises :class:`Mismatch`, whose text is the student's feedback:
the case, what was expected, what came back and, where known, the likely
misconception. Nothing here prints test source code.

Tolerances live in one place, :data:`TOLERANCES`, by dtype: float32 answers
are compared with float32 slack even when the reference ran in float64.
"""
from __future__ import annotations

import math

import torch

#: the only tolerances the graders use (relative, absolute), by result dtype
TOLERANCES = {
    torch.float16: (1e-2, 1e-3),
    torch.float32: (1e-4, 1e-5),
    torch.float64: (1e-7, 1e-9),
}
#: worked examples from the course texts are quoted to 2-3 decimals
TEXT_TOLERANCE = 5e-3


class Mismatch(AssertionError):
    """A check failed; ``str(self)`` is the feedback line(s)."""

    def __init__(self, case: str, *, expected=None, actual=None, detail: str = "",
                 hint: str | None = None, focus: int | None = None):
        self.case, self.expected, self.actual = case, expected, actual
        self.detail, self.hint = detail, hint
        self.focus = focus      #: flat index of the worst element, kept in view when listing
        super().__init__(self.text())

    def with_hint(self, hint: str | None) -> "Mismatch":
        """The same failure, now naming the likely misconception (if any)."""
        if hint and not self.hint:
            self.hint = hint
            self.args = (self.text(),)
        return self

    def text(self) -> str:
        lines = [self.case + (f": {self.detail}" if self.detail else "")]
        if self.expected is not None:
            lines.append(f"  expected {short(self.expected, focus=self.focus)}")
        if self.actual is not None:
            lines.append(f"  got      {short(self.actual, focus=self.focus)}")
        if self.hint:
            lines.append(f"  likely cause: {self.hint}")
        return "\n".join(lines)


def short(value, limit: int = 8, focus: int | None = None) -> str:
    """A compact, readable rendering of a value (at most ``limit`` numbers).

    A tensor longer than ``limit`` shows its first numbers, or, when the flat
    index ``focus`` lies beyond them, the numbers around it::

        short(torch.arange(10.), 4)            -> '[0, 1, 2, 3, ... (10 values)] float32'
        short(torch.arange(10.), 4, focus=7)   -> '[..., 5, 6, 7, 8, ... (10 values)] float32'
    """
    if isinstance(value, torch.Tensor):
        flat = value.detach().reshape(-1)
        n = flat.numel()
        start = 0
        if focus is not None and limit <= focus < n:
            start = min(focus - limit // 2, n - limit)
        numbers = [_num(x) for x in flat[start:start + limit].tolist()]
        shown = ", ".join(["..."] * (start > 0) + numbers)
        if n <= limit:
            more = ""
        else:
            more = f"{', ...' if start + limit < n else ''} ({n} values)"
        shape = "" if value.dim() <= 1 else f" shape {tuple(value.shape)}"
        body = f"[{shown}{more}]" if value.dim() else shown
        return f"{body}{shape} {str(value.dtype).replace('torch.', '')}"
    if isinstance(value, float):
        return _num(value)
    if isinstance(value, (list, tuple)):
        return "(" + ", ".join(short(v, limit) for v in value[:limit]) + ")"
    text = str(value)
    return text if len(text) < 200 else text[:200] + "..."


def _num(x) -> str:
    if isinstance(x, bool):
        return str(x)
    if isinstance(x, float):
        if math.isnan(x) or math.isinf(x):
            return str(x)
        return f"{x:.4g}"
    return str(x)


def expect_tensor(actual, *, case: str, shape=None, dtype=None) -> torch.Tensor:
    """The result must be a tensor, of exactly ``shape`` and ``dtype`` when given."""
    if not isinstance(actual, torch.Tensor):
        raise Mismatch(case, detail=f"expected a torch.Tensor, got {type(actual).__name__}",
                       actual=actual)
    if shape is not None and tuple(actual.shape) != tuple(shape):
        raise Mismatch(case, detail=f"wrong shape: expected {tuple(shape)}, got "
                                    f"{tuple(actual.shape)} (silent broadcasting?)")
    if dtype is not None and actual.dtype != dtype:
        raise Mismatch(case, detail=f"wrong dtype: expected {dtype}, got {actual.dtype} "
                                    "(the output must keep the input's dtype)")
    return actual.detach()


def expect_close(actual, expected, *, case: str, atol: float | None = None,
                 rtol: float | None = None, check_dtype: bool = True,
                 hint: str | None = None) -> torch.Tensor:
    """Tensor result equal to ``expected`` (same shape, same dtype, within tolerance)."""
    expected = torch.as_tensor(expected)
    actual = expect_tensor(actual, case=case, shape=expected.shape,
                           dtype=expected.dtype if check_dtype else None)
    default_rtol, default_atol = TOLERANCES.get(expected.dtype, TOLERANCES[torch.float32])
    rtol = default_rtol if rtol is None else rtol
    atol = default_atol if atol is None else atol
    got, want = actual.to(torch.float64), expected.detach().to(torch.float64)
    if got.is_floating_point() and torch.isnan(got).any() and not torch.isnan(want).any():
        raise Mismatch(case, detail="the result contains NaN (a division by zero, or exp/log "
                                    "of an extreme value?)", expected=expected, actual=actual,
                       hint=hint)
    if not torch.allclose(got, want, rtol=rtol, atol=atol, equal_nan=True):
        worst = (got - want).abs().nan_to_num(nan=math.inf).reshape(-1)
        detail = ""
        if worst.numel() > 1:
            flat = int(worst.argmax())
            index = tuple(int(i) for i in torch.unravel_index(torch.tensor(flat), got.shape))
            where = index[0] if len(index) == 1 else index
            detail = (f"values differ; the largest difference is at index {where}: expected "
                      f"{_num(want.reshape(-1)[flat].item())}, got {_num(got.reshape(-1)[flat].item())}")
        raise Mismatch(case, expected=expected, actual=actual, hint=hint, detail=detail,
                       focus=int(worst.argmax()))
    return actual


def expect_float(actual, expected: float, *, case: str, atol: float = 1e-6,
                 hint: str | None = None) -> float:
    """A Python number close to ``expected``."""
    if isinstance(actual, torch.Tensor) and actual.numel() == 1:
        actual = actual.item()
    if isinstance(actual, bool) or not isinstance(actual, (int, float)):
        raise Mismatch(case, detail=f"expected a Python float, got {type(actual).__name__}",
                       actual=actual)
    if not math.isclose(actual, expected, rel_tol=1e-6, abs_tol=atol):
        raise Mismatch(case, expected=float(expected), actual=float(actual), hint=hint)
    return float(actual)


def expect_no_grad(grad, *, case: str, what: str) -> None:
    """No gradient may reach ``what`` (None or all zeros both count as none)."""
    if grad is not None and bool((grad != 0).any()):
        raise Mismatch(case, detail=f"a gradient flows into {what}, which must be a constant "
                                    "(use .detach())", actual=grad)


def grads_of(result, *, case: str) -> list:
    """The gradients a ``student.fn.grad(...)`` call returned, or a Mismatch saying why none."""
    if result.grads is None:
        raise Mismatch(case, detail=result.grad_error or "no gradient came back")
    return result.grads


def expect_pair(value, *, case: str) -> tuple:
    """A pair of two values, such as ``(mean, variance)`` or ``(advantages, returns)``."""
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise Mismatch(case, detail="expected a pair (a tuple of two values)", actual=value)
    return tuple(value)
