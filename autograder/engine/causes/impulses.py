"""Impulses: what a linear function computes, read from its answers to one-hot inputs.

Discounted returns, TD residuals and GAE are *linear* in their float inputs (rewards, values,
next values) once the flags and the scalars (gamma, lam) are fixed. Real buggy versions stack
deviations (a sum cut at the wrong step's flag *and* gamma counted from the rollout's start *and*
a float32 cast) that no single alternative convention reproduces. A linear function is fully
described by its matrix, and the matrix can be measured: for a failed case's flags and scalars
the student's function is asked (through ``ask``, in one bounded exchange, as
:mod:`~autograder.engine.causes.ablations` does) on all-zero inputs and on impulses (row ``k`` of
one input 1 in every column, the rest 0). Each answer minus the zero answer is one column of the
student's response matrix, per environment column; the reference's own matrices come from the
same inputs, run here.

The matrices are then read in words by :mod:`~autograder.engine.causes.matrix_words`, each
aspect on its own so that stacked deviations combine: the **sum** (which rewards enter the
return at step t, the discount's base and exponent, where the sum is cut, rows reversed), the
**weights** of every other input at each step (``values[t]``, ``values[t+1]``,
``next_values[t]``, masked by a flag or the last step), and an **extra output** declared as
another plus an input (GAE's returns: the advantages plus ``values``).

A reading is named only when it is exact on every probe, the model it states (rebuilt for each
case's own flags and scalars) reproduces the student's answer on *every* failed case and the
reference's on every passed one, it differs from the contract's reading, and among the exact
readings the fewest aspects differ from the contract's, with one set of words (otherwise two
stories fit: nothing is named). An answer that is not linear (a standardisation, a reward that
restarts the sum) fails the first check and is named nothing here.

The assignment declares its linear functions in ``autograder/hidden/<name>/impulses.py``
(:func:`linear`; docs/instructors.md). Nothing here runs student code itself.
"""
from __future__ import annotations

import importlib.util
import time
from dataclasses import dataclass, field
from functools import cache

import torch

from autograder.engine.causes.evidence import Observation, Raised, agree, wrong
from autograder.engine.causes.matrix_words import (Reading, _top, close, merge, nearest, options,
                                                   readings, settle, sum_matrix, weight_matrix)

#: at most this many calls of the student's function per experiment (all probes together)
MAX_CALLS = 240
#: at most this many failed cases are probed (the most telling first)
MAX_PROBED = 3
#: at most this many exact readings (of the student's, of the reference's) are checked on
#: every case
MAX_READINGS = 64


@dataclass(frozen=True)
class Linear:
    """A linear function of an assignment (declared by :func:`linear`)."""
    fn: str
    inputs: tuple               #: the argument names it is linear in (the driver first)
    outputs: tuple              #: the names of its outputs (one: the answer itself)
    decays: dict                #: name -> arguments -> float: the scalars a discount may use
    flags: dict                 #: name -> arguments -> bool tensor: where a sum may be cut
    plus: dict = field(default_factory=dict)   #: output -> the output it adds an input to
    row: str = "return"         #: what one row of the first output is ("advantage")


def linear(fn, inputs, outputs=("answer",), *, decays, flags=None, plus=None, row="return"):
    """Declares ``fn`` linear in ``inputs`` (argument names, the driver, the rewards, first),
    with its ``outputs`` named, the scalars a discount may use (``decays``: name -> function of
    the call's arguments), the flags a sum may be cut at (``flags``: name -> function giving a
    bool tensor), and outputs that add an input to another (``plus``: output -> other)."""
    return Linear(fn, tuple(inputs), tuple(outputs), dict(decays), dict(flags or {}),
                  dict(plus or {}), row)


