"""The closest convention: which known way of computing a function explains the student's answers.

Real code rarely makes exactly one known mistake: it computes another *convention* (a GAE that
cuts the recursion at terminations only, a loss averaged over tokens, CleanRL's ``values[t + 1]``)
and adds a small second deviation of its own (a float32 intermediate, another eps, another order
of reduction). A replay that must reproduce every answer at the value tests' tolerance then names
nothing. This step measures instead how far each convention's answer lies from the student's.

The candidates for a function ``fn`` are our own code, run here, never the student's:

* the assignment's conventions, ``autograder/hidden/<name>/conventions.py``: functions marked
  with :func:`convention` (the graded function's signature, what the student's code computes,
  and what the contract asks instead);
* every known mistake of the bank (``hidden/<name>/mutants``) that defines ``fn`` and has a hint.

On every compared case of ``fn`` (values, and gradients where the case asks for them) a candidate
*explains* the student's answer when it agrees with it by the case's own check, or when it
differs by a small deviation only (:func:`small`) and, where the student failed, its distance
to the student's answer is at most :data:`RATIO` times the reference's. A cause is named when

* one candidate explains every compared case, failed and passed (a student right where the
  candidate is wrong does not compute it), and the cases where it differs from the reference
  carry enough information (two, or one that is more than a bit);
* no candidate with another text comes close: the others that explain every case lie at least
  :data:`SEPARATION` times further from the student's answers (two equally close ones are named
  together, "one of: ..."; more are not named).

An answer of one number (a verifier's 1.0 or 0.0) has no small deviation: there a second one
shows as a few cases the candidate does not explain, at most :data:`BIT_MISSES` of the failed
ones, and every other candidate must miss :data:`BIT_GAP` of them more; the cause then says
that another difference remains.

When no candidate explains every case, :mod:`~autograder.engine.causes.pairs` tries each once
more with a second, known deviation of its whole answer (its sign, a sum for a mean), by the
same rule, and then :mod:`~autograder.engine.causes.compose` each on changed inputs. A case
where the student's code raised is explained by a candidate that raises there too (or answers
in a shape the harness refuses); one where the reference raised leaves nothing to measure. A match that is not exact says so: a small difference remains besides. Nothing is
named while a function that ``fn`` calls answers wrongly (``fn``'s failures may follow from
that one's). A correct solution is never shown one: its function fails no case, and this step
runs only for failed ones.
"""
from __future__ import annotations

import importlib.util
import math
import warnings
from dataclasses import dataclass, replace
from functools import cache, partial
from typing import NamedTuple

import torch

from autograder.engine.causes.changes import change, declared, twist  # noqa: F401 - beside convention
from autograder.engine.causes.evidence import Observation, Raised, _numbers, agree, informative
from autograder.engine.causes.replay import one_of, replay

#: a candidate's distance to the student's answer, as a fraction of the reference's, at most
RATIO = 0.05
#: ... and each of its numbers within this fraction of the candidate's (a small deviation)
SMALL = 2e-3
#: how much further than the closest every candidate with another text must lie
SEPARATION = 20.0
#: answers of one number (bits) have no small deviation: a second one shows as a few cases the
#: candidate does not explain, at most this fraction of the failed ones ...
BIT_MISSES = 0.1
#: ... and every candidate with another text must miss this fraction of them more
BIT_GAP = 0.1
#: what a match that is close but not exact adds
APPROXIMATE = ("; a small difference remains besides (a rounding, an eps, an order of "
               "summation), which does not change this")


@dataclass(frozen=True)
class Convention:
    """Another way of computing ``fn``: ``function`` (its signature) and what it means."""
    name: str
    fn: str
    text: str           #: what the student's code computes, and what the contract asks
    function: object


def convention(fn: str, text: str):
    """Marks a function of ``hidden/<name>/conventions.py`` as a convention of ``fn``."""
    def mark(function):
        function.convention = Convention(function.__name__, fn, text, function)
        return function
    return mark


def conventions(module) -> list[Convention]:
    """The conventions a loaded ``conventions.py`` marks, in the order it defines them; their
    names must differ (an answer is cached by name: two made by one factory must be renamed)."""
    found = list({id(c): c for c in (getattr(v, "convention", None)
                                     for v in vars(module).values())
                  if isinstance(c, Convention)}.values())   # a loop's variable holds one again
    names = [c.name for c in found]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ValueError(f"{getattr(module, '__file__', module)}: two conventions are named "
                         f"{', '.join(twice)}; give each its own __name__")
    return found


