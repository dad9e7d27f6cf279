"""Causes read from the form of the answers, not from their arithmetic: the answer's type, and
where the gradient flows.

Both are measured on what the grader holds, the answers the worker sent back on the grader's
own inputs (values, and the gradients it computed with torch's backward on them):

* **type**: on every failed case the student's answer is a Python number, a list or a numpy
  array where the reference's is a tensor, and that answer made a tensor of the reference's
  dtype and shape passes the case's value test: the type is the failure (a KL written with
  ``.item()``). Named with the type and what makes one;
* **gradient**: every failed case is a gradient case whose value is right, and on each one every
  gradient that differs is either one that must be none (the reference's is absent or zero)
  where the student's is not (``logp_old`` or the advantages not detached), or one the
  reference has where the student's is absent or zero (a value taken out of autograd:
  ``.item()``, ``.detach()``, numpy, ``torch.no_grad()``). Named with the arguments, as the
  test names them.

* **shape**: on every failed case the student's tensor has the shape of the reference's
  followed by more dimensions (not all of size 1 everywhere), and that is the shape of an input of the
  call (the same inputs on every case): one value per element of that input where the contract
  keeps one per row (a weight per token, not per response) or one number (a loss per sample).
  Named with the inputs and the shapes: the code does not reduce over the extra dimensions.

A difference of another form (a gradient of the right kind and the wrong size, a value that
differs) names nothing here.
"""
from __future__ import annotations

import inspect
import sys
from dataclasses import replace

import torch

from autograder.engine.assertions import expect_close
from autograder.engine.causes.evidence import Raised, compared, wrong

#: what makes each type of answer, as the cause says it
MADE_BY = {
    "a Python float": "`.item()` or float() makes one, and it carries no gradient",
    "a Python int": "`.item()` or int() makes one, and it carries no gradient",
    "a Python bool": "`.item()` or bool() makes one",
    "a Python list": "`.tolist()` or a list comprehension makes one",
    "a numpy array": "`.numpy()` or numpy arithmetic makes one, outside autograd",
    "a numpy number": "numpy arithmetic makes one, outside autograd",
}


def kind(answer) -> str | None:
    """The type of a non-tensor answer, as :data:`MADE_BY` names it (None: a tensor, or
    something else)."""
    np = sys.modules.get("numpy")
    for python, name in ((bool, "a Python bool"), (int, "a Python int"),
                         (float, "a Python float"), (list, "a Python list")):
        if isinstance(answer, python):
            return name
    if np is not None and isinstance(answer, np.ndarray):
        return "a numpy array"
    if np is not None and isinstance(answer, np.generic):
        return "a numpy number"
    return None


def _value(answer):
    return answer.value if hasattr(answer, "value") and not isinstance(answer, torch.Tensor) \
        else answer


def _passes(actual, expected: torch.Tensor) -> bool:
    try:
        expect_close(actual, expected.detach(), case="")
    except Exception:  # noqa: BLE001 - any odd value fails
        return False
    return True


def wrong_type(fn: str, observations) -> str | None:
    """The type cause of the module docstring, or None."""
    failed = wrong(compared(fn, observations))
    kinds = set()
    for o in failed:
        student, reference = _value(o.student), _value(o.reference)
        name = kind(student)
        if name is None or not isinstance(reference, torch.Tensor):
            return None
        try:
            made = torch.as_tensor(student, dtype=reference.dtype).reshape(reference.shape)
        except Exception:  # noqa: BLE001 - nested lists of odd things: not a tensor's numbers
            return None
        if not _passes(made, reference):
            return None
        kinds.add(name)
    if len(kinds) != 1:
        return None
    (name,) = kinds
    return (f"your function returns {name} where the contract asks for a torch tensor "
            f"({MADE_BY[name]}); its numbers are right: return the tensor itself")


