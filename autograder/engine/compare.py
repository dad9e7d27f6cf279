"""Student against reference on the same input, with misconception hints.

The hidden suites' main tool is the ``compare`` fixture (a :class:`Compare`)::

    def test_groups(compare):
        compare("group_advantages", rewards, normalize_std=True, case="3 groups of 5")

runs the student's function in the worker and the reference here, on the same
arguments, and checks the answer (type, exact shape, dtype, values within
:data:`checking.TOLERANCES`). When the answer is wrong, :class:`Hints` replays
the call on every known mistake of the bank (``hidden/<name>/mutants``, our
own code, run here, never the student's) and, if the student's answer is what
one of those mistakes produces on this very input, names the mistake:

    group mean: 3 groups of 5: values differ; the largest difference is at index (2, 0): ...
      expected [-0.42, 0.58, ...]
      got      [-1.1, -0.1, ...]
      likely cause: you subtracted the mean of the whole batch instead of each group's mean

A hint is only given when the mistake explains the answer and the reference
does not, so a correct answer can never receive one. When several mistakes
explain it (a verifier's 0.0 instead of 1.0 has many causes), the one that
also reproduces the student's earlier answers in this grading is named. A call
that raises gets a hint too when a known mistake raises the same exception on
that input.

Time limits follow the work: the reference runs first, timed, and the student's
call may take :meth:`~autograder.sandbox.confine.Limits.call_limit` of that time
(a floor plus a generous multiple), so a slow but correct answer passes and a
hang is stopped within seconds. :func:`reference_timer` does the same for calls
made outside ``compare`` (the public checks).
"""
from __future__ import annotations

import time
from functools import cache

import torch

from autograder.engine.assertions import Mismatch, expect_close, expect_float, expect_no_grad, grads_of
from pgcheck.calls import call_function
from autograder.sandbox.client import ReferenceRun, StudentError


def clone(value):
    """A deep copy of call arguments (tensors keep ``requires_grad``)."""
    if isinstance(value, torch.Tensor):
        return value.detach().clone().requires_grad_(value.requires_grad)
    if isinstance(value, (list, tuple)):
        return type(value)(clone(v) for v in value)
    if isinstance(value, dict):
        return {k: clone(v) for k, v in value.items()}
    return value


def expect_same(actual, expected, *, case: str, names=None) -> None:
    """``actual`` matches ``expected``: a tensor, a number, or a tuple of them."""
    if isinstance(expected, (tuple, list)):
        if not isinstance(actual, (tuple, list)) or len(actual) != len(expected):
            raise Mismatch(case, detail=f"expected a tuple of {len(expected)} values",
                           actual=actual)
        for i, (got, want) in enumerate(zip(actual, expected)):
            label = names[i] if names else f"item {i}"
            expect_same(got, want, case=f"{case}, {label}")
    elif isinstance(expected, torch.Tensor):
        expect_close(actual, expected.detach(), case=case)
    else:
        expect_float(actual, float(expected), case=case)


def expect_grads(actual: list, expected: list, *, case: str, names) -> None:
    """Gradients: where the reference has none (or zeros), the student must have none."""
    for got, want, name in zip(actual, expected, names):
        if want is None or not bool((want != 0).any()):
            expect_no_grad(got, case=f"{case}: gradient w.r.t. {name}", what=str(name))
        elif got is None:
            raise Mismatch(f"{case}: gradient w.r.t. {name}",
                           detail="no gradient reaches it (detached, or built from a copy?)")
        else:
            expect_close(got, want, case=f"{case}: gradient w.r.t. {name}")


def timed(fn, args, kwargs):
    """(``fn(*args, **kwargs)`` on copies of the arguments, the seconds it took)."""
    args, kwargs = clone(args), clone(kwargs)
    start = time.perf_counter()
    value = fn(*args, **kwargs)
    return value, time.perf_counter() - start


def reference_timer(reference):
    """``timer(fn, args, kwargs)``: the reference's ``fn`` run on copies of the arguments (the
    seconds it took, the size of its answer), or None when the reference has no such function
    or raises on them."""
    def timer(fn: str, args, kwargs) -> ReferenceRun | None:
        function = getattr(reference, fn, None)
        if not callable(function):
            return None
        try:
            return ReferenceRun.of(*timed(function, args, kwargs))
        except Exception:  # noqa: BLE001 - an input the reference refuses: the floor applies
            return None
    return timer


