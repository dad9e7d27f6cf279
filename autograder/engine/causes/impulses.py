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

The matrices are then *read* in words (:func:`read_sum`, :func:`read_weights`), each aspect on
its own, so that stacked deviations combine:

* the **sum**: the block of the *driver* input (the rewards) is matched against a family of
  discounted sums: which steps ``k`` enter row ``t`` (``k >= t``, ``k > t``, ``k <= t``, all,
  ``k == t``), the discount's base (the declared scalars: gamma, gamma * lam, lam; or 1) and its
  exponent (``k - t``, ``t - k``, ``k``, ``T - 1 - k``, ``k - t + 1``), where the sum is cut (at
  a declared flag of the steps between, the previous step's, the next step's, or never), and
  rows in time order or reversed;
* the **weights**: every other input's block, divided by the sum's matrix (what it adds at
  each step, the residual), is read per diagonal (``x[t]``, ``x[t+1]``, ``x[t-1]``) as a signed
  scalar times a mask of the step's flags (``1 - terminated[t]``, the last step only, ...);
* the **extra outputs**: an output declared as another plus an input (GAE's returns: the
  advantages plus ``values``) is read as the other plus which input.

A reading is named only when it is exact on every probe, the model it states (rebuilt for each
case's own flags and scalars) reproduces the student's answer on *every* failed case and the
reference's on every passed one, it differs from the contract's reading, and among the exact
readings the fewest aspects differ from the contract's, with one set of words (otherwise two
stories fit: nothing is named). An answer that is not linear (a standardisation, a reward that
restarts the sum) fails the first check and is named nothing here.

The assignment declares its linear functions in ``autograder/hidden/<name>/impulses.py``
(:func:`linear`; docs/instructors.md). Nothing here runs student code itself.

