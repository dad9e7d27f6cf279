"""Student against reference on the same input; likely causes on specific evidence.

The hidden suites' main tool is the ``compare`` fixture (a :class:`Compare`)::

    def test_groups(compare):
        compare("group_advantages", rewards, normalize_std=True, case="3 groups of 5")

runs the student's function in the worker and the reference here, on the same
arguments, and checks the answer (type, exact shape, dtype, values within
:data:`~pgcheck.assertions.TOLERANCES`: float32 precision, since a value test
judges the algorithm). Values are measured from the exact answer, the reference
run again on the inputs made float64 (:func:`exact_answer`), so an answer more
accurate than the float32 reference is never charged for the reference's rounding. ``compare.precision(...)`` is the one test per function
that asks for float64 arithmetic (:data:`~pgcheck.assertions.FLOAT64_PRECISION`);
``compare.grad(...)`` checks gradients, and a gradient that matched the reference's is
then checked against the student's own values at inputs the grader perturbs
(:mod:`autograder.engine.probes`: finite differences, one more exchange);
``compare.unmodified(...)`` checks that the inputs are left as they were, and nothing else.

A wrong answer says by how much it is wrong and at what tolerance, and, when the
numbers fit one story exactly, a diagnosis computed from the reference's own
answer. Every compared case is kept; when the grade is over, :meth:`Compare.finish`
names one likely cause per function only where the evidence of all the cases of
that function is specific. Both come from one pipeline, :mod:`autograder.engine.causes`
(replay of known mistakes, relations, diagnoses), which this module only calls::

    group mean: 3 groups of 5: values differ at index (2, 0): expected -0.4213, got -1.103; ...
      expected [-0.4213, 0.5787, ...]
      got      [-1.103, -0.1033, ...]
      likely cause: you subtracted the mean of the whole batch instead of each group's mean

Time limits follow the work: the reference runs first, timed, and the student's
call may take :meth:`~autograder.sandbox.confine.Limits.call_limit` of that time
(a floor plus a generous multiple), so a slow but correct answer passes and a
hang is stopped within seconds. :func:`reference_timer` does the same for calls
made outside ``compare`` (the public checks).
"""
from __future__ import annotations

import time
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial

import torch

from autograder.engine import probes
from autograder.engine.assertions import (Mismatch, expect_close, expect_float, expect_no_grad,
                                          grads_of)
from autograder.engine.causes import (UNKNOWN, Cause, Causes, Observation, Raised,  # noqa: F401
                                      diagnose)
from autograder.engine.causes.evidence import one_line
from autograder.engine.causes.diagnoses import rounding_checked
from pgcheck.calls import CallResult, call_function, clone
from autograder.sandbox.problems import StudentError
from autograder.sandbox.replies import ReferenceRun


def expect_same(actual, expected, *, case: str, names=None, precision: bool = False,
                exact=None) -> None:
    """``actual`` matches ``expected``: a tensor, a number, or a tuple of them; with
    ``precision``, tensors to float64's precision (the precision tests). ``exact``, of the
    same form: the exact answer (:func:`exact_answer`) that values are measured from."""
    if isinstance(expected, (tuple, list)):
        if not isinstance(actual, (tuple, list)) or len(actual) != len(expected):
            raise Mismatch(case, detail=f"expected a tuple of {len(expected)} values",
                           actual=actual)
        exacts = exact if isinstance(exact, (tuple, list)) and len(exact) == len(expected) \
            else [None] * len(expected)
        for i, (got, want) in enumerate(zip(actual, expected)):
            label = names[i] if names else f"item {i}"
            expect_same(got, want, case=f"{case}, {label}", precision=precision,
                        exact=exacts[i])
    elif isinstance(expected, torch.Tensor):
        expect_close(actual, expected.detach(), case=case, precision=precision,
                     exact=exact if isinstance(exact, torch.Tensor) else None)
    else:
        expect_float(actual, float(expected), case=case,
                     exact=float(exact) if isinstance(exact, (int, float)) else None)


def promoted(value):
    """A copy of call arguments with every float32 (or float16) tensor made float64."""
    if isinstance(value, torch.Tensor):
        copy = value.detach().clone()
        if copy.is_floating_point() and copy.dtype != torch.float64:
            copy = copy.to(torch.float64)
        return copy.requires_grad_(value.requires_grad and copy.is_floating_point())
    if isinstance(value, (list, tuple)):
        return type(value)(promoted(v) for v in value)
    if isinstance(value, dict):
        return {k: promoted(v) for k, v in value.items()}
    return value