def _agrees(check) -> bool:
    try:
        check()
    except Mismatch:
        return False
    return True


@cache
def _hinted_modules(assignment) -> list[tuple[str, str, dict, set]]:
    """Loaded once per grading process (a batch grades many submissions)."""
    from autograder.engine.mutants import bank

    loaded = []
    for mutant in bank(assignment):
        if mutant.hint:
            loaded.append((mutant.name, mutant.hint, mutant.load(), set(mutant.functions)))
    return loaded


class Hints:
    """The bank of known mistakes of one assignment, ready to replay calls."""

    def __init__(self, assignment):
        self.assignment = assignment

    @property
    def modules(self) -> list[tuple[str, str, dict, set]]:
        """(mutant name, hint, namespace of the whole buggy module) for each hinted mutant,
        with the functions each one rewrote."""
        return _hinted_modules(self.assignment)

    def candidates(self, fn: str):
        """(hint, namespace) pairs, mistakes made in ``fn`` itself before mistakes in a
        helper it calls (a wrong update step is blamed on the step, not on the gradient)."""
        ranked = sorted(self.modules, key=lambda m: fn not in m[3])
        return [(hint, namespace) for _, hint, namespace, _ in ranked if fn in namespace]

    def explain(self, fn: str, args, kwargs, compare_with_student, compare_with_reference,
                grad=None, seen=()) -> str | None:
        """The hint of the mistake whose result on this input is the student's.

        ``compare_with_student(reply)`` / ``compare_with_reference(reply)`` check a
        mutant's :func:`call_function` reply (raising :class:`Mismatch` if they differ).
        When several mistakes explain this answer (a 0.0 where 1.0 was due can have
        many causes), the one that also reproduces most of the student's earlier
        answers (``seen``: (fn, args, kwargs, answer) of this submission) is named.
        """
        explaining = []
        for hint, namespace in self.candidates(fn):
            try:
                reply = call_function(namespace[fn], clone(args), clone(kwargs), grad=grad)
            except Exception:  # noqa: BLE001 - a mistake that crashes here explains nothing
                continue
            if _agrees(lambda: compare_with_reference(reply)):
                continue        # this mistake changes nothing on this input
            if _agrees(lambda: compare_with_student(reply)):
                explaining.append((hint, namespace))
        if len(explaining) > 1:
            earlier = [entry for entry in seen if entry[0] == fn][-200:]
            explaining.sort(key=lambda c: _disagreements(c[1][fn], earlier))   # stable: bank order
        return explaining[0][0] if explaining else None

    def mutant_of(self, fn: str, hint: str | None) -> str:
        """The name of the known mistake whose hint is ``hint`` (the first in the order of
        :meth:`candidates`, as :meth:`explain` names it); "" when there is none. Recorded
        with the test's outcome, so that reports can count misconceptions."""
        if not hint:
            return ""
        ranked = sorted(self.modules, key=lambda m: fn not in m[3])
        return next((name for name, text, _, _ in ranked if text == hint), "")

    def explain_crash(self, fn: str, args, kwargs, type_name: str) -> str | None:
        """The hint of the first mistake that raises the same exception on this input."""
        for hint, namespace in self.candidates(fn):
            if _raises(namespace[fn], args, kwargs, type_name):
                return hint
        return None


def _disagreements(mistake, earlier) -> int:
    """How many of the student's earlier answers ``mistake`` does not reproduce."""
    count = 0
    for _, args, kwargs, answer in earlier:
        try:
            value = mistake(*clone(args), **clone(kwargs))
        except Exception:  # noqa: BLE001 - replaying a known mistake
            count += 1
            continue
        if not _agrees(lambda: expect_same(answer, value, case="")):
            count += 1
    return count


def _raises(fn, args, kwargs, type_name: str) -> bool:
    try:
        fn(*clone(args), **clone(kwargs))
    except Exception as exc:  # noqa: BLE001 - replaying a known mistake
        return type(exc).__name__ == type_name
    return False


