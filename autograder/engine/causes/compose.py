"""Composed conventions: a known way of computing a function, run on changed inputs, with a
second deviation of its whole answer.

Real buggy code stacks its mistakes: another convention AND a fixed gamma; the contract's
loss on standardised advantages AND summed; a GAE cut at terminations only AND the flags
swapped. When no single candidate (:mod:`~autograder.engine.causes.closest`) and no pair
(:mod:`~autograder.engine.causes.pairs`) explains every compared case, step e tries
candidates built of parts, ``twist ∘ base ∘ change``:

* a **base**: the reference, each convention of the assignment, each known mistake of the
  bank that defines the function;
* a **change** of its inputs (:mod:`~autograder.engine.causes.changes`: from the type of each
  argument and the constants the student's function writes, and those ``conventions.py``
  declares with ``@change``), or none; an input negated,
  left at 0 or made positive (:data:`GUESS`) only with the reference: beside another base it
  fits any code that drops an input;
* a **twist** of its answer (pairs' sign and sizes, and those ``conventions.py`` declares with
  ``@twist``), or none.

Answers of zeros on every failed case (or of one other constant of no information,
:func:`says_little`) are not composed: countless mistakes give them, and some base on some
changed input always does too. A candidate counts its *parts*: one for a base other than the reference, one for a change, one
for a twist. Those of one part (a base alone, the reference changed or twisted alone) and two
(a base changed or twisted, the reference changed and twisted) are tried in full, those of three
(a base changed and twisted) on the answers already computed (a twist is arithmetic on an
answer). The rule that names one is the single candidates' (every compared case explained up to
a small deviation, far closer than the reference, :data:`~.closest.SEPARATION` times closer than
every candidate with another text), with one more: **never when a candidate with fewer parts
comes as close**; the extra part would be a guess. The cause composes the words of its parts:
"<convention>; besides, `gamma` is fixed at 0.99 whatever is passed (...)".

Cost. Step e runs only for a function that failed, so a correct submission pays nothing. On
the first failed case every candidate is evaluated (at most :data:`MOST` runs of a base on
changed inputs); only those that explain it are tried on the rest. Answers are cached by
(assignment, base, change, case), as :func:`~.closest.answer_of` caches a convention's: a batch
grades many submissions on the same hidden inputs.
"""
from __future__ import annotations

import inspect
import warnings
from typing import Callable, NamedTuple

import torch

from autograder.engine.causes.changes import COMPOSE, Change, Twist, typed
from autograder.engine.causes.closest import (SEPARATION, Closest, Convention, bit, explains,
                                              fits, flat, named)
from autograder.engine.causes.evidence import Observation, Raised, agree, informative
from autograder.engine.causes.pairs import Twist as Turn
from autograder.engine.causes.pairs import own_size, twists
from autograder.engine.causes.replay import Mistake, replay

#: the most runs of a base on changed inputs, on the first failed case, per failed function
MOST = 3000
#: changes of this rank (an input negated, left at 0, made positive) go with the reference
#: only: beside a convention or a known mistake they fit anything that drops an input
GUESS = 3
#: what a composed cause of the reference says before its change
CONTRACT = "your code computes what the contract asks, except that "


class Candidate(NamedTuple):
    """A base (``None``: the reference), a change and a twist (each possibly None)."""
    base_name: str
    base_text: str
    base: object
    change: Change | None
    twist: object       #: a pairs.Twist (apply(obs, answer)) or None

    @property
    def parts(self) -> int:
        return (self.base is not None) + (self.change is not None) + (self.twist is not None)

    @property
    def name(self) -> str:
        return "+".join([self.base_name] + [p.name for p in (self.change, self.twist) if p])

    @property
    def text(self) -> str:
        if self.base is None and not self.change and self.twist:   # the twist is the story
            return CONTRACT + self.twist.text.removeprefix("besides, ")
        if self.base is None:
            said = CONTRACT + self.change.besides if self.change else "the reference"
        else:
            said = self.base_text + (f"; besides, {self.change.besides}" if self.change else "")
        return said + (f"; {self.twist.text}" if self.twist else "")


_answers: dict[tuple, object] = {}      # (assignment, base, change, case) -> answer
#: a change that cannot be made on a case's inputs (another case lacks the argument)
NONE = Raised("Inapplicable")