def _lower_precision(value) -> bool:
    if isinstance(value, torch.Tensor):
        return value.is_floating_point() and value.dtype != torch.float64
    if isinstance(value, (list, tuple)):
        return any(_lower_precision(v) for v in value)
    if isinstance(value, dict):
        return any(_lower_precision(v) for v in value.values())
    return False


def exact_answer(function, args, kwargs):
    """The exact answer of a call: ``function`` (the reference) on its inputs made float64,
    or None when they hold no float32 tensor (the reference's answer is then the exact one)
    or the reference refuses the promoted inputs. docs/contract.md, "Precision"."""
    if not (_lower_precision(args) or _lower_precision(kwargs)):
        return None
    try:
        with torch.no_grad():
            return function(*promoted(args), **promoted(kwargs))
    except Exception:  # noqa: BLE001 - then the float32 reference's answer stands alone
        return None


def expect_grads(actual: list, expected: list, *, case: str, names, reached=None) -> None:
    """Gradients: where the reference has none (or zeros), the student must have none, and
    the output's graph must not reach that input through torch's own nodes (``reached``, the
    worker's harness's reading of the graph; None: not said)."""
    for i, (got, want, name) in enumerate(zip(actual, expected, names)):
        if want is None or not bool((want != 0).any()):
            if reached is not None and i < len(reached) and reached[i]:
                raise Mismatch(f"{case}: gradient w.r.t. {name}", detail=(
                    f"a gradient flows into {name}, which must be a constant (use .detach()): "
                    "the output's graph reaches it"), actual=got)
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


@dataclass(frozen=True)
class Explained:
    """A failed comparison's feedback, and the cause of its function (:meth:`Compare.finish`):
    the cause's words are shown once per function, at its first failure that compared values,
    while every failure of the function keeps the cause (the class page counts them)."""

    #: what the student reads: the case, expected and actual, and the likely cause if any
    text: str
    cause: Cause


@dataclass(frozen=True)
class Failure:
    """A failed comparison, marked by :meth:`Compare._failed` for :meth:`Compare.finish`."""

    #: the exception the test raised (held, not copied: found again by identity)
    exc: BaseException
    #: the student's function whose answer was wrong
    fn: str