@cache
def declared(assignment) -> dict:
    """``fn -> Linear`` of ``hidden/<name>/impulses.py`` (our own code, loaded once)."""
    path = assignment.hidden_dir / "impulses.py"
    if not path.is_file():
        return {}
    spec = importlib.util.spec_from_file_location(f"_autograde_impulses_{assignment.name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return {v.fn: v for v in vars(module).values() if isinstance(v, Linear)}


# --- probing -------------------------------------------------------------------------------

@dataclass
class Case:
    """One case's arguments, its scalars, and each column's flags."""
    arguments: dict
    scalars: dict
    flags: list         #: per column: name -> (T,) bool tensor
    T: int


def case_of(spec: Linear, arguments: dict) -> Case | None:
    driver = arguments.get(spec.inputs[0])
    if not isinstance(driver, torch.Tensor) or driver.dim() not in (1, 2) or not len(driver):
        return None
    if any(not isinstance(arguments.get(i), torch.Tensor) or arguments[i].shape != driver.shape
           for i in spec.inputs):
        return None
    columns = 1 if driver.dim() == 1 else driver.shape[1]
    flags = {n: f(arguments) for n, f in spec.flags.items()}
    per = [{n: (f if f.dim() == 1 else f[:, j]).bool() for n, f in flags.items()}
           for j in range(columns)]
    return Case(arguments, {n: float(d(arguments)) for n, d in spec.decays.items()}, per,
                driver.shape[0])


def probes(spec: Linear, case: Case) -> list[dict]:
    """All-zero inputs, then row k of each input 1 (every column), the rest 0."""
    zero = dict(case.arguments)
    for i in spec.inputs:
        zero[i] = torch.zeros_like(case.arguments[i])
    found = [zero]
    for i in spec.inputs:
        for k in range(case.T):
            one = dict(zero)
            one[i] = torch.zeros_like(zero[i])
            one[i][k] = 1.0
            found.append(one)
    return found


def outputs(spec: Linear, answer) -> list[torch.Tensor] | None:
    """The answer as a list of float64 tensors, one per declared output (None: another form)."""
    items = list(answer) if len(spec.outputs) > 1 and isinstance(answer, (tuple, list)) \
        else [answer]
    if len(items) != len(spec.outputs):
        return None
    try:
        return [torch.as_tensor(x).detach().to(torch.float64) for x in items]
    except Exception:  # noqa: BLE001 - an odd answer: no matrix
        return None


def matrices(spec: Linear, case: Case, answers: list) -> dict | None:
    """{(output, input): [per column (T, T)]} from the answers to :func:`probes`; None when
    an answer has another form, or the zero answer is not zero (not linear)."""
    got = [outputs(spec, a) for a in answers]
    shape = case.arguments[spec.inputs[0]].shape
    if any(g is None or any(x.shape != shape for x in g) for g in got):
        return None
    zero = got[0]
    if not all(close(z, torch.zeros_like(z), max(_top(x) for g in got for x in g))
               for z in zero):
        return None
    found = {}
    for o, name in enumerate(spec.outputs):
        for n, i in enumerate(spec.inputs):
            cols = torch.stack([got[1 + n * case.T + k][o] - zero[o] for k in range(case.T)], 1)
            cols = cols.view(case.T, case.T, -1)        # [t, k, column]
            found[name, i] = [cols[:, :, j] for j in range(len(case.flags))]
    return found


# --- the model a reading states, checked on every case ------------------------------------

def model(spec: Linear, reading: Reading, case: Case) -> list[torch.Tensor]:
    """The outputs the reading computes on one case's own inputs."""
    args = case.arguments
    shape = args[spec.inputs[0]].shape
    first = torch.zeros(case.T, len(case.flags), dtype=torch.float64)
    weights = dict(reading.weights)
    for j, flags in enumerate(case.flags):
        S = sum_matrix(reading.sum, case.T, case.scalars, flags)
        col = [args[x].to(torch.float64).reshape(case.T, -1)[:, j] for x in spec.inputs]
        first[:, j] = S @ col[0] + sum(
            S @ weight_matrix(weights[x][1], case.T, case.scalars, flags) @ c
            + weights[x][0] * c for x, c in zip(spec.inputs[1:], col[1:]))
    found = {spec.outputs[0]: first.reshape(shape)}
    for out, added in reading.plus:
        found[out] = found[spec.plus[out]] + sum(
            s * args[x].to(torch.float64) for s, x in added)
    return [found[o] for o in spec.outputs]


def _as_answer(spec: Linear, outs: list, like):
    cast = [o.to(e.dtype) if isinstance(e, torch.Tensor) else o
            for o, e in zip(outs, like if len(spec.outputs) > 1 else [like])]
    return tuple(cast) if len(spec.outputs) > 1 else cast[0]


def _value(obs: Observation, answer):
    return answer.value if obs.kind == "grad" and hasattr(answer, "value") else answer


def explains(spec: Linear, reading: Reading, failed: list, passed: list, arguments) -> bool:
    """The reading's model reproduces the student's answer on every failed case (and is not
    the reference's there) and the reference's on every passed case."""
    good = {id(o) for o in passed}
    for obs in failed + passed:
        case = case_of(spec, arguments(obs))
        if case is None:
            return False
        outs = model(spec, reading, case)
        reference = _value(obs, obs.reference)
        answer = _as_answer(spec, outs, reference)
        if id(obs) in good:
            if not agree(obs, answer, reference):
                return False
            continue
        student = outputs(spec, _value(obs, obs.student))
        if student is None or agree(obs, answer, reference) or not all(
                s.shape == o.shape and bool(((s - o).abs() <= 1e-4 * (1 + o.abs().max())).all())
                for s, o in zip(student, outs)):
            return False
    return True


# --- the experiment ------------------------------------------------------------------------

def _telling(case: Case) -> tuple:
    """How much a case's matrices can tell (more first): flags of several kinds set, scalars
    away from 0 and 1 and from each other, then fewer rows (fewer calls)."""
    kinds = sum(any(bool(f[n].any()) for f in case.flags) for n in case.flags[0]) \
        if case.flags else 0
    values = list(case.scalars.values())
    plain = sum(v not in (0.0, 1.0) for v in values) + (len(set(values)) == len(values))
    return (-kinds, -plain, -(case.T >= 3), case.T * len(case.flags))


def explain(assignment, fn: str, observations: list[Observation], reference_fn, ask) \
        -> tuple[str, str] | None:
    """(the cause's words, ``impulses``) when ``fn`` is declared linear and its impulse
    responses are read as the module docstring says, else None."""
    from autograder.engine.causes.ablations import _arguments, _precise
    spec = declared(assignment).get(fn)
    if spec is None:
        return None
    cases = [o for o in observations if o.fn == fn and o.kind in ("value", "grad")]
    if any(isinstance(o.student, Raised) or isinstance(o.reference, Raised) for o in cases):
        return None
    failed = [o for o in wrong(cases) if not _precise(o)]
    bad = {id(o) for o in wrong(cases)}
    passed = [o for o in cases if id(o) not in bad and not _precise(o)]
    if not failed:
        return None

    def arguments(obs):
        return _arguments(reference_fn, obs)
    probed = _probe(spec, fn, failed, arguments, reference_fn, ask)
    if probed is None:
        return None
    student, reference = probed[:2]
    if any(not v for v in [student[0], *student[1].values(), *student[2].values()]):
        return None

    def confirmed(reading):
        """The reading's model gives the reference's answer on every case."""
        return all(c is not None and agree(o, _as_answer(spec, model(spec, reading, c), ref), ref)
                   for o in failed + passed
                   for c, ref in [(case_of(spec, arguments(o)), _value(o, o.reference))])
    # the contract's readings its own answers confirm on every case (the probes may not tell
    # `terminated or truncated` from `truncated` where no termination was probed); the
    # student's that explain every case (:func:`explains`)
    contract = [r for r in options(reference)[:MAX_READINGS]
                if confirmed(r)]
    mine = [r for r in options(student)[:MAX_READINGS]
            if explains(spec, r, failed, passed, arguments)]
    found = nearest(spec, mine, contract)
    if found is None:
        return None
    return words(spec, fn, found[1], len(failed), probed[2]), "impulses"


def _probe(spec: Linear, fn: str, failed: list, arguments, reference_fn, ask):
    """The student's and the reference's readings, merged over the most telling failed cases
    (distinct flags and scalars, within :data:`MAX_CALLS`), from one ``ask`` exchange."""
    chosen, seen, calls = [], set(), 0
    for case in sorted(filter(None, (case_of(spec, a) for a in map(arguments, failed)
                                     if a is not None)), key=_telling):
        from autograder.engine.causes.evidence import digest
        key = digest((case.scalars, case.flags))
        n = 1 + case.T * len(spec.inputs)
        if key in seen or calls + n > MAX_CALLS or len(chosen) == MAX_PROBED:
            continue
        seen.add(key)
        chosen.append(case)
        calls += n
    if not chosen:
        return None
    items, expected, start = [], [], time.perf_counter()
    for case in chosen:
        inputs = probes(spec, case)
        items += [list(p.values()) for p in inputs]
        with torch.no_grad():
            expected.append([reference_fn(*list(p.values())) for p in inputs])
    answers = ask(fn, items, time.perf_counter() - start)
    if not isinstance(answers, list) or len(answers) != len(items):
        return None
    student = reference = None
    i = 0
    for case, theirs in zip(chosen, expected):
        mine, i = answers[i:i + len(theirs)], i + len(theirs)
        blocks, ref = matrices(spec, case, mine), matrices(spec, case, theirs)
        if blocks is None or ref is None:
            return None
        a, b = readings(spec, case, blocks), readings(spec, case, ref)
        student = a if student is None else merge(student, a)
        reference = b if reference is None else merge(reference, b)
        if student is None or reference is None:
            return None
    return settle(student), settle(reference), len(chosen)


def words(spec: Linear, fn: str, differ: tuple, n: int, probed: int) -> str:
    """What the student reads: each aspect where the code's reading differs, and the
    contract's."""
    ones = ", ".join(f"`{x}`" for x in spec.inputs)
    cases = ("the failed case" if n == 1 else
             f"{probed} of the {n} failed cases" if probed < n else f"the {n} failed cases")
    said = "; ".join(f"{mine}, where the contract asks: {theirs}" for _, mine, theirs in differ)
    return (f"what your {fn} computes, read from its answers to one-hot inputs (one entry of "
            f"{ones} 1, the rest 0, with the flags and scalars of {cases}; the reading "
            f"reproduces your answers on all {n} failed cases): {said}")