def bind(signature: inspect.Signature, obs: Observation) -> dict | None:
    try:
        bound = signature.bind(*obs.args, **obs.kwargs)
    except TypeError:
        return None
    bound.apply_defaults()
    return dict(bound.arguments)


def changed(function, signature: inspect.Signature, change: Change):
    """``function`` run on its arguments changed (inside the call: a change that detaches or
    shifts an input keeps the gradient's path as the student's code has it)."""
    def run(*args, **kwargs):
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        try:
            new = change.apply(dict(bound.arguments))
        except Exception as exc:   # noqa: BLE001 - this case's inputs do not take the change
            raise LookupError("inapplicable") from exc
        return function(*new.values())
    return run


class Composer:
    """The composed candidates of one failed function (module docstring)."""

    def __init__(self, assignment: str, fn: str, reference_fn, answer: Callable,
                 declared=(), scope=(), literals=()):
        self.assignment, self.fn, self.reference_fn, self.answer = (assignment, fn,
                                                                    reference_fn, answer)
        self.signature = inspect.signature(reference_fn)
        self.declared = [d.part for d in declared if d.fn == fn]
        self.scope = set(scope) | {fn}      #: fn and the reference's functions it calls
        self.runs = 0
        self.literals = tuple(literals)     #: the constants the student's fn writes

    def function(self, base):
        if base is None:
            return self.reference_fn
        if isinstance(base, Mistake):
            return base.namespace[self.fn]
        return base.function if isinstance(base, Convention) else base

    def base_answer(self, c: Candidate, obs: Observation):
        if c.change is None:
            return obs.reference if c.base is None else self.answer(c.base, obs)
        key = (self.assignment, c.base_name, c.change.name, obs.key)
        if key not in _answers:
            self.runs += 1
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                got = replay(changed(self.function(c.base), self.signature, c.change), obs)
            _answers[key] = NONE if isinstance(got, Raised) and got.type == "LookupError" \
                else got
        return _answers[key]

    def run(self, c: Candidate, obs: Observation):
        got = self.base_answer(c, obs)
        if got is NONE:
            raise LookupError("inapplicable")
        if c.twist is None or isinstance(got, Raised):
            return got
        with warnings.catch_warnings():     # a twist's std of one number, as a student's
            warnings.simplefilter("ignore")
            return c.twist.apply(obs, got)

    def turns(self, cases: list[Observation], sizes_of) -> list:
        """pairs' twists and the declared ones, each ``apply(obs, answer)``."""
        found = list(twists(cases, sizes_of))
        for t in self.declared:
            if isinstance(t, Twist):
                found.append(Turn(
                    t.name, f"besides, {t.text}",
                    lambda o, a, f=t.apply: f(a, bind(self.signature, o))))
        return found

    def candidates(self, first: Observation, bases, turns) -> list[Candidate]:
        """Every candidate of the module docstring, those of fewer parts first."""
        bound = bind(self.signature, first) or {}
        defaults = {k: p.default for k, p in self.signature.parameters.items()
                    if p.default is not inspect.Parameter.empty}
        changes = [c for c in self.declared if isinstance(c, Change)] + typed(
            bound, COMPOSE, defaults, self.literals)       # the assignment's own first
        found = [Candidate("reference", "", None, ch, None) for ch in changes]
        found += [Candidate("reference", "", None, None, t) for t in turns]
        found += [Candidate(n, text, p, None, t) for n, text, p in bases for t in [None] + turns]
        found += [Candidate("reference", "", None, ch, t) for ch in changes for t in turns]
        budget = MOST - len(changes)      # the likeliest changes first, to every base
        for ch in [c for c in changes if c.rank < GUESS]:
            if budget < len(bases):
                break
            budget -= len(bases)
            found += [Candidate(n, text, p, ch, t) for n, text, p in bases
                      for t in [None] + turns]
        return found

    def bases(self, bases) -> list:
        """The bases to change: the known mistakes first (real kinds), then the conventions;
        a mistake whose ``fn`` and the functions it calls are the reference's own code (its
        mistake lies in another function) is the reference, already changed."""
        ours = self.reference_fn.__globals__

        def same(mistake) -> bool:
            return all(_same_code(getattr(mistake.namespace.get(f), "__code__", None),
                                  getattr(ours.get(f), "__code__", None)) for f in self.scope)
        mistakes = [b for b in bases if isinstance(b[2], Mistake) and not same(b[2])]
        return mistakes + [b for b in bases if not isinstance(b[2], Mistake)]

    def closest(self, cases: list[Observation], bases, sizes_of=None) -> Closest | None:
        """The composed candidate of the module docstring, or None."""
        if all(bit(o) for o in cases):
            return None
        # the failed cases first, the smallest first: most candidates fail the first one
        cases = sorted(cases, key=lambda o: (agree(o, o.student, o.reference),
                                             not informative(o.student), len(flat(o.reference))))
        first = cases[0]
        failed = [o for o in cases if not agree(o, o.student, o.reference)]
        if not failed or all(says_little(o) for o in failed):
            return None
        everything = self.candidates(first, self.bases(bases), self.turns(cases, sizes_of))
        kept, student = [], flat(first.student)
        for c in everything:
            try:
                got = self.run(c, first)
                if not far(student, got) and explains(first, got)[0]:
                    kept.append(c)
            except Exception:  # noqa: BLE001 - an answer of another form explains nothing
                continue
        numbers = [flat(o.student) for o in cases]
        kept = [c for c in kept if not any(_far(self, c, o, n) for o, n in zip(cases, numbers))]
        by_name = {c.name: c for c in kept}
        fitting = [f for f in fits(cases, [(c.name, c.text, c) for c in kept], self.run)
                   if by_name[f.name].twist is None
                   or own_size(cases, by_name[f.name], lambda c, o: self.run(c, o))]
        own = {t.name for t in self.declared if isinstance(t, Twist)}
        return choose(fitting, by_name, lambda c: c.change is None and (
            c.twist is None or c.twist.name not in own))


