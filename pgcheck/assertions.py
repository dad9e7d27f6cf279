"""Assertions that explain themselves: the public checks, the hidden suites and the grader
all use these, so a student reads the same wording at home and in the grade.

A failed check raises :class:`Mismatch`, whose text is the student's feedback:
the case, what was expected, what came back, by how much they differ and the
tolerance in force, and, where the evidence is specific, the likely
misconception. Nothing here prints test source code.

Precision is graded once (``docs/contract.md``, "Precision"). A value check
judges the algorithm: it compares at float32 precision, :data:`TOLERANCES`,
whatever the dtype, so a float64 answer that went through a float32
intermediate (a ``.float()`` mask, a ``torch.tensor`` of Python floats, a
float32 buffer) is still right there, and so is a float32 result where float64
was due. Given the ``exact`` answer (the grader's reference computed in float64
on the same inputs), the tolerance is measured from it, not from the float32
reference: an answer within float32 precision of the exact one is right, and so
is one no further from it than the float32 reference itself (:func:`within`),
so an answer more accurate than the reference is never charged. Float64 arithmetic itself is checked by one test per function,
``expect_close(..., precision=True)``, at :data:`FLOAT64_PRECISION`; its
failure says, from the numbers, whether the answer holds float32's precision
and names the usual causes.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

import torch

from pgcheck.rounding import (FLOAT32_CAUSES, ROUNDED, rounding_diagnosis,  # noqa: F401
                              rounding_shows)

#: the value checks' tolerances (relative, absolute), by result dtype: float64 results count
#: as right within float32 precision, since a value check judges the algorithm
TOLERANCES = {
    torch.float16: (1e-2, 1e-3),
    torch.float32: (1e-4, 1e-5),
    torch.float64: (1e-4, 1e-5),
}
#: the float64 precision checks: float64 arithmetic throughout (float32 rounding of any
#: input or intermediate, about 6e-8 relative, is far outside; float64's, 1e-16, far inside)
FLOAT64_PRECISION = (1e-9, 1e-11)
#: worked examples from the course texts are quoted to 2-3 decimals
TEXT_TOLERANCE = 5e-3


#: how much of the expected values a failure shows (:attr:`Mismatch.shown`): every digit it
#: takes to see the difference (public checks, and everything a student runs at home); two
#: significant figures and the difference's order of magnitude (a hidden case whose inputs
#: were drawn for this grade); none of their digits (a hidden case that is the same every grade)
SHOWN = ("all", "coarse", "none")


@dataclass(frozen=True)
class Difference:
    """Where and by how much a value check failed, worded by :meth:`text` for each of
    :data:`SHOWN`."""
    where: str          #: " at index (2, 0)", or "" for a single value
    expected: float     #: at the worst element
    got: float
    largest: float      #: largest absolute difference
    relative: float     #: largest relative difference
    tolerance: str      #: :func:`tolerance_text`
    digits: int         #: :func:`digits_apart` of expected and got
    widened: str = ""   #: the note on the float32 reference's own rounding
    scalar: bool = False    #: a Python number (``expect_float``'s wording)

    def text(self, shown: str = "all") -> str:
        if shown == "all":
            if self.scalar:
                return (f"differs by {self.largest:.2g} (relative {self.relative:.2g}), "
                        f"tolerance {self.tolerance}")
            return (f"values differ{self.where}: expected {_num(self.expected, self.digits)}, "
                    f"got {_num(self.got, self.digits)}; largest difference {self.largest:.2g} "
                    f"(relative {self.relative:.2g}), tolerance {self.tolerance}{self.widened}")
        size = (f"about {magnitude(self.largest)} (relative about {magnitude(self.relative)}), "
                f"tolerance {self.tolerance}")
        what = "differs" if self.scalar else f"values differ{self.where}"
        if shown == "coarse":
            return (f"{what}: expected about {_num(self.expected, 2)}, got {_num(self.got)}; "
                    f"off by {size}")
        return (f"{what}: got {_num(self.got)}, off by {size} (this case is the same in every "
                "grade, so its expected values are not shown)")


def magnitude(x: float) -> str:
    """``x``'s order of magnitude, a power of ten: ``magnitude(0.0734) == '1e-01'``."""
    if not math.isfinite(x) or x <= 0:
        return str(x) if x else "0"
    return f"1e{round(math.log10(x)):+03d}"


#: a number a cause or diagnosis quotes as the expected one ("expected 2.601, got -2.601")
QUOTED = re.compile(r"\bexpected (-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)")


