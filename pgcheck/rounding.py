"""Whether float32 rounding explains a float64 answer that keeps float32's precision but not
float64's (the float64 precision check's diagnosis, :func:`pgcheck.assertions.
precision_diagnosis`): a float32 intermediate rounds numbers, and so a small constant of the
student's own (an extra eps) moves them by as little; the rounding is named only where the
numbers show it."""
from __future__ import annotations

import torch

#: where a float32 intermediate shows in a float64 answer, and how to avoid each
FLOAT32_CAUSES = ("`.float()` on a mask or flag (use `.to(x.dtype)` of a float64 input x)",
                  "`torch.tensor` of Python floats (float32 unless given `dtype=`)",
                  "a float32 buffer (`torch.zeros(T)`: use `torch.zeros_like(x)`)")


#: the precision check's diagnosis where float32 rounding explains the numbers
ROUNDED = ("the answer agrees with the reference to float32 precision (about 7 digits) but not "
           "to float64's (about 16): a float32 intermediate rounded it")


def rounding_diagnosis(shown: bool) -> str:
    """The diagnosis of an answer within float32 precision but not float64's: float32
    rounding where it is ``shown`` to reproduce the difference; else a small constant (an
    extra eps) besides, which moves an answer by as little."""
    causes = "; ".join(FLOAT32_CAUSES)
    if shown:
        return f"{ROUNDED}. Usual causes: {causes}"
    return ("the answer agrees with the reference to float32 precision (about 7 digits) but "
            "not to float64's (about 16), and float32 rounding is not shown to reproduce the "
            "difference: a small constant of your own (an extra eps, a 1e-8 added to a "
            "denominator) moves an answer by this much, and so can a float32 intermediate "
            f"({causes})")


def rounding_shows(got: torch.Tensor, want: torch.Tensor) -> bool:
    """The numbers alone show float32 rounding: every number of ``got`` is a float32 number
    (the answer went through float32 last), or its differences from ``want`` look like
    rounding: relative to each number they take both signs (a small constant of the
    student's own, an extra eps in a denominator, moves every number the same way), and
    they are not one change per row (``a + b * want``), unless that change is a rounding of a
    row's own number (``b`` within a few float32 steps, no ``a``). One number shows nothing."""
    got = got.reshape(-1, got.shape[-1] if got.dim() and got.shape[-1] >= 3 else 1)
    want = want.reshape(got.shape)
    if got.shape[1] < 3:        # rows too short to show a change of their own: one row
        got, want = got.reshape(1, -1), want.reshape(1, -1)
    finite = torch.isfinite(got) & torch.isfinite(want)
    if bool(finite.any()) and bool((got[finite].float().double() == got[finite]).all()):
        return True
    gap = torch.where(finite, got - want, torch.zeros_like(got))
    moved = (gap != 0) & (want != 0) & finite
    if int(moved.sum()) < 2:
        return False
    relative = gap[moved] / want[moved]
    if not bool((relative > 0).any() and (relative < 0).any()):
        return False
    fits, scales = [], []
    for d, w, m in zip(gap, want, moved):
        d, w = d[m], w[m]
        if d.numel() >= 3:
            basis = torch.stack([torch.ones_like(w), w], dim=1)
            solution = torch.linalg.lstsq(basis, d[:, None]).solution[:, 0]
            fits.append(float((basis @ solution - d).norm()) <= 0.1 * float(d.norm()))
        scales.append(d / w)
    if not all(fits):
        return True         # noise within a row
    steps = float(torch.finfo(torch.float32).eps)
    return all(float((s - s.mean()).abs().max()) <= 0.1 * float(s.abs().max())
               and float(s.abs().max()) <= 4 * steps for s in scales if s.numel())