def says_little(obs: Observation) -> bool:
    """The student's answer on a failed case is a constant of no information (0, 1, NaN, inf:
    :func:`~autograder.engine.causes.evidence.informative`), or zeros but for rounding (at most
    1e-9 of the reference's largest number)."""
    if not informative(obs.student):
        return True
    s, r = flat(obs.student), flat(obs.reference)
    s, r = s[torch.isfinite(s)], r[torch.isfinite(r)]
    return bool(s.numel()) and float(s.abs().max()) <= 1e-9 * max(float(r.abs().max()), 1.0) \
        if r.numel() else False


def far(student: torch.Tensor, answer) -> bool:
    """A quick test that ``answer`` cannot explain the case: another count of numbers, or a
    number far outside any tolerance of the value tests and of :func:`~.closest.small` (the
    judges and the distances take far longer, and most candidates fail the first case). Odd
    numbers (NaN, infinities) are left to those."""
    if isinstance(answer, Raised):
        return False
    c = flat(answer)
    if c.shape != student.shape:
        return True
    if not c.numel():
        return False
    gap = (student - c).abs()
    scale = c.abs()
    return bool((gap > 0.05 * scale + 0.05 * float(scale.max()) + 1e-3).any())


def _far(composer: Composer, c: Candidate, obs: Observation, student) -> bool:
    try:
        return far(student, composer.run(c, obs))
    except Exception:  # noqa: BLE001 - no answer on this case: fits() says so
        return False


def _same_code(a, b) -> bool:
    return a is not None and b is not None and (a.co_code, a.co_consts, a.co_names) == \
        (b.co_code, b.co_consts, b.co_names)


def choose(fitting, by_name: dict[str, Candidate], tried=lambda c: False) -> Closest | None:
    """The closest of ``fitting`` by :func:`~.closest.named`'s rule among the candidates of
    its number of parts; None where one of fewer parts comes as close (the extra part would
    be a guess), or where all of those as close were ``tried`` already (a base alone or with
    a twist of the pairs: the single round's and the pairs' own, which named nothing)."""
    if not fitting:
        return None
    fitting = sorted(fitting, key=lambda f: (f.total, by_name[f.name].parts))
    best = fitting[0]
    near = [f for f in fitting if f.total <= SEPARATION * best.total + 1e-9]
    parts = by_name[best.name].parts
    if min(by_name[f.name].parts for f in near) < parts:
        return None
    same = [f for f in near if by_name[f.name].parts == parts]
    if all(tried(by_name[f.name]) for f in same):
        return None
    if len({f.text for f in same}) > 2 and all(f.exact for f in same):
        # one computation told in several ways (a convention changed, a known mistake changed
        # the other way): the conventions' words first, they say what the code computes
        for kind in (Convention, Mistake):
            told = [f for f in same if isinstance(by_name[f.name].base, kind)]
            if told:
                return named(told)
    return named(same)