def unreduced(fn: str, observations, reference_fn) -> str | None:
    """The shape cause of the module docstring, or None (``reference_fn``: for the names of
    the inputs)."""
    failed = wrong(compared(fn, observations))
    if not failed or reference_fn is None:
        return None
    try:
        signature = inspect.signature(reference_fn)
    except (TypeError, ValueError):
        return None
    shared, wide = None, False
    for o in failed:
        student, reference = _value(o.student), _value(o.reference)
        if not isinstance(student, torch.Tensor) or not isinstance(reference, torch.Tensor):
            return None
        head = student.shape[:reference.dim()]
        if student.dim() <= reference.dim() or head != reference.shape:
            return None
        wide = wide or any(n > 1 for n in student.shape[reference.dim():])
        try:
            bound = signature.bind(*o.args, **o.kwargs).arguments
        except TypeError:
            return None
        alike = [k for k, v in bound.items()
                 if isinstance(v, torch.Tensor) and v.shape == student.shape]
        shared = alike if shared is None else [k for k in shared if k in alike]
        if not shared:
            return None
    if not wide:    # a size-1 dimension more is a column, not values left unreduced
        return None
    first = failed[0]
    got, due = tuple(_value(first.student).shape), tuple(_value(first.reference).shape)
    extra = len(got) - len(due)
    inputs = ("the input " if len(shared) == 1 else "the inputs ") + _and([f"`{k}`" for k in shared])
    per = "is one number" if not due else f"has shape {due}, one value per row"
    cases = "the failed case" if len(failed) == 1 else f"all {len(failed)} failed cases"
    last = "last dimension" if extra == 1 else f"last {extra} dimensions"
    return (f"on {cases}, your answer has the shape of {inputs} ({got} on the first), one "
            f"value per element, where the contract's answer {per}: your code does not reduce "
            f"over the {last}")


def _none(g) -> bool:
    """A gradient that is absent or zero everywhere."""
    return g is None or (isinstance(g, torch.Tensor) and not bool(g.detach().ne(0).any()))


def _same(a, b) -> bool:
    if _none(a) and _none(b):
        return True
    return isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor) and _passes(a, b)


def gradient(fn: str, observations) -> str | None:
    """The gradient cause of the module docstring, or None."""
    failed = wrong(compared(fn, observations))
    leaks, cut = [], []
    for o in failed:
        student, reference = o.student, o.reference
        if o.kind != "grad" or isinstance(student, Raised) or not hasattr(student, "grads"):
            return None
        if not isinstance(reference.value, torch.Tensor) or \
                not _passes(student.value, reference.value):
            return None
        want = list(reference.grads or [])
        got = list(student.grads or [None] * len(want))
        names = getattr(o.judge, "keywords", {}).get("names") or [
            f"argument {w + 1}" if isinstance(w, int) else str(w) for w in o.spec["wrt"]]
        if len(got) != len(want) or len(names) != len(want):
            return None
        differs = False
        for g, w, label in zip(got, want, names):
            if _same(g, w):
                continue
            differs = True
            name = f"`{label.split(' (')[0]}`"
            if _none(w):
                leaks.append(name)
            elif _none(g):
                cut.append(name)
            else:
                return None
        if not differs:
            return None     # the failure lies elsewhere (a graph the worker says is forged)
    if not failed:
        return None
    told = []
    if leaks:
        told.append(f"a gradient reaches {_and(leaks)}, which the contract holds constant "
                    "(data of the batch): detach it where it enters (x.detach())")
    if cut:
        told.append(f"no gradient reaches {_and(cut)}: its path to the answer leaves autograd "
                    "(a .detach(), .item(), .numpy(), torch.no_grad(), or torch.tensor(...) of "
                    "computed values)")
    return "your values are right, but " + "; and ".join(told)


def _and(names: list[str]) -> str:
    names = list(dict.fromkeys(names))
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def as_tensors(cases) -> tuple[str | None, list]:
    """Cases whose student's answers are Python numbers, lists or numpy arrays where the
    reference's are tensors, made tensors of the reference's dtype (and shape, where the count
    of numbers allows), with what the form is, as the cause says it: step e then names the
    candidate whose numbers they are, and the form. A gradient case whose value is of such a
    type is left out (no gradient flows from it). (None, cases) where no answer, or answers
    of more than one such type, are."""
    kinds, made = set(), []
    for o in cases:
        student, reference = o.student, o.reference
        if o.kind == "grad" and kind(_value(student)) is not None:
            kinds.add(kind(_value(student)))    # no gradient flows from it: the form says so,
            continue                            # and the value cases measure its numbers
        name = kind(student) if o.kind == "value" else None
        if name is None or not isinstance(reference, torch.Tensor):
            made.append(o)
            continue
        try:
            value = torch.as_tensor(student, dtype=reference.dtype)
            if value.numel() == reference.numel():
                value = value.reshape(reference.shape)
        except Exception:  # noqa: BLE001 - nested lists of odd things: not a tensor's numbers
            return None, cases
        kinds.add(name)
        made.append(replace(o, student=value))
    if len(kinds) != 1:
        return None, cases
    (name,) = kinds
    return (f"your function returns {name} where the contract asks for a torch tensor "
            f"({MADE_BY[name]}): return the tensor itself"), made