def coarsened(text: str, shown: str) -> str:
    """``text`` with every expected number it quotes shown as :data:`SHOWN` allows."""
    if shown == "all":
        return text
    return QUOTED.sub(lambda m: f"expected about {_num(float(m.group(1)), 2)}"
                      if shown == "coarse" else "expected (not shown)", text)


class Mismatch(AssertionError):
    """A check failed; ``str(self)`` is the feedback line(s)."""

    def __init__(self, case: str, *, expected=None, actual=None, detail: str = "",
                 hint: str | None = None, focus: int | None = None, digits: int = 4,
                 diagnosis: str = "", difference: Difference | None = None):
        super().__init__()
        self.case, self.expected, self.actual = case, expected, actual
        self.detail, self.hint, self.diagnosis = detail, hint, diagnosis
        self.focus = focus      #: flat index of the worst element, kept in view when listing
        self.digits = digits    #: significant digits that show where expected and got differ
        self.difference = difference    #: a value check's numbers (its detail, as worded)
        #: how much of the expected values the text shows (:data:`SHOWN`); the grader sets
        #: "coarse" or "none" on a hidden case's failure before reading it
        self.shown = "all"

    def __str__(self) -> str:   # composed when read: the grader's replays raise many unread
        return self.text()

    def with_hint(self, hint: str | None) -> "Mismatch":
        """The same failure, now naming the likely misconception (if any)."""
        if hint and not self.hint:
            self.hint = hint
        return self

    def with_diagnosis(self, diagnosis: str | None) -> "Mismatch":
        """The same failure with a diagnosis computed from the numbers (if any)."""
        if diagnosis and not self.diagnosis:
            self.diagnosis = diagnosis
        return self

    def text(self) -> str:
        detail = self.difference.text(self.shown) if self.difference else self.detail
        lines = [self.case + (f": {detail}" if detail else "")]
        digits = self.digits if self.shown == "all" else 4      # got: the student's own
        wanted = {"all": self.digits, "coarse": 2}.get(self.shown)     # expected's digits
        if self.expected is not None and wanted:
            lines.append(f"  expected {short(self.expected, focus=self.focus, digits=wanted)}")
        if self.actual is not None:
            lines.append(f"  got      {short(self.actual, focus=self.focus, digits=digits)}")
        if self.diagnosis:
            lines.append(f"  diagnosis: {coarsened(self.diagnosis, self.shown)}")
        if self.hint:
            lines.append(f"  likely cause: {coarsened(self.hint, self.shown)}")
        return "\n".join(lines)