class Compare:
    """The ``compare`` fixture: see the module docstring."""

    def __init__(self, student, reference, causes: Causes):
        self.student, self.reference, self.causes = student, reference, causes
        causes.ask = self.again     # the causes' experiments call the student's code again
        self.observations: list[Observation] = []      # every compared case, for the hints
        self._concluded: dict[str, Cause] = {}
        self._gathered: list | None = None      # failures held back inside gather()
        self._failures: list[Failure] = []     # every failure marked here, in order
        self._unraised: set[int] = set()       # ids of failures gather() held back for good
        self._shown: dict[str, BaseException] = {}     # the failure that shows fn's cause
        #: function -> the case where its reported gradient contradicted its own values
        self.forged: dict[str, str] = {}
        #: the functions whose gradients the running test compared (the plugin reads, clears)
        self.grads_compared: list[str] = []

    def __call__(self, fn: str, *args, case: str, names=None, _precision=False, **kwargs):
        """Call ``fn`` on both sides and check the student's value; returns it."""
        expected, seconds = timed(getattr(self.reference, fn), args, kwargs)
        exact = exact_answer(getattr(self.reference, fn), args, kwargs)
        judge = partial(_judge_value, names=names, precision=_precision)
        actual, error = self._ask(fn, case, seconds, expected, lambda f: f(*args, **kwargs))
        answer = actual if error is None else raised(error)
        self._observe(fn, "value", args, kwargs, answer, expected, judge)
        if error is not None:
            return self._failed(error, fn)
        try:
            expect_same(actual, expected, case=case, names=names, precision=_precision,
                        exact=exact)
        except Mismatch as exc:
            if _precision:
                exc.diagnosis = rounding_checked(exc.diagnosis, getattr(self.reference, fn),
                                                 clone(args), clone(kwargs), actual)
            if not exc.diagnosis:
                exc.with_diagnosis(diagnose(getattr(self.reference, fn), clone(args),
                                            clone(kwargs), actual, expected))
            self._failed(exc, fn)
        return actual

    def precision(self, fn: str, *args, case: str, names=None, **kwargs):
        """The float64 precision test of ``fn``: float64 inputs, and the answer must keep
        float64's precision (its failure carries a diagnosis from the numbers)."""
        return self(fn, *args, case=case, names=names, _precision=True, **kwargs)

    def grad(self, fn: str, *args, wrt: list, case: str, names=None, output=None,
             grad_output=None, **kwargs):
        """Value and gradients w.r.t. the arguments ``wrt`` (positions or keyword names);
        ``grad_output`` weights a non-scalar output (as in ``torch.autograd.grad``)."""
        spec = {"wrt": list(wrt), "output": output, "grad_output": grad_output}
        names = names or [str(w) for w in wrt]
        start = time.perf_counter()
        expected = CallResult.of(call_function(getattr(self.reference, fn), clone(args),
                                               clone(kwargs), grad=spec))
        seconds = time.perf_counter() - start
        judge = partial(_judge_grad, names=names)
        result, error = self._ask(fn, case, seconds, expected.value, lambda f: f.grad(
            *args, wrt=wrt, output=output, grad_output=grad_output, **kwargs))
        answer = result if error is None else raised(error)
        self._observe(fn, "grad", args, kwargs, answer, expected, judge, spec)
        if error is not None:
            return self._failed(error, fn)
        self.grads_compared.append(fn)
        try:
            _judge_grad(result, expected, names=names, case=case)
        except Mismatch as exc:
            return self._failed(exc, fn)       # inside gather(): held back, nothing to probe
        if fn in self.forged:
            raise probes.ForgedGradient(case, detail=(
                f"not trusted: the gradient reported for {fn} on case '{self.forged[fn]}' did "
                "not match its own values"))
        self._probe(fn, args, kwargs, wrt, result, expected, case, seconds, spec)
        return result

    def _probe(self, fn, args, kwargs, wrt, result, expected, case, seconds, spec) -> None:
        """The reported gradient against the student's values at the grader's probes
        (:mod:`.probes`); a contradiction fails the test and marks ``fn``'s gradients forged."""
        if kwargs or not all(isinstance(w, int) for w in wrt):
            return      # the probes send positional arguments only
        session = self.student.session
        timeout = 4 * session.limits.call_limit(seconds) if session is not None else None

        def values_at(items):
            return self.student.map(fn, items, case=f"{case} (gradient probe)", timeout=timeout)
        try:
            probes.check(values_at, getattr(self.reference, fn), list(args), list(wrt), result,
                         expected, output=spec["output"], grad_output=spec["grad_output"],
                         case=case)
        except probes.ForgedGradient as exc:
            self.forged.setdefault(fn, case)
            if session is not None:
                session.forged_gradient(fn, case)
            raise exc from None

    def unmodified(self, fn: str, *args, case: str, names=None, **kwargs) -> None:
        """The student's ``fn`` leaves its tensor arguments as they were (its answer is
        judged by the value tests, not here)."""
        expected, seconds = timed(getattr(self.reference, fn), args, kwargs)
        result, error = self._ask(fn, case, seconds, expected, lambda f: f.echo(*args, **kwargs))
        if error is not None:
            raise error
        self._observe(fn, "echo", args, kwargs, list(result.args_after), list(clone(args)),
                      _judge_inputs)
        changed = _changed(args, result.args_after)
        if changed is not None:
            i, before, after = changed
            self._failed(Mismatch(case, detail=f"argument {i + 1} was modified in place; "
                                  "work on a copy (e.g. x = x - m, not x -= m)",
                                  expected=before.detach(), actual=after), fn)

    def _ask(self, fn: str, case: str, seconds: float, answer, call):
        """(``call(f)``, None) on the student's ``fn`` for this case (the reference took
        ``seconds`` and answered ``answer``), or (None, the exception) when the student's code
        raised, its feedback then named by the case. A stub's NotImplementedError and a
        missing function are raised as they are: the plugin words them itself."""
        try:
            return call(getattr(self.student, fn).on(case, seconds, answer)), None
        except StudentError as exc:
            if exc.not_implemented or exc.type == "MissingFunction":
                raise
            exc.args = (f"{case}: {exc}",)
            return None, exc

    # -- likely causes, once the grade is over ------------------------------------------
    def again(self, fn: str, items: list, seconds: float) -> list | None:
        """The student's answers on the argument lists ``items``, in one exchange whose limit
        follows the ``seconds`` the reference took on them all (the ablations' experiment,
        :mod:`autograder.engine.causes.ablations`), or None when the call raises, hangs or
        crashes: the experiment then ends silently, and nothing of it enters the report. It
        runs from :meth:`finish`, at pytest's session end (the plugin's ``name_causes``), while
        the sandbox session is still alive: the grade closes it only after pytest returns."""
        session = self.student.session
        limit = session.limits.call_limit(seconds) if session is not None else 0
        if session is None or session.limits.wall_budget - session.used < limit:
            return None     # never at the cost of the submission's time budget
        events, broken = len(session.events), dict(session.broken)
        try:
            return self.student.function(fn).map(items, case="an experiment on your code",
                                                 timeout=limit)
        except Exception:  # noqa: BLE001 - the student's code raised, hung or crashed
            return None
        finally:
            del session.events[events:]
            session.broken = broken

    def _observe(self, fn, kind, args, kwargs, student, reference, judge, spec=None):
        self.observations.append(Observation(fn, kind, clone(args), clone(kwargs), student,
                                             reference, judge, spec))

    @contextmanager
    def gather(self):
        """Within this block a failed case does not stop the test: every case is compared
        (more evidence for the hints, where each answer is a bit, as a verifier's 0.0 or
        1.0) and the block's first failure is raised when it ends."""
        self._gathered = failures = []
        try:
            yield
        finally:
            self._gathered = None
        if failures:
            self._unraised.update(id(e) for e in failures[1:])     # never reach finish()
            raise failures[0]

    def _failed(self, exc, fn: str) -> None:
        """Raise ``exc`` (or hold it back inside :meth:`gather`), marked for :meth:`finish`:
        its likely cause is settled on all the evidence of the grade."""
        self._failures.append(Failure(exc, fn))
        if self._gathered is None:
            raise exc
        self._gathered.append(exc)

    def failed_in(self, exc: BaseException) -> str:
        """The function whose wrong answer raised ``exc`` here, or "" when ``exc`` was not
        raised by a comparison (a crash, a missing function, a test's own assert)."""
        return next((f.fn for f in reversed(self._failures) if f.exc is exc), "")

    def finish(self, exc) -> Explained:
        """The feedback of a failure raised here, with its likely cause if the evidence of
        every compared case names one."""
        fn = self.failed_in(exc)
        if fn not in self._concluded:
            self._concluded[fn] = (self.causes.conclude(fn, self.observations, self.reference)
                                   if fn else UNKNOWN)
        cause = self._concluded[fn]
        if fn not in self._shown:   # settled before any hint is added to a failure
            # one cause per function, at its first failure that compared values (else its first)
            firsts = [f.exc for f in self._failures if f.fn == fn
                      and id(f.exc) not in self._unraised
                      and not (isinstance(f.exc, Mismatch) and f.exc.hint)]
            self._shown[fn] = next((e for e in firsts if isinstance(e, Mismatch)
                                    and e.expected is not None), firsts[0] if firsts else exc)
        text = cause.text if self._shown[fn] is exc else None   # the class page counts all
        if isinstance(exc, Mismatch):
            if exc.hint:        # a test's own hint, given with the failure
                return Explained(str(exc), UNKNOWN)
            return Explained(str(exc.with_hint(text)), cause)
        return Explained(str(exc) + (f"\n  likely cause: {text}" if text else ""), cause)


def raised(exc: StudentError) -> Raised:
    """A student's exception as evidence: its type, its message made one short line, and the
    function and line of the submission that raised it when the worker named them."""
    origin = exc.origin
    return Raised(exc.type, one_line(exc.message), origin.function if origin else "",
                  origin.line if origin else 0)


def _judge_value(actual, expected, *, names=None, precision=False, case=""):
    expect_same(actual, expected, case=case, names=names, precision=precision)


def _judge_grad(actual, expected, *, names, case=""):
    expect_same(actual.value, expected.value, case=case)
    expect_grads(grads_of(actual, case=case), expected.grads, case=case, names=names,
                 reached=getattr(actual, "reached", None))


def _judge_inputs(after, before, *, case=""):
    changed = _changed(before, after)
    if changed is not None:
        raise Mismatch(case, detail=f"argument {changed[0] + 1} differs")


def _changed(before_args, after_args):
    """(index, before, after) of the first tensor argument that changed, or None."""
    for i, (before, after) in enumerate(zip(before_args, after_args)):
        if isinstance(before, torch.Tensor) and not (
                isinstance(after, torch.Tensor) and after.shape == before.shape
                and torch.equal(after.detach(), before.detach())):
            return i, before, after
    return None