class Compare:
    """The ``compare`` fixture: see the module docstring."""

    def __init__(self, student, reference, hints: Hints):
        self.student, self.reference, self.hints = student, reference, hints
        self.seen: list[tuple] = []     # (fn, args, kwargs, the student's answer), for hints

    def __call__(self, fn: str, *args, case: str, names=None, **kwargs):
        """Call ``fn`` on both sides and check the student's value; returns it."""
        expected, seconds = timed(getattr(self.reference, fn), args, kwargs)
        try:
            actual = getattr(self.student, fn).on(case, seconds, expected)(*args, **kwargs)
        except StudentError as exc:
            if exc.not_implemented or exc.type == "MissingFunction":
                raise
            hint = self.hints.explain_crash(fn, args, kwargs, exc.type)
            exc.args = (f"{case}: {exc}" + (f"\n  likely cause: {hint}" if hint else ""),)
            exc.mutant = self.hints.mutant_of(fn, hint)
            raise
        self.seen.append((fn, clone(args), clone(kwargs), actual))
        self._check_value(fn, args, kwargs, actual, expected, case=case, names=names)
        return actual

    def _check_value(self, fn, args, kwargs, actual, expected, *, case, names):
        try:
            expect_same(actual, expected, case=case, names=names)
        except Mismatch as exc:
            raise self._hinted(exc, fn, self.hints.explain(
                fn, args, kwargs,
                lambda r: expect_same(actual, r["value"], case=case, names=names),
                lambda r: expect_same(r["value"], expected, case=case, names=names),
                seen=self.seen[:-1]))

    def grad(self, fn: str, *args, wrt: list, case: str, names=None, output=None,
             grad_output=None, **kwargs):
        """Value and gradients w.r.t. the arguments ``wrt`` (positions or keyword names);
        ``grad_output`` weights a non-scalar output (as in ``torch.autograd.grad``)."""
        spec = {"wrt": list(wrt), "output": output, "grad_output": grad_output}
        names = names or [str(w) for w in wrt]
        start = time.perf_counter()
        expected = call_function(getattr(self.reference, fn), clone(args), clone(kwargs), grad=spec)
        seconds = time.perf_counter() - start
        result = getattr(self.student, fn).on(case, seconds, expected["value"]).grad(
            *args, wrt=wrt, output=output, grad_output=grad_output, **kwargs)

        def check(actual, want):
            expect_same(actual.value, want["value"], case=case)
            expect_grads(grads_of(actual, case=case), want["grads"], case=case, names=names)

        try:
            check(result, expected)
        except Mismatch as exc:
            raise self._hinted(exc, fn, self.hints.explain(
                fn, args, kwargs,
                lambda r: check(result, r),
                lambda r: check(_Reply(r), expected), grad=spec))
        return result

    def unmodified(self, fn: str, *args, case: str, names=None, **kwargs) -> None:
        """A right answer that leaves its tensor arguments as they were."""
        expected, seconds = timed(getattr(self.reference, fn), args, kwargs)
        result = getattr(self.student, fn).on(case, seconds, expected).echo(*args, **kwargs)
        self._check_value(fn, args, kwargs, result.value, expected, case=case, names=names)
        changed = _changed(args, result.args_after)
        if changed is None:
            return
        i, before, after = changed
        exc = Mismatch(case, detail=f"argument {i + 1} was modified in place; "
                       "work on a copy (e.g. x = x - m, not x -= m)",
                       expected=before.detach(), actual=after)
        for hint, namespace in self.hints.candidates(fn):
            copies = clone(args)
            try:
                namespace[fn](*copies, **clone(kwargs))
            except Exception:  # noqa: BLE001
                continue
            if _changed(args, copies) is not None:
                raise self._hinted(exc, fn, hint)
        raise exc

    def _hinted(self, exc: Mismatch, fn: str, hint: str | None) -> Mismatch:
        """``exc`` naming the likely misconception, and noting which known mistake it is
        (``exc.mutant``, kept with the test's outcome)."""
        exc = exc.with_hint(hint)
        exc.mutant = self.hints.mutant_of(fn, exc.hint)
        return exc


def _changed(before_args, after_args):
    """(index, before, after) of the first tensor argument that changed, or None."""
    for i, (before, after) in enumerate(zip(before_args, after_args)):
        if isinstance(before, torch.Tensor) and not (
                isinstance(after, torch.Tensor) and after.shape == before.shape
                and torch.equal(after.detach(), before.detach())):
            return i, before, after
    return None


class _Reply:
    """A :func:`call_function` reply seen like the proxy's ``CallResult``."""

    def __init__(self, reply: dict):
        self.value, self.grads = reply["value"], reply.get("grads")
        self.grad_error = reply.get("grad_error")