def short(value, limit: int = 8, focus: int | None = None, digits: int = 4) -> str:
    """A compact, readable rendering of a value (at most ``limit`` numbers, ``digits``
    significant digits each).

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
        numbers = [_num(x, digits) for x in flat[start:start + limit].tolist()]
        shown = ", ".join(["..."] * (start > 0) + numbers)
        if n <= limit:
            more = ""
        else:
            more = f"{', ...' if start + limit < n else ''} ({n} values)"
        shape = "" if value.dim() <= 1 else f" shape {tuple(value.shape)}"
        body = f"[{shown}{more}]" if value.dim() else shown
        return f"{body}{shape} {str(value.dtype).replace('torch.', '')}"
    if isinstance(value, float):
        return _num(value, digits)
    if isinstance(value, (list, tuple)):
        return "(" + ", ".join(short(v, limit, digits=digits) for v in value[:limit]) + ")"
    text = str(value)
    return text if len(text) < 200 else text[:200] + "..."


def _num(x, digits: int = 4) -> str:
    if isinstance(x, bool):
        return str(x)
    if isinstance(x, float):
        if math.isnan(x) or math.isinf(x):
            return str(x)
        return f"{x:.{digits}g}"
    return str(x)


def digits_apart(a: float, b: float) -> int:
    """The fewest significant digits (at least 4, at most 17) at which ``a`` and ``b`` read
    differently, so that a mismatch never shows the same number twice.

    >>> digits_apart(-0.1023456, -0.1023457)
    7
    """
    for digits in range(4, 18):
        if _num(float(a), digits) != _num(float(b), digits):
            return digits
    return 17


def differences(got: torch.Tensor, want: torch.Tensor, rtol: float = 0.0,
                atol: float = 0.0) -> tuple[float, float, int]:
    """(largest absolute difference, largest relative difference, flat index of the element
    furthest outside ``atol + rtol * |want|``) of two float64 tensors of one shape. A NaN
    where a number is due counts as infinitely far, and so does any difference from an
    expected 0, relatively.

    >>> differences(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 2.5]))
    (0.5, 0.2, 1)
    """
    gap = (got - want).abs()
    gap = torch.where(torch.isnan(got) & torch.isnan(want), torch.zeros_like(gap), gap)
    gap = gap.nan_to_num(nan=math.inf).reshape(-1)
    if not gap.numel():
        return 0.0, 0.0, 0
    scale = want.abs().reshape(-1).nan_to_num(nan=0.0)
    relative = torch.where(gap == 0, torch.zeros_like(gap), gap / scale).nan_to_num(nan=math.inf)
    worst = int((gap - rtol * scale.nan_to_num(posinf=0.0)).argmax())
    return float(gap.max()), float(relative.max()), worst


def tolerance_text(rtol: float, atol: float) -> str:
    """How the tolerance in force reads in feedback."""
    return f"|got - expected| <= {atol:.0e} + {rtol:.0e} * |expected|"


def precision_diagnosis(got: torch.Tensor, want: torch.Tensor, actual_dtype) -> str:
    """Why a float64 answer failed the float64 precision check, from the numbers alone:
    float32 where float64 is due, float32 precision without float64's (float32 rounding
    named only where the numbers show it, :func:`rounding_shows`; the grader also replays
    the reference rounded, :func:`autograder.engine.causes.diagnoses.float32_reproduces`),
    or a gap larger than any rounding (then the value checks say more)."""
    value_rtol, value_atol = TOLERANCES[torch.float32]
    within_float32 = bool(torch.allclose(got, want, rtol=value_rtol, atol=value_atol,
                                         equal_nan=True))
    causes = "; ".join(FLOAT32_CAUSES)
    if actual_dtype == torch.float32:
        return ("the result is float32 for float64 inputs: somewhere the computation left "
                f"float64. Usual causes: {causes}")
    if within_float32:
        return rounding_diagnosis(rounding_shows(got, want))
    return ("the answer differs by more than any rounding: the value tests of this function "
            "show the case to fix first")


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


def within(got: torch.Tensor, want: torch.Tensor, rtol: float, atol: float,
           exact: torch.Tensor | None = None) -> torch.Tensor:
    """Elementwise: ``got`` is within ``atol + rtol * |want|`` of ``want`` (NaN matching NaN,
    an infinity itself), or, given the ``exact`` answer, within ``atol + rtol * |exact|`` of
    it widened by the reference's own distance ``|want - exact|`` from it (where that is
    finite). All float64, of one shape.

    >>> ref, exact = torch.tensor([0.00146484375]), torch.tensor([0.0015])  # float32 rounding
    >>> bool(within(torch.tensor([0.0015]), ref, 1e-4, 1e-5)), bool(within(torch.tensor([0.0015]), ref, 1e-4, 1e-5, exact))
    (False, True)
    """
    def close(to, slack=0.0):
        near = torch.isfinite(to) & ((got - to).abs() <= atol + rtol * to.abs() + slack)
        return near | (got == to) | (torch.isnan(got) & torch.isnan(to))
    ok = close(want)
    if exact is not None:
        own = (want - exact).abs().nan_to_num(nan=0.0, posinf=0.0)
        ok = ok | close(exact, own)
    return ok


def unravel(flat: int, shape) -> tuple[int, ...]:
    """The index of entry ``flat`` of a tensor of ``shape`` (row-major), by arithmetic:
    ``torch.unravel_index``'s first call imports sympy (0.3 core-seconds, once per process)."""
    index = []
    for size in reversed(tuple(shape)):
        flat, i = divmod(flat, size)
        index.append(i)
    return tuple(reversed(index))


