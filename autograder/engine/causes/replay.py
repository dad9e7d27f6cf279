"""Replay of the bank of known mistakes (``hidden/<name>/mutants``) on the observed cases.

Every known mistake is our own code, run here, never the student's. For a function whose tests
failed, each mistake of the bank is replayed on the observed inputs of that function and of the
functions it calls. A mistake fits when

* its answers agree with the student's on every one of those cases (a student whose code the
  mistake explains everywhere, not on one lucky input), and
* the cases where it differs from the reference carry enough information: at least two of
  them, or one whose answer is more than a bit (a tensor of ordinary numbers, not a lone 0.0,
  1.0, NaN, inf or an exception).

When several fit (they agree on every case the suite tried), the feedback says "one of: ...".
A mistake *explains part* of the evidence when, on every case, it agrees with the student or
with the reference (it is silent where a second, unrelated bug shows), and it agrees with the
student on most of the failed cases: :func:`autograder.engine.causes.explain` names it with
"another difference remains".

Replays are cached per process by the digest of their inputs: a batch grades many
submissions on the same hidden inputs, so each mistake runs once per case.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache, partial

from autograder.engine.causes.evidence import Observation, Raised, agree, helpers, informative
from pgcheck.calls import CallResult, call_function, clone


@dataclass(frozen=True)
class Mistake:
    name: str           #: the mutant file's name
    hint: str
    namespace: dict     #: the whole buggy module, loaded


@cache
def _bank(assignment) -> tuple[list[Mistake], dict[str, set[str]]]:
    """The hinted mistakes and the reference's call graph, loaded once per grading process."""
    from autograder.engine.mutants import bank

    mistakes = [Mistake(m.name, m.hint, m.load()) for m in bank(assignment) if m.hint]
    return mistakes, helpers(assignment.reference_module.read_text())


_replays: dict[tuple[str, str, str], object] = {}     # (assignment, mistake, case key) -> answer


def same_mistake(obs: Observation, student, answer) -> bool:
    """The student's answer agrees with a mistake's. On a float64 precision case, where the
    mistake's answer is wrong at the value tests' precision too (a wrong algorithm, not a
    rounding), at that precision: the student's mistake may keep another eps, or round
    differently, and is still the same mistake. A mistake that differs from the reference
    only in precision must agree to float64's precision."""
    if agree(obs, student, answer):
        return True
    judge = obs.judge
    if not (isinstance(judge, partial) and judge.keywords.get("precision")):
        return False
    loose = replace(obs, judge=partial(judge.func, *judge.args,
                                       **{**judge.keywords, "precision": False}))
    return not agree(loose, answer, obs.reference) and agree(loose, student, answer)


def one_of(hints: list[str]) -> str:
    """How several equally good explanations read."""
    return hints[0] if len(hints) == 1 else "one of: " + "; ".join(hints)


class KnownMistakes:
    """The bank of known mistakes of one assignment, ready to replay observed cases."""

    def __init__(self, assignment):
        self.assignment = assignment

    @property
    def mistakes(self) -> list[Mistake]:
        return _bank(self.assignment)[0]

    def scope(self, fn: str) -> set[str]:
        """``fn`` and the functions of the reference it calls."""
        return _bank(self.assignment)[1].get(fn, {fn})

    def replay(self, mistake: Mistake, obs: Observation):
        """The mistake's answer on an observed case (cached)."""
        key = (self.assignment.name, mistake.name, obs.key)
        if key not in _replays:
            _replays[key] = replay(mistake.namespace[obs.fn], obs)
        return _replays[key]

    def fits(self, mistake: Mistake, cases: list[Observation]) -> bool:
        """The rule of the module docstring, for one mistake on the cases in scope."""
        if any(obs.fn not in mistake.namespace for obs in cases):
            return False
        evidence = []
        for obs in cases:
            answer = self.replay(mistake, obs)
            if not same_mistake(obs, obs.student, answer):
                return False
            if not agree(obs, answer, obs.reference):
                evidence.append(answer)
        return len(evidence) >= 2 or any(informative(a) for a in evidence)

    def explains_part(self, mistake: Mistake, cases: list[Observation]) -> int:
        """How many failed cases the mistake explains when it explains part of the evidence
        (module docstring), else 0."""
        if any(obs.fn not in mistake.namespace for obs in cases):
            return 0
        explained, failed, evidence = 0, 0, []
        for obs in cases:
            answer = self.replay(mistake, obs)
            right = agree(obs, obs.student, obs.reference)
            failed += not right
            if same_mistake(obs, obs.student, answer):
                explained += not right
                if not right:
                    evidence.append(answer)
            elif right or not agree(obs, answer, obs.reference):
                return 0        # it predicts a wrong answer the student does not give
        enough = len(evidence) >= 2 and any(informative(a) for a in evidence)
        return explained if enough and 2 * explained > failed and explained < failed else 0

    def fitting(self, cases: list[Observation]) -> list[Mistake]:
        """The mistakes that fit every case."""
        return [m for m in self.mistakes if self.fits(m, cases)]


def replay(function, obs: Observation):
    """``function`` on copies of ``obs``'s inputs, answered in the form of ``obs.kind``."""
    args, kwargs = clone(obs.args), clone(obs.kwargs)
    try:
        reply = call_function(function, args, kwargs,
                              grad=obs.spec if obs.kind == "grad" else None)
    except Exception as exc:  # noqa: BLE001 - a known mistake may raise, as a student's code
        return Raised(type(exc).__name__)
    if obs.kind == "grad":
        return CallResult.of(reply)
    if obs.kind == "echo":
        return list(args)
    return reply["value"]