Long because: the family of sums, the per-step weights, the probes, the readings and the check
of the model they state are one story, read in one sitting.
"""
from __future__ import annotations

import importlib.util
import itertools
from collections import Counter
import time
from dataclasses import dataclass, field
from functools import cache

import torch

from autograder.engine.causes.evidence import Observation, Raised, agree, wrong

#: at most this many calls of the student's function per experiment (all probes together)
MAX_CALLS = 240
#: at most this many failed cases are probed (the most telling first)
MAX_PROBED = 3
#: at most this many exact readings (of the student's, of the reference's) are checked on
#: every case
MAX_READINGS = 64
#: entries of a measured matrix agree with a reading within this (relative to the largest)
TOLERANCE = 2e-5


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


# --- the family of discounted sums -------------------------------------------------------

SUPPORTS = {"k >= t": ("steps t onwards", lambda t, k: k >= t),
            "k > t": ("the steps after t (step t's own left out)", lambda t, k: k > t),
            "k <= t": ("steps up to t (the past)", lambda t, k: k <= t),
            "all": ("every step of the rollout", lambda t, k: (t >= 0) & (k >= 0)),
            "k == t": ("step t only", lambda t, k: k == t)}
EXPONENTS = {"k - t": lambda t, k, T: k - t, "t - k": lambda t, k, T: t - k,
             "k": lambda t, k, T: k + 0 * t, "T - 1 - k": lambda t, k, T: T - 1 - k + 0 * t,
             "k - t + 1": lambda t, k, T: k - t + 1, "k - t - 1": lambda t, k, T: k - t - 1}
SHIFTS = {0: "at a step whose `{f}` is True",
          -1: "by the previous step's `{f}` (one step early)",
          1: "by the next step's `{f}` (one step late)"}


@dataclass(frozen=True)
class Sum:
    support: str
    base: str
    exponent: str
    cut: tuple          #: () never, else (flag name, shift)
    reversed: bool = False

    def aspects(self, row: str, driver: str) -> dict:
        where = ("is never cut: it runs across episode ends" if not self.cut else
                 "is cut " + SHIFTS[self.cut[1]].format(f=self.cut[0]))
        return {"support": f"the {row} at step t sums the {driver} of {SUPPORTS[self.support][0]}",
                "discount": f"step k's {driver[:-1]} discounted by "
                            + ("nothing" if self.base == "1" else
                               f"{self.base if ' ' not in self.base else f'({self.base})'}"
                               f"^({self.exponent})"),
                "cut": f"the sum {where}",
                "order": "rows reversed in time" if self.reversed else "rows in time order"}


def _cut_mask(flag: torch.Tensor, shift: int, T: int) -> torch.Tensor:
    """[t, k]: no flag of the steps between t and k (steps min(t, k) .. max(t, k) - 1, moved
    by ``shift``) is set."""
    f = torch.zeros(T + 1, dtype=torch.float64)
    f[1:] = flag.to(torch.float64)
    ends = torch.cumsum(f, 0)       # ends[x]: the flags set at steps before x
    t = torch.arange(T).view(-1, 1)
    k = torch.arange(T).view(1, -1)
    lo = (torch.minimum(t, k) + shift).clamp(0, T)
    hi = (torch.maximum(t, k) + shift).clamp(0, T)
    return (ends[hi] - ends[lo] == 0).to(torch.float64)


def _power(base: float, exponent: torch.Tensor) -> torch.Tensor:
    """base ** exponent, 1 at exponent 0 (0 ** 0 included); a huge finite number where it
    overflows (an entry no measured matrix has)."""
    p = torch.where(exponent == 0, torch.ones(()),
                    torch.tensor(float(base), dtype=torch.float64).pow(exponent))
    return torch.nan_to_num(p, nan=1e300, posinf=1e300, neginf=-1e300)


def _grid(T: int):
    return torch.arange(T).view(-1, 1), torch.arange(T).view(1, -1)


def _family(T: int, scalars: dict, flags: dict):
    """Every :class:`Sum`'s matrix at once: (the sums in order, a (n, T, T) tensor); the last
    last few built are kept (the student's and the reference's columns share them)."""
    key = (T, tuple(scalars.items()), tuple((n, tuple(f.tolist())) for n, f in flags.items()))
    if key not in _FAMILY:
        if len(_FAMILY) >= 16:
            _FAMILY.clear()
        _FAMILY[key] = _build(T, scalars, flags)
    return _FAMILY[key]


_FAMILY: dict = {}


def _build(T: int, scalars: dict, flags: dict):
    t, k = _grid(T)
    supports = torch.stack([f(t, k).to(torch.float64) for _, f in SUPPORTS.values()])
    bases = {"1": 1.0, **scalars}
    powers = torch.stack([_power(b, f(t, k, T).to(torch.float64)) for b in bases.values()
                          for f in EXPONENTS.values()])
    cuts = [()] + [(f, s) for f in flags for s in SHIFTS]
    masks_ = torch.stack([torch.ones(T, T, dtype=torch.float64) if not c else
                          _cut_mask(flags[c[0]], c[1], T) for c in cuts])
    full = supports[:, None, None] * powers[None, :, None] * masks_[None, None, :]
    full = torch.stack([full, full.flip(-2)], 3).reshape(-1, T, T)
    order = [Sum(sp, b, e, c, r) for sp in SUPPORTS for b in bases for e in EXPONENTS
             for c in cuts for r in (False, True)]
    return order, full


def sum_matrix(s: Sum, T: int, scalars: dict, flags: dict) -> torch.Tensor:
    """The matrix of one sum (as :func:`_family` builds it)."""
    t, k = _grid(T)
    m = SUPPORTS[s.support][1](t, k).to(torch.float64) * _power(
        1.0 if s.base == "1" else scalars[s.base], EXPONENTS[s.exponent](t, k, T).to(torch.float64))
    if s.cut:
        m = m * _cut_mask(flags[s.cut[0]], s.cut[1], T)
    return m.flip(0) if s.reversed else m


def _top(x: torch.Tensor) -> float:
    return float(x.abs().max()) if x.numel() else 0.0


def close(a: torch.Tensor, b: torch.Tensor, scale: float = 1.0) -> bool:
    return bool(torch.isfinite(a).all()) and bool(
        ((a - b).abs() <= TOLERANCE * max(scale, _top(b), 1e-12)).all())


def read_sum(W: torch.Tensor, scalars: dict, flags: dict) -> set:
    """Every :class:`Sum` whose matrix is ``W`` (one column's driver block) within tolerance."""
    order, full = _family(W.shape[0], scalars, flags)
    if not bool(torch.isfinite(W).all()):
        return set()
    fit = ((full - W).abs() <= TOLERANCE * max(_top(W), 1e-12)).flatten(1).all(1)
    return {order[i] for i in fit.nonzero().flatten().tolist()}


# --- the weights of the other inputs ------------------------------------------------------

OFFSETS = {0: "{x}[t]", 1: "{x}[t+1]", -1: "{x}[t-1]"}


def masks(flags: dict, T: int) -> dict:
    """name -> 0/1 vector over rows: 1, each flag, its complement, the last row, and products
    of two (a flag's complement except at the last step, ...)."""
    last = torch.zeros(T, dtype=torch.float64)
    last[-1] = 1.0
    one = {"": torch.ones(T, dtype=torch.float64)}
    for name, f in flags.items():
        f = f.to(torch.float64)
        one[f"(1 - `{name}`[t])"] = 1 - f
        one[f"`{name}`[t]"] = f
    one["at the last step only"], one["except at the last step"] = last, 1 - last
    found = dict(one)
    for (a, u), (b, v) in itertools.combinations(list(one.items())[1:], 2):
        found[f"{a} {b}"] = u * v
    return found


def read_weights(D: torch.Tensor, scalars: dict, flags: dict) -> set | None:
    """Each exact reading of one column's residual block ``D`` (rows t, columns k): a frozenset
    of (offset, signed scalar name, mask name) for its nonzero diagonals; None when ``D`` has
    entries off the three diagonals."""
    T = D.shape[0]
    rest = D.clone()
    named = {"1": 1.0, **scalars}
    table = masks(flags, T)
    per = []
    for offset in OFFSETS:
        w = torch.diagonal(D, offset).clone() if T > abs(offset) else torch.zeros(0)
        rest -= torch.diag_embed(w, offset) if len(w) else 0
        if not len(w) or close(w, torch.zeros_like(w), _top(D)):
            continue
        rows = slice(0, T - offset) if offset >= 0 else slice(-offset, T)
        fits = _fits(w, offset, rows, named, table)
        if not fits:
            return None
        per.append(fits)
    if not close(rest, torch.zeros_like(rest), _top(D)):
        return None
    return {frozenset(choice) for choice in itertools.product(*per)}


def _fits(w: torch.Tensor, offset: int, rows: slice, named: dict, table: dict) -> set:
    """Every (offset, signed scalar, mask) whose weights are ``w`` on ``rows``, all at once."""
    names = [m for m in table if not (offset > 0 and "last step" in m)]
    signed = [(f"{sign}{c}", (-1 if sign else 1) * v) for c, v in named.items()
              for sign in ("", "-")]
    grid = torch.tensor([v for _, v in signed], dtype=torch.float64)[:, None, None] \
        * torch.stack([table[m][rows] for m in names])[None]
    fit = ((grid - w).abs() <= TOLERANCE * max(_top(w), 1.0)).all(-1)
    return {(offset, signed[i][0], names[j]) for i, j in fit.nonzero().tolist()}


def weight_words(reading: frozenset, x: str) -> str:
    """``reading``'s terms of ``x``: "+ gamma (1 - `terminated`[t]) `next_values`[t]"."""
    terms = [f"{'-' if c.startswith('-') else '+'} "
             + " ".join(p for p in (c.lstrip("-") if c.lstrip("-") != "1" else "", m,
                                    OFFSETS[o].format(x=f"`{x}`")) if p)
             for o, c, m in sorted(reading)]
    return " ".join(terms) or f"no `{x}`"


def weight_matrix(reading: frozenset, T: int, scalars: dict, flags: dict) -> torch.Tensor:
    table, named = masks(flags, T), {"1": 1.0, **scalars}
    D = torch.zeros(T, T, dtype=torch.float64)
    for offset, c, m in reading:
        if T > abs(offset):
            rows = slice(0, T - offset) if offset >= 0 else slice(-offset, T)
            value = named[c.lstrip("-")] * (-1 if c.startswith("-") else 1)
            D += torch.diag_embed(value * table[m][rows], offset)
    return D


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


# --- readings ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Reading:
    """What a function computes: its sum, each other input's weights, each extra output."""
    sum: Sum
    weights: tuple      #: (input, frozenset of (offset, scalar, mask)) per non-driver input
    plus: tuple         #: (output, frozenset of (sign, input)) per extra output

    def words(self, spec: Linear) -> dict:
        found = self.sum.aspects(spec.row, spec.inputs[0])
        for x, w in self.weights:
            found[x] = f"step t's residual has {weight_words(w, x)}"
        for out, added in self.plus:
            found[out] = f"your {out} are the {spec.outputs[0]}" + "".join(
                f" {'minus' if s < 0 else 'plus'} `{i}`" for s, i in sorted(added))
        return found


def readings(spec: Linear, case: Case, blocks: dict) -> list | None:
    """Per aspect, the exact readings of one case's matrices: [the sums exact on every
    column, {input: (the weights exact on some column, [what each column's must reproduce])},
    {output: the readings exact on every column}], or None (:func:`settle` keeps the weights
    exact on every column: a diagonal that is zero there, or absent, fits many)."""
    first, driver = spec.outputs[0], spec.inputs[0]
    sums, weights, plus = None, {}, {}
    for j, flags in enumerate(case.flags):
        S = blocks[first, driver][j]
        found = read_sum(S, case.scalars, flags)
        sums = found if sums is None else sums & found
        for x in spec.inputs[1:]:
            W = blocks[first, x][j]
            try:
                D = torch.linalg.solve(S, W)
            except Exception:  # noqa: BLE001 - a singular sum: its other inputs unread
                return None
            w = read_weights(D, case.scalars, flags)
            if w is None:
                return None
            seen, checks = weights.get(x, (set(), []))
            weights[x] = (seen | w, checks + [(D, case.scalars, flags)])
        for out, base in spec.plus.items():
            added = _added(spec, blocks, out, base, j)
            if added is None:
                return None
            plus[out] = {added} if out not in plus else plus[out] & {added}
    return [sums, weights, plus]


def _added(spec, blocks, out, base, j) -> frozenset | None:
    found = set()
    for x in spec.inputs:
        E = blocks[out, x][j] - blocks[base, x][j]
        eye = torch.eye(E.shape[0], dtype=torch.float64)
        if close(E, eye):
            found.add((1, x))
        elif close(E, -eye):
            found.add((-1, x))
        elif not close(E, torch.zeros_like(E), 1.0):
            return None
    return frozenset(found)


def merge(a: list | None, b: list | None) -> list | None:
    if a is None or b is None:
        return None
    return [a[0] & b[0], {x: (a[1][x][0] | b[1][x][0], a[1][x][1] + b[1][x][1]) for x in a[1]},
            {o: a[2][o] & b[2][o] for o in a[2]}]


def settle(found: list | None) -> list | None:
    """The merged readings with only the weights exact on every column probed, and of those
    the simplest (the fewest flags in their masks: ``(1 - a[t]) (1 - b[t])`` is read as
    ``(1 - a or b[t])`` where both are declared)."""
    if found is None:
        return None
    weights = {}
    for x, (seen, checks) in found[1].items():
        exact = [w for w in seen if all(close(weight_matrix(w, D.shape[0], sc, fl), D, _top(D))
                                        for D, sc, fl in checks)]
        least = min((_parts(w) for w in exact), default=0)
        weights[x] = {w for w in exact if _parts(w) == least}
    return [found[0], weights, found[2]]


def _parts(reading: frozenset) -> int:
    return sum(m.count("[t]") + m.count("last step") for _, _, m in reading)


def options(sets: list) -> list:
    """Every :class:`Reading` the per-aspect sets of :func:`readings` combine into."""
    return [Reading(s, tuple((x, w) for x, w in zip(sets[1], ws)),
                    tuple((o, p) for o, p in zip(sets[2], ps)))
            for s in sets[0] for ws in itertools.product(*sets[1].values())
            for ps in itertools.product(*sets[2].values())]


def nearest(spec: Linear, mine: list, contract: list) -> tuple | None:
    """Of the student's readings ``mine``, the ones with the fewest aspects whose words differ
    from one of the ``contract``'s readings, then the fewest words changed in them (a mask
    the contract's with one condition added is nearer than another flag's), and those
    differences ((aspect, the student's words, the contract's), ...); None when none differs
    or two nearest say different things."""
    if not mine or not contract or len(mine) * len(contract) > 20000:
        return None
    scored = {}
    for m in mine:
        words = m.words(spec)
        for r in contract:
            ref = r.words(spec)
            differ = tuple(sorted((k, v, ref[k]) for k, v in words.items() if ref[k] != v))
            key = (len(differ), sum(_changed(v, theirs) for _, v, theirs in differ))
            scored.setdefault(key, {}).setdefault(differ, []).append(m)
    best = scored[min(scored)]
    return next(iter(best.items()))[::-1] if len(best) == 1 and min(scored)[0] else None


def _changed(a: str, b: str) -> int:
    """How many words one text has that the other lacks (both ways)."""
    x, y = Counter(a.split()), Counter(b.split())
    return sum(((x - y) + (y - x)).values())


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
            S @ weight_matrix(weights[x], case.T, case.scalars, flags) @ c
            for x, c in zip(spec.inputs[1:], col[1:]))
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