def expect_close(actual, expected, *, case: str, atol: float | None = None,
                 rtol: float | None = None, check_dtype: bool = True,
                 hint: str | None = None, precision: bool = False,
                 exact=None) -> torch.Tensor:
    """Tensor result equal to ``expected``: same shape, same dtype, values within tolerance.

    A value check (the default) judges the algorithm at float32 precision: a float32
    result where float64 is due is accepted, since the float64 precision check (one per
    function, ``precision=True``) grades that, once. ``precision=True`` asks for the dtype
    and :data:`FLOAT64_PRECISION`, and its failure carries a diagnosis from the numbers.
    ``exact`` (the exact answer: the reference computed in float64) is what values are
    measured from (:func:`within`); a failure then shows it, rounded to the result's dtype.
    """
    expected = torch.as_tensor(expected)
    lenient = (check_dtype and expected.dtype == torch.float64
               and isinstance(actual, torch.Tensor) and actual.dtype == torch.float32)
    actual = expect_tensor(actual, case=case, shape=expected.shape,
                           dtype=expected.dtype if check_dtype and not lenient else None)
    if precision and expected.dtype == torch.float64:
        default_rtol, default_atol = FLOAT64_PRECISION
    else:
        default_rtol, default_atol = TOLERANCES.get(expected.dtype, TOLERANCES[torch.float32])
    rtol = default_rtol if rtol is None else rtol
    atol = default_atol if atol is None else atol
    got, want = actual.to(torch.float64), expected.detach().to(torch.float64)
    truth = None
    if exact is not None:
        truth = torch.as_tensor(exact).detach().to(torch.float64)
        if truth.shape != want.shape:
            truth = None
    if got.is_floating_point() and torch.isnan(got).any() and not torch.isnan(want).any():
        raise Mismatch(case, detail="the result contains NaN (a division by zero, or exp/log "
                                    "of an extreme value?)", expected=expected, actual=actual,
                       hint=hint, focus=int(torch.isnan(got).reshape(-1).int().argmax()))
    if not bool(within(got, want, rtol, atol, truth).all()):
        reference = want
        if truth is not None:      # what is shown and measured: the exact answer
            expected, want = truth.to(expected.dtype), truth
        largest, relative, flat = differences(got, want, rtol, atol)
        own = float((reference - want).abs().reshape(-1)[flat].nan_to_num(nan=0.0, posinf=0.0))
        widened = (f", widened there by {own:.2g}, the float32 reference's own rounding"
                   if own > atol + rtol * abs(float(want.reshape(-1)[flat])) else "")
        a, b = want.reshape(-1)[flat].item(), got.reshape(-1)[flat].item()
        digits = digits_apart(a, b)
        where = ""
        if got.numel() > 1:
            index = unravel(flat, got.shape)
            where = f" at index {index[0] if len(index) == 1 else index}"
        difference = Difference(where, a, b, largest, relative, tolerance_text(rtol, atol),
                                digits, widened)
        diagnosis = (precision_diagnosis(got, want, actual.dtype)
                     if precision and expected.dtype == torch.float64 else "")
        raise Mismatch(case, expected=expected, actual=actual, hint=hint,
                       detail=difference.text(), focus=flat, digits=digits,
                       diagnosis=diagnosis, difference=difference)
    if precision and expected.dtype == torch.float64 and actual.dtype != torch.float64:
        raise Mismatch(case, detail=f"wrong dtype: expected {expected.dtype}, got {actual.dtype}",
                       diagnosis=precision_diagnosis(got, want, actual.dtype))
    return actual


def expect_float(actual, expected: float, *, case: str, atol: float | None = None,
                 rtol: float | None = None, hint: str | None = None,
                 exact: float | None = None) -> float:
    """A Python number close to ``expected`` (a value check: float32 precision by default),
    or to the ``exact`` answer, as :func:`within` says."""
    default_rtol, default_atol = TOLERANCES[torch.float32]
    rtol = default_rtol if rtol is None else rtol
    atol = default_atol if atol is None else atol
    if isinstance(actual, torch.Tensor) and actual.numel() == 1:
        actual = actual.item()
    if isinstance(actual, bool) or not isinstance(actual, (int, float)):
        raise Mismatch(case, detail=f"expected a Python float, got {type(actual).__name__}",
                       actual=actual)
    truth = None if exact is None else torch.tensor([float(exact)], dtype=torch.float64)
    try:
        number = float(actual)
    except OverflowError:       # an int beyond any float
        number = math.copysign(math.inf, actual)
    if not bool(within(torch.tensor([number], dtype=torch.float64),
                       torch.tensor([float(expected)], dtype=torch.float64), rtol, atol, truth)):
        expected = float(exact) if exact is not None else expected
        gap = abs(actual - expected)
        relative = gap / abs(expected) if expected else math.inf
        digits = digits_apart(expected, actual)
        difference = Difference("", float(expected), float(actual), gap, relative,
                                tolerance_text(rtol, atol), digits, scalar=True)
        raise Mismatch(case, expected=float(expected), actual=float(actual), hint=hint,
                       digits=digits, detail=difference.text(), difference=difference)
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
    for i, grad in enumerate(result.grads):     # the reply's word: a gradient is a tensor or None
        if grad is not None and not (isinstance(grad, torch.Tensor) and grad.is_floating_point()):
            raise Mismatch(case, detail=f"gradient {i + 1} came back as "
                           f"{type(grad).__name__ if not isinstance(grad, torch.Tensor) else grad.dtype}"
                           ", not a float tensor (or None: no gradient flows)")
    return result.grads


def expect_pair(value, *, case: str) -> tuple:
    """A pair of two values, such as ``(mean, variance)`` or ``(advantages, returns)``."""
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise Mismatch(case, detail="expected a pair (a tuple of two values)", actual=value)
    return tuple(value)
