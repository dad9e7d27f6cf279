"""Pairs of conventions: a known convention with a second, known deviation of the whole answer.

Real code that computes another convention often also flips the sign of the answer (a loss
written as the objective) or sums where the contract takes a mean. When no single candidate of
:mod:`~autograder.engine.causes.closest` explains every case, each candidate is tried once
more with each *twist* of its answer, our own arithmetic on the candidate's answer (values and
gradients alike, both being linear in it):

* ``negated``: minus the candidate's answer;
* ``times <size>`` and ``divided by <size>``: the candidate's answer times (divided by) a size
  of the case's inputs (the sizes :func:`~autograder.engine.causes.relations.sizes` names;
  sizes equal to an earlier one on every case are tried once, at most :data:`SIZES` of them).

The same rule names a pair as a single candidate (:func:`~autograder.engine.causes.closest.
fits`, :func:`~autograder.engine.causes.closest.named`: every case explained, far closer than
the reference and every other pair), with two more:

* pairs are tried only when no single candidate explains every case: a pair never beats a
  single convention that explains as well;
* the reference with each twist (the relations' sign and factor stories) competes too: a pair
  is not named when the reference twisted alone comes as close (the first deviation would then
  be a guess);
* on every failed case the pair lies within ``RATIO`` of the student's answer by that answer's
  own size (:func:`own_size`): dividing by a size brings any candidate near an answer of
  zeros.

Cost: ``candidates x (1 + 2 * SIZES)`` pairs at most per failed function, each on the
candidate's answers already computed (cached) for the single round: no convention runs again.
Answers of one number (a verifier's bits) are not twisted.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, NamedTuple

import torch

from autograder.engine.causes.closest import RATIO, Closest, bit, distance, fits, flat, named
from autograder.engine.causes.evidence import Observation, Raised, agree
from pgcheck.calls import CallResult

#: the most sizes of the inputs tried as a factor
SIZES = 3


class Twist(NamedTuple):
    """A second deviation: its name, how it reads, and ``apply(obs, answer)``."""
    name: str
    text: str
    apply: Callable


def scaled(answer, k: float):
    """``answer`` times ``k``: every floating tensor or number of it, a gradient reply's value
    and gradients alike; None when it holds something else."""
    if isinstance(answer, CallResult):
        grads = None if answer.grads is None else [
            None if g is None else scaled(g, k) for g in answer.grads]
        return replace(answer, value=scaled(answer.value, k), grads=grads)
    if isinstance(answer, torch.Tensor):
        if not answer.is_floating_point():
            raise TypeError("not a floating answer")
        return answer * k
    if isinstance(answer, (list, tuple)):
        return type(answer)(scaled(a, k) for a in answer)
    if isinstance(answer, float):
        return answer * k
    raise TypeError("not a floating answer")


def twists(cases: list[Observation], sizes_of: Callable | None) -> list[Twist]:
    """The twists of the module docstring for these cases (``sizes_of(obs)``: label -> size)."""
    found = [Twist("negated", "besides, the sign of your answer is flipped (minus that; a loss to "
                   "minimise is minus the objective)", lambda o, a: scaled(a, -1.0))]
    if sizes_of is None:
        return found
    seen, per_case = set(), [sizes_of(o) for o in cases]
    for label in per_case[0] if per_case else {}:
        row = tuple(s.get(label) for s in per_case)
        if None in row or row in seen or all(n == 1 for n in row) or len(seen) >= SIZES:
            continue
        seen.add(row)
        sizes = dict(zip((o.key for o in cases), row))
        found += [
            Twist(f"times {label}", f"besides, it sums over {label} where the contract takes "
                  "the mean (your answer is that times it)",
                  lambda o, a, s=sizes: scaled(a, s[o.key])),
            Twist(f"divided by {label}", f"besides, it takes the mean over {label} where the "
                  "contract sums (your answer is that divided by it)",
                  lambda o, a, s=sizes: scaled(a, 1.0 / s[o.key]))]
    return found


def pairs(cases: list[Observation], candidates: list[tuple[str, str, object]], answer,
          sizes_of: Callable | None = None) -> Closest | None:
    """The pair of the module docstring among ``candidates`` (as for
    :func:`~autograder.engine.causes.closest.closest`), or None. Call it only where no single
    candidate explains every case."""
    if not cases or all(bit(o) for o in cases):
        return None
    turns = twists(cases, sizes_of)
    paired = [(f"{name}+{t.name}", f"{text}; {t.text}", (payload, t))
              for name, text, payload in candidates for t in turns]
    plain = [(f"reference+{t.name}", f"the reference {t.name}", (None, t)) for t in turns]

    def twisted(item, obs):
        payload, turn = item
        got = obs.reference if payload is None else answer(payload, obs)
        return got if isinstance(got, Raised) else turn.apply(obs, got)     # fails alike
    payloads = {name: payload for name, _, payload in paired + plain}
    fitting = [f for f in fits(cases, paired + plain, twisted)
               if f.name.startswith("reference+") or own_size(cases, payloads[f.name], twisted)]
    near = named(fitting)
    if near is None or any(n.startswith("reference+") for n in near.names):
        return None
    return near


def own_size(cases: list[Observation], item, twisted) -> bool:
    """On every failed case, the twisted candidate lies within :data:`RATIO` of the student's
    answer measured by that answer's own size, not only by the reference's distance: a
    division by a size shrinks any candidate towards an answer of zeros, which proves
    nothing."""
    for o in cases:
        if agree(o, o.student, o.reference) or isinstance(o.student, Raised):
            continue
        student = flat(o.student)
        finite = student[torch.isfinite(student)]
        size = float(finite.norm()) if finite.numel() else 0.0
        if distance(student, flat(twisted(item, o))) > RATIO * size:
            return False
    return True