@dataclass(frozen=True)
class Closest:
    """The named candidates (their names and texts), whether every case matched exactly, and
    whether some failed cases of one number are left unexplained (another difference)."""
    names: tuple[str, ...]
    text: str
    exact: bool
    partial: bool = False


class Fit(NamedTuple):
    """How well one candidate explains the cases: the sum of its distances as fractions of the
    reference's, plus the fraction of the failed cases of one number it leaves unexplained."""
    total: float
    exact: bool
    name: str
    text: str
    missed: int


def flat(answer) -> torch.Tensor:
    """Every number of an answer (values, then gradients), float64, in one row."""
    return torch.tensor(_numbers(answer), dtype=torch.float64)


def distance(a: torch.Tensor, b: torch.Tensor) -> float:
    """The norm of ``a - b`` where both are finite; infinite where they differ in which numbers
    are NaN or infinite, or in length."""
    if a.shape != b.shape:
        return math.inf
    finite = torch.isfinite(a) & torch.isfinite(b)
    same_odd = (torch.isnan(a) & torch.isnan(b)) | (torch.isinf(a) & (a == b))
    if bool((~finite & ~same_odd).any()):
        return math.inf
    return float((a[finite] - b[finite]).norm()) if bool(finite.any()) else 0.0


def small(obs: Observation, student, answer) -> bool:
    """The student's answer is the candidate's up to a small deviation: on a float64 precision
    case, agreement at the value tests' tolerance (a float32 intermediate, another eps); on
    any case with more than one number, every number within :data:`SMALL` of the candidate's,
    relative to it (the odd ones, NaN and infinities, where the candidate's are). One number
    alone (a loss) has no small deviation beyond that: a mean hides one element's change."""
    if loose(obs) is not obs and agree(loose(obs), student, answer):
        return True
    s, c = flat(student), flat(answer)
    if s.numel() < 2 or not math.isfinite(distance(s, c)):
        return False
    finite = torch.isfinite(c)
    scale = float(c[finite].abs().max()) if bool(finite.any()) else 0.0
    gap = (s[finite] - c[finite]).abs()
    return bool((gap <= SMALL * c[finite].abs() + SMALL * 1e-2 * scale).all())


def loose(obs: Observation) -> Observation:
    """``obs`` judged at the value tests' tolerance (itself when it is not a precision case)."""
    judge = obs.judge
    if not (isinstance(judge, partial) and judge.keywords.get("precision")):
        return obs
    return replace(obs, judge=partial(judge.func, *judge.args,
                                      **{**judge.keywords, "precision": False}))


def explains(obs: Observation, answer) -> tuple[bool, bool, float]:
    """(explains, exactly, distance as a fraction of the reference's) of one case: a candidate
    must lie within a small deviation (:func:`small`) of the student's answer; where it
    differs from the reference's and the student failed, also :data:`RATIO` times closer than
    the reference (where it agrees with the reference, the case tells it from nothing; where
    the reference's answer has another shape than both, it lies at no measurable distance)."""
    if agree(obs, obs.student, answer):
        return True, True, 0.0
    if isinstance(obs.student, Raised):     # failing the same way: raising, or an answer of
        refused = shape(answer) != shape(obs.reference)     # the shape the harness refused
        return refused and not isinstance(answer, Raised), False, 0.0
    if not small(obs, obs.student, answer):
        return False, False, math.inf
    if agree(obs, obs.student, obs.reference) or agree(obs, answer, obs.reference):
        return True, False, 0.0
    if shape(obs.student) != shape(obs.reference) and shape(answer) == shape(obs.student):
        return True, False, 0.0     # the reference's answer has another shape: no distance
    student = flat(obs.student)
    d = distance(student, flat(answer))
    ref = distance(student, flat(obs.reference))
    if not math.isfinite(ref):
        return True, False, 0.0
    if ref == 0.0:          # the same numbers as the reference: the difference lies elsewhere
        return False, False, math.inf
    return d <= RATIO * ref, False, d / ref


