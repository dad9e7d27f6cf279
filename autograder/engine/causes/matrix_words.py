"""Matrix words: a linear map's matrix read as what the code computes.

:mod:`~autograder.engine.causes.impulses` measures a linear function's matrices (one block per
output and input, per environment column); this module reads them. Each aspect is read on its
own, so that stacked deviations combine:

* the **sum** (:func:`read_sum`): the driver input's block (the rewards) against every
  :class:`Sum` of a family at once: which steps ``k`` enter row ``t`` (``k >= t``, ``k > t``,
  ``k <= t``, all, ``k == t``), the discount's base (the declared scalars, or 1) and exponent
  (``k - t``, ``t - k``, ``k``, ``T - 1 - k``, ``k - t + 1``, ``k - t - 1``), where the sum is
  cut (at a declared flag of the steps between t and k, the previous step's, the next step's,
  or never), rows in time order or reversed;
* the **weights** (:func:`read_weights`): another input's block divided by the sum's matrix
  (what that input adds at each step, the residual), read per diagonal (``x[t]``, ``x[t+1]``,
  ``x[t-1]``) as a signed scalar times a mask of the step's flags (``1 - terminated[t]``, the
  last step only, or a product of two);
* an **extra output** declared as another plus an input: which input it adds.

:func:`readings` gives every exact reading of one probed case, :func:`merge` and
:func:`settle` keep those exact on every case probed, and :func:`nearest` picks, among the
readings that explain every case, the ones whose words differ from the contract's in the fewest
aspects (then the fewest words): one set of words, or nothing.
"""
from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import torch

if TYPE_CHECKING:   # the declaration and the probed case, read by attribute only
    from autograder.engine.causes.impulses import Case, Linear

#: entries of a measured matrix agree with a reading within this (relative to the largest)
TOLERANCE = 2e-5

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
    return {canonical(order[i]) for i in fit.nonzero().flatten().tolist()}


def canonical(s: Sum) -> Sum:
    """One name for sums that are the same matrix whatever the flags and scalars: no discount
    has no exponent; a sum of step t only has no cut, and its exponent ``t - k`` is ``k - t``."""
    if s.base == "1":
        s = replace(s, exponent="k - t")
    if s.support == "k == t":
        s = replace(s, cut=(), exponent="k - t" if s.exponent == "t - k" else s.exponent)
    return s


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
    """``reading``'s terms of ``x``: "+ gamma (1 - `terminated`[t]) `next_values`[t] (at the
    last step only)"."""
    terms = []
    for o, c, m in sorted(reading):
        where = [q for q in ("at the last step only", "except at the last step") if q in m]
        factor = m.replace(where[0], "").strip() if where else m
        terms.append(" ".join(p for p in (
            "-" if c.startswith("-") else "+", c.lstrip("-") if c.lstrip("-") != "1" else "",
            factor, OFFSETS[o].format(x=f"`{x}`"), f"({where[0]})" if where else "") if p))
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


# --- readings ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Reading:
    """What a function computes: its sum, each other input's weights, each extra output."""
    sum: Sum
    weights: tuple      #: (input, (c, frozenset of (offset, scalar, mask))) per non-driver
    #: input: c (0, 1 or -1) times the input added to the output itself, after the sum
    plus: tuple         #: (output, frozenset of (sign, input)) per extra output

    def words(self, spec: Linear) -> dict:
        found = self.sum.aspects(spec.row, spec.inputs[0])
        for x, (c, w) in self.weights:
            found[x] = f"step t's residual has {weight_words(w, x)}" + (
                f"; your {spec.outputs[0]} then {'add' if c > 0 else 'subtract'} `{x}` itself"
                if c else "")
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
            seen, checks = weights.get(x, (set(), []))
            # the input added to the output itself after the sum (not where the sum is one
            # step's own: that is a weight of x[t])
            for c in (0,) if close(S, torch.diag(torch.diagonal(S))) else (0, 1, -1):
                try:
                    D = torch.linalg.solve(S, W - c * torch.eye(len(W), dtype=W.dtype))
                except Exception:  # noqa: BLE001 - a singular sum: its other inputs unread
                    return None
                seen |= {(c, w) for w in read_weights(D, case.scalars, flags) or ()}
            if not seen:
                return None
            weights[x] = (seen, checks + [(S, W, case.scalars, flags)])
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
    the simplest (:func:`_parts`: ``(1 - a[t]) (1 - b[t])`` is read as ``(1 - a or b[t])``
    where both are declared, and an output that adds ``values`` itself is not read as a
    residual of ``values[t+1]`` times the discount)."""
    if found is None:
        return None
    weights = {}
    for x, (seen, checks) in found[1].items():
        exact = [(c, w) for c, w in seen if all(
            close(S @ weight_matrix(w, len(S), sc, fl) + c * torch.eye(len(S)), W, _top(W))
            for S, W, sc, fl in checks)]
        least = min((_parts(c, w) for c, w in exact), default=0)
        weights[x] = {(c, w) for c, w in exact if _parts(c, w) == least}
    return [found[0], weights, found[2]]


def _parts(c: int, reading: frozenset) -> int:
    """How much a reading says: its terms, their scalars other than 1, the flags and
    positions of their masks, an input added itself."""
    return abs(c) + sum(1 + (s.lstrip("-") != "1") + m.count("[t]") + m.count("last step")
                        for _, s, m in reading)


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