def shape(answer) -> tuple | None:
    """The shape of an answer's value (a gradient reply's value), None where it is no tensor:
    an answer of one shape lies no distance from one of another, whatever its numbers."""
    value = answer if isinstance(answer, torch.Tensor) else getattr(answer, "value", answer)
    return tuple(value.shape) if isinstance(value, torch.Tensor) else None


def closest(cases: list[Observation], candidates: list[tuple[str, str, object]], answer) \
        -> Closest | None:
    """The candidate of the module docstring among ``candidates`` ((name, text, payload), the
    payload given to ``answer(payload, obs)`` for its answer on a case), or None."""
    if not cases or not any(not agree(o, o.student, o.reference) for o in cases):
        return None
    return named(fits(cases, candidates, answer))


def fits(cases: list[Observation], candidates: list[tuple[str, str, object]], answer) \
        -> list[Fit]:
    """The candidates that explain every case (module docstring), closest first."""
    failed = sum(not agree(o, o.student, o.reference) for o in cases)
    fitting = []
    for name, text, payload in candidates:
        total, exact, evidence, missed = 0.0, True, [], 0
        for o in cases:
            try:
                got = answer(payload, o)
                ok, same, ratio = explains(o, got)
            except Exception:  # noqa: BLE001 - an answer of another form fits no convention
                ok = False
            if not ok and bit(o):
                missed += 1
                continue
            if not ok:
                break
            exact &= same
            total += ratio
            if not agree(o, got, o.reference):
                evidence.append(got)
        else:
            if failed and missed <= BIT_MISSES * failed and (
                    len(evidence) >= 2 or any(informative(a) for a in evidence)):
                fitting.append(Fit(total + missed / failed, exact and not missed, name, text,
                                   missed))
    return sorted(fitting)


def named(fitting: list[Fit]) -> Closest | None:
    """The closest of ``fitting`` when no candidate with another text comes close (two equally
    close texts are named together), else None."""
    if not fitting:
        return None
    best = fitting[0]
    bound = best.total + BIT_GAP if best.missed else SEPARATION * best.total
    near = [f for f in fitting if f.total <= bound + 1e-9]
    texts = list(dict.fromkeys(f.text for f in near))
    if len(texts) > 2:
        return None
    exact = all(f.exact for f in near)
    partial = any(f.missed for f in near)
    return Closest(tuple(f.name for f in near),
                   one_of(texts) + ("" if exact or partial else APPROXIMATE), exact, partial)


def bit(obs: Observation) -> bool:
    """The case's answer is one number, not a tensor (a verifier's 1.0 or 0.0)."""
    return all(isinstance(a, (bool, int, float)) for a in (obs.student, obs.reference))


def value_cases(fn: str, observations: list[Observation]) -> list[Observation]:
    """The compared cases of ``fn`` (values, or values and gradients), or none at all when the
    reference raised on one of them. A case where the student's code raised stays: a candidate
    explains it when it fails the same way (:func:`explains`)."""
    cases = [o for o in observations if o.fn == fn and o.kind in ("value", "grad")]
    return [] if any(isinstance(o.reference, Raised) for o in cases) else cases


@cache
def _module(assignment):
    """``hidden/<name>/conventions.py``, loaded once per grading process (our own code, run in
    the grader), or None."""
    path = assignment.hidden_dir / "conventions.py"
    if not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location(f"_autograde_conventions_{assignment.name}",
                                                  path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def assignment_conventions(assignment) -> tuple[Convention, ...]:
    """The conventions of ``hidden/<name>/conventions.py``."""
    module = _module(assignment)
    return () if module is None else tuple(conventions(module))


def assignment_parts(assignment) -> tuple:
    """The changes and twists ``hidden/<name>/conventions.py`` declares
    (:func:`~autograder.engine.causes.changes.change`, :func:`~.changes.twist`)."""
    module = _module(assignment)
    return () if module is None else tuple(declared(module))


_answers: dict[tuple[str, str, str], object] = {}   # (assignment, convention, case) -> answer


def answer_of(assignment: str, item: Convention, obs: Observation):
    """A convention's answer on an observed case, in the form of the case (cached: a batch
    grades many submissions on the same hidden inputs)."""
    key = (assignment, item.name, obs.key)
    if key not in _answers:
        with warnings.catch_warnings():     # a convention's std of one number, as a student's
            warnings.simplefilter("ignore")
            _answers[key] = replay(item.function, obs)
    return _answers[key]
