"""Relations: exact relations between the student's answers and the reference's, used when no
known mistake of the bank fits.

A relation is a story that a wrong answer can be computed from the reference's answer on the
same inputs (or from the reference run on a transformed input), with no knowledge of the
student's code. It is named only when it holds on EVERY failed case of the function (each
one to the value tests' own tolerance, through the case's own judge), there are at least two
such cases or one that carries more than a bit, and the feedback quotes the numbers that
prove it. A relation that holds on some cases only is not named.

Long because: every relation is a small test of the same shape (compute the candidate answer,
check it on every failed case, word it with its numbers), and they are read together, in the
order they are tried; split apart, the order and the shared evidence would be harder to follow.

The relations, in the order they are tried (the first that holds is named):

* ``sign``: the answer is exactly minus the expected one;
* ``factor``: the answer is the expected one times (or divided by) a size of the inputs of
  that same case: a dimension of an argument, its number of elements, the number of real
  tokens of a mask, the mean length of the mask's rows; or times sqrt(n/(n-1)) or
  sqrt((n-1)/n) for a dimension n (sample against population standard deviation);
* ``constant``: the answer is the expected one times one constant k, the same on every
  failed case and every element (proved on at least two different expected numbers); named
  with k and the numbers only: a constant says nothing of which line scales it;
* ``offset``: the answer is the expected one plus one constant c, proved the same way;
* ``unchanged``: the answer is one of the inputs, returned as it came in;
* ``inputs``: the answer is the reference's on the same call with one input changed: a
  tensor or a number negated, a mask or a flag inverted, two inputs of one shape swapped, a
  tensor left at 0, a number at 0 or 1 (an input ignored or used with the wrong sign);
* ``transposed``: the answer is the reference's on every 2-D input transposed (a reduction
  over the other dimension; the answer's shape may differ from the expected one);
* ``direction``: the answer is the reference's computed in the other direction along the
  first dimension (a prefix sum for a reward-to-go, a forward recursion for a backward one);
* ``shift``: the answer is the expected one moved by one step along the first dimension;
* ``where``: the answer differs from the expected one only at positions with one feature of
  the inputs: where a boolean argument is True (terminated, truncated steps), right after
  such a step, the first step, the last step, where a mask is False (padding), where an
  argument is -inf.

When none holds of a tuple answer as a whole (compute_gae's advantages and returns), each is
tried of each item that differs, in order (:func:`per_item`): "in returns: ...".
"""
from __future__ import annotations

import inspect
import math
from dataclasses import dataclass, replace
from functools import partial, wraps

import torch

from autograder.engine.assertions import TOLERANCES, expect_close, expect_float
from autograder.engine.causes.changes import RELATION, typed
from autograder.engine.causes.evidence import Observation, agree, compared, informative, wrong
from pgcheck.calls import clone


@dataclass(frozen=True)
class Found:
    """A relation that holds on every failed case: its name and what the student reads."""
    name: str
    text: str


def _answer(obs: Observation, answer):
    """The value part of an answer (a gradient reply's value)."""
    return answer.value if obs.kind == "grad" and hasattr(answer, "value") else answer


def _sides(obs: Observation) -> tuple:
    """The value parts of the student's answer and of the reference's."""
    return _answer(obs, obs.student), _answer(obs, obs.reference)


def _tensors(value) -> list[torch.Tensor]:
    if isinstance(value, torch.Tensor):
        return [value]
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in _tensors(v)]
    return []


def _map(value, fn):
    """``fn`` applied to every tensor of an answer (a tensor, a number or a tuple of them)."""
    if isinstance(value, torch.Tensor):
        out = fn(value.detach().double())
        return out.to(value.dtype) if value.is_floating_point() else out
    if isinstance(value, (list, tuple)):
        return type(value)(_map(v, fn) for v in value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(fn(torch.tensor(float(value), dtype=torch.float64)))
    return value


def _names(reference_fn, obs: Observation) -> dict[str, object]:
    """The call's arguments by parameter name (positional ones named from the signature), the
    ones left at their default included (a flag the call leaves at False can be flipped too)."""
    try:
        bound = inspect.signature(reference_fn).bind(*obs.args, **obs.kwargs)
    except (TypeError, ValueError):
        return {f"argument {i + 1}": a for i, a in enumerate(obs.args)} | dict(obs.kwargs)
    bound.apply_defaults()
    return dict(bound.arguments)


def _fmt(x: float) -> str:
    return f"{x:.4g}"


def _example(student, expected) -> str:
    """The numbers of one case: the element where the expected answer is largest."""
    s, e = _tensors(student), _tensors(expected)
    if not s or not e or s[0].shape != e[0].shape or not e[0].numel():
        if isinstance(expected, (int, float)) and isinstance(student, (int, float)):
            return f"expected {_fmt(expected)}, got {_fmt(student)}"
        return ""
    flat_e, flat_s = e[0].detach().double().reshape(-1), s[0].detach().double().reshape(-1)
    finite = torch.where(torch.isfinite(flat_e), flat_e.abs(), torch.zeros_like(flat_e))
    i = int(finite.argmax())
    return f"expected {_fmt(float(flat_e[i]))}, got {_fmt(float(flat_s[i]))}"


class Evidence:
    """The failed value cases of one function."""

    def __init__(self, fn: str, observations: list[Observation], reference_fn):
        self.fn, self.reference_fn = fn, reference_fn
        self.failed = wrong(compared(fn, observations))
        #: the value cases the student passed (a story of the whole computation must hold there)
        failed = {id(o) for o in self.failed}
        self.passed = [o for o in compared(fn, observations) if id(o) not in failed]
        self.shaped = True      #: every failed answer has the expected shape (usable() finds out)

    def usable(self) -> bool:
        """Relations speak of numbers: every failed case answered a value of the right form."""
        if not self.failed:
            return False
        for o in self.failed:
            s, r = _sides(o)
            st, rt = _tensors(s), _tensors(r)
            if len(st) != len(rt) or (not rt and not isinstance(r, (int, float))):
                return False
            if any(a.shape != b.shape for a, b in zip(st, rt)):
                self.shaped = False
        return True

    def enough(self) -> bool:
        return len(self.failed) >= 2 or any(informative(_answer(o, o.student))
                                            for o in self.failed)

    def holds(self, candidate) -> bool:
        """``candidate(obs, expected)`` (an answer, or None: no prediction) agrees with the
        student's answer on every failed case, by the case's own value test (a gradient case's
        value as :func:`_judge_item` judges a value)."""
        for o in self.failed:
            predicted = candidate(o, _answer(o, o.reference))
            judged = replace(o, judge=_judge_item) if o.kind == "grad" else o
            if predicted is None or not agree(judged, _answer(o, o.student), predicted):
                return False
        return True

    def everywhere(self, candidate) -> bool:
        """:meth:`holds`, and on every case the student passed the candidate agrees too: a
        student right where a changed computation is wrong does not compute it (an input
        fixed at a value that happens to match the failed cases only, as ``clip_eps = 1``
        where no failed case clips)."""
        if not self.holds(candidate):
            return False
        for o in self.passed:
            predicted = candidate(o, _answer(o, o.reference))
            judged = replace(o, judge=_judge_item) if o.kind == "grad" else o
            if predicted is not None and not agree(judged, _answer(o, o.student), predicted):
                return False
        return True

    def count(self) -> str:
        n = len(self.failed)
        return "the one failed case" if n == 1 else f"all {n} failed cases"

    def rerun(self, *args, **kwargs):
        """The reference on (copies of) other inputs, or None when it refuses them: then the
        story that needs them is not told."""
        try:
            with torch.no_grad():
                return self.reference_fn(*clone(args), **clone(kwargs))
        except Exception:  # noqa: BLE001 - the reference refuses the changed inputs: no story
            return None

    def proof(self, kept: int = 2) -> str:
        """The numbers of up to ``kept`` failed cases."""
        return "; ".join(x for x in (_example(*_sides(o)) for o in self.failed[:kept]) if x)


def sign(ev: Evidence) -> Found | None:
    if not ev.holds(lambda o, r: _map(r, lambda t: -t)):
        return None
    return Found("sign", f"your answer is exactly minus the expected one on {ev.count()} "
                 f"({ev.proof(1)}): a sign is flipped (a loss to minimise is minus the "
                 "objective; gradient ascent adds)")


def _sizes(ev: Evidence, o: Observation) -> dict[str, float]:
    return sizes(ev.reference_fn, o)


def sizes(reference_fn, o: Observation) -> dict[str, float]:
    """label -> size of one case's inputs, in the order they are preferred (the arguments
    named by ``reference_fn``'s signature)."""
    out = {}
    named = _names(reference_fn, o)
    tensors = [(k, v) for k, v in named.items() if isinstance(v, torch.Tensor) and v.dim() >= 1]
    for k, v in tensors:
        for d in range(v.dim()):
            label = f"the length of `{k}`" if v.dim() == 1 else f"the size of dim {d} of `{k}`"
            out[label] = float(v.shape[d])
        if v.dim() > 1:
            out[f"the number of elements of `{k}`"] = float(v.numel())
    for k, v in tensors:
        if v.dtype == torch.bool and v.dim() == 2:
            real = float(v.sum())
            out[f"the number of real tokens (`{k}`.sum())"] = real
            out[f"the mean number of real tokens per row of `{k}`"] = real / v.shape[0]
    return out


#: the factors that are a size n of the inputs, in the order they are tried: kind -> (the
#: factor, or None where n allows none; how it reads)
FACTORS = {
    "times": (lambda n: n, "your answer is {label} times the expected one on {count} "
              "({numbers}): you summed where the contract takes a mean"),
    "divided by": (lambda n: 1 / n, "your answer is the expected one divided by {label} on "
                   "{count} ({numbers}): you took a mean where the contract sums"),
    "std": (lambda n: math.sqrt(n / (n - 1)) if n > 1 else None,
            "your answer is the expected one times sqrt(n / (n - 1)) for n = {label} on {count} "
            "({numbers}): you divided by the sample standard deviation (n - 1); the contract "
            "uses the population one (n)"),
    "std-inverse": (lambda n: math.sqrt((n - 1) / n) if n > 1 else None,
                    "your answer is the expected one times sqrt((n - 1) / n) for n = {label} on "
                    "{count} ({numbers}): you divided by the population standard deviation (n) "
                    "where the contract uses the sample one (n - 1)"),
}


def factor(ev: Evidence) -> Found | None:
    for label in _sizes(ev, ev.failed[0]):
        if not any(_sizes(ev, o).get(label, 1.0) != 1.0 for o in ev.failed):
            continue
        for kind, (of, words) in FACTORS.items():
            def candidate(o, r, label=label, of=of):
                size = _sizes(ev, o).get(label)
                k = of(size) if size else None
                return None if k is None else _map(r, lambda t: t * k)
            if ev.holds(candidate):
                n = _sizes(ev, ev.failed[0])[label]
                numbers = f"{label} is {n:g}: {ev.proof(1)}"
                return Found(f"factor:{kind}", words.format(label=label, count=ev.count(),
                                                            numbers=numbers))
    return None


def _flat(value) -> torch.Tensor:
    """Every number of an answer, float64, in one row."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return torch.tensor([float(value)], dtype=torch.float64)
    parts = [t.detach().double().reshape(-1) for t in _tensors(value)]
    return torch.cat(parts) if parts else torch.zeros(0, dtype=torch.float64)


def _pairs(ev: Evidence) -> tuple[torch.Tensor, torch.Tensor]:
    """(student, expected) numbers of every failed case, where both are finite."""
    s = torch.cat([_flat(_answer(o, o.student)) for o in ev.failed])
    e = torch.cat([_flat(_answer(o, o.reference)) for o in ev.failed])
    keep = torch.isfinite(s) & torch.isfinite(e)
    return s[keep], e[keep]


def _distinct(values: torch.Tensor) -> int:
    return len({round(float(v), 6) for v in values})


def constant(ev: Evidence) -> Found | None:
    s, e = _pairs(ev)
    scale = float(e.abs().max()) if e.numel() else 0.0
    if scale < 1e-6 or _distinct(e[e.abs() > 1e-3 * scale]) < 2:
        return None
    i = int(e.abs().argmax())
    k = float(s[i] / e[i])
    if not math.isfinite(k) or abs(k) < 1e-3 or abs(k - 1) < 1e-3 or abs(k + 1) < 1e-3:
        return None
    if not ev.holds(lambda o, r: _map(r, lambda t: t * k)):
        return None
    return Found("constant", f"your answer is {_fmt(k)} times the expected one on {ev.count()} "
                 f"({ev.proof()}): one constant factor scales the whole answer, the same on "
                 "every case, whatever the sizes of the inputs")


def offset(ev: Evidence) -> Found | None:
    s, e = _pairs(ev)
    if not e.numel() or _distinct(e) < 2:
        return None
    i = int(e.abs().argmax())
    c = float(s[i] - e[i])
    if not math.isfinite(c) or abs(c) < 1e-6:
        return None
    if not ev.holds(lambda o, r: _map(r, lambda t: t + c)):
        return None
    return Found("offset", f"your answer is the expected one plus {_fmt(c)} on {ev.count()} "
                 f"({ev.proof()}): one constant is added to the whole answer, the same on "
                 "every case")


def unchanged(ev: Evidence) -> Found | None:
    named = _names(ev.reference_fn, ev.failed[0])
    for name in [k for k, v in named.items() if isinstance(v, torch.Tensor)]:
        def candidate(o, r, name=name):
            v = _names(ev.reference_fn, o).get(name)
            got = _tensors(r)
            if not isinstance(v, torch.Tensor) or len(got) != 1 or v.shape != got[0].shape:
                return None
            return v.detach().to(got[0].dtype)
        if ev.holds(candidate):
            return Found("unchanged", f"your answer is the input `{name}` unchanged, as it "
                         f"came in, on {ev.count()} ({ev.proof()}): whatever your code computes "
                         "never changes it (a step or term that comes out zero, or one computed "
                         "and never applied)")
    return None


def inputs(ev: Evidence) -> Found | None:
    named = _names(ev.reference_fn, ev.failed[0])
    # one list of changes with step e's compositions (changes.py): the few exact ones
    tries = [c for c in typed(named, RELATION)    # a number already 0 or 1: negated only
             if not (type(named[c.arg]) is float and named[c.arg] in (0.0, 1.0)
                     and (named[c.arg] == 0.0 or c.words != "negated"))]
    for change in tries:
        words = f"`{change.arg}` {change.words}"

        def candidate(o, r, change=change):
            try:
                new = change.apply(_names(ev.reference_fn, o))
            except Exception:  # noqa: BLE001 - another case lacks the input: no story
                return None
            out = ev.rerun(**new)
            numbers = _flat(out)        # none when the reference refused
            # an answer of zeros everywhere points at no input: many mistakes give it
            return None if numbers.numel() and not bool(numbers.any()) else out
        if ev.everywhere(candidate):
            return Found("inputs", f"your answer is the expected computation's with {words}, on "
                         f"{ev.count()} ({ev.proof()}): look at how your code uses that input")
    return None


def transposed(ev: Evidence) -> Found | None:
    """The reference on every 2-D input transposed: a reduction over the other dimension."""
    def candidate(o, r):
        bound = _names(ev.reference_fn, o)
        new = {k: v.detach().T if isinstance(v, torch.Tensor) and v.dim() == 2 else v
               for k, v in bound.items()}
        return None if all(new[k] is bound[k] for k in bound) else ev.rerun(**new)
    if not ev.holds(candidate):
        return None
    got, want = map(_tensors, _sides(ev.failed[0]))
    shapes = (f"shape {tuple(got[0].shape)} where {tuple(want[0].shape)} is expected"
              if got and want and got[0].shape != want[0].shape else ev.proof())
    return Found("transposed", f"your answer is the expected computation's on the inputs "
                 f"transposed (rows and columns swapped), on {ev.count()} ({shapes}): a sum, "
                 "mean or index runs over the other dimension")


def direction(ev: Evidence) -> Found | None:
    def candidate(o, r):
        first = next((a for a in o.args if isinstance(a, torch.Tensor) and a.dim() >= 1), None)
        if first is None or first.shape[0] < 2:
            return None
        T = first.shape[0]

        def flip(v):        # every input that runs along the steps, reversed
            return v.detach().flip(0) if isinstance(v, torch.Tensor) and v.dim() >= 1 \
                and v.shape[0] == T else v
        other = ev.rerun(*map(flip, o.args), **{k: flip(v) for k, v in o.kwargs.items()})
        tensors = _tensors(other)
        if not tensors or any(t.dim() < 1 or t.shape[0] != T for t in tensors):
            return None
        return _map(other, lambda t: t.flip(0))
    if not ev.holds(candidate):
        return None
    return Found("direction", "your answer is the expected one computed in the other direction "
                 f"along the steps on {ev.count()} ({ev.proof(1)}): you accumulated from the "
                 "first step forward; each step's value sums what comes after it, so run the "
                 "recursion from the last step back")


def _differs(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """Where ``a`` differs from ``b`` (of one shape) by the value tests' tolerance of ``b``."""
    rtol, atol = TOLERANCES.get(b.dtype, TOLERANCES[torch.float32])
    return ~torch.isclose(a.detach().double(), b.detach().double(), rtol=rtol, atol=atol,
                          equal_nan=True)


def _close(a: torch.Tensor, b: torch.Tensor) -> bool:
    return a.shape == b.shape and not bool(_differs(a, b).any())


def _shifted(o: Observation, step: int) -> bool:
    """Each tensor of the student's answer is the expected one moved by ``step`` along the
    first dimension, and is not the expected one itself."""
    s, r = map(_tensors, _sides(o))
    if not r or any(t.dim() < 1 or t.shape[0] < 3 for t in r):
        return False
    return all(_close(*((a[:-1], b[1:]) if step == 1 else (a[1:], b[:-1])))
               and not _close(a, b) for a, b in zip(s, r))


def shift(ev: Evidence) -> Found | None:
    for step, words in ((1, "answer[t] is expected[t + 1]"), (-1, "answer[t] is expected[t - 1]")):
        if all(_shifted(o, step) for o in ev.failed):
            return Found("shift", f"your answer is the expected one shifted by one step ({words}) "
                         f"on {ev.count()}: an index is off by one")
    return None


def _features(ev: Evidence, o: Observation, shape) -> dict[str, torch.Tensor]:
    """label -> positions of one case: boolean masks of the answer's shape."""
    out = {}
    for k, v in _names(ev.reference_fn, o).items():
        if not isinstance(v, torch.Tensor) or tuple(v.shape) != tuple(shape):
            continue
        if v.dtype == torch.bool:
            out[f"the steps where `{k}` is True"] = v
            after = torch.zeros_like(v)
            after[1:] = v[:-1]
            out[f"the steps right after one where `{k}` is True"] = after
            # a mask's False positions are its padding; a flag's (``terminated``) are not
            padding = " (the padding)" if "mask" in k else ""
            out[f"the positions where `{k}` is False{padding}"] = ~v
        elif v.is_floating_point() and bool(torch.isinf(v).any()):
            out[f"the positions where `{k}` is -inf"] = torch.isneginf(v)
    if len(shape) >= 1 and shape[0] >= 2:
        first = torch.zeros(shape, dtype=torch.bool)
        first[0] = True
        out["the first step"] = first
        last = torch.zeros(shape, dtype=torch.bool)
        last[-1] = True
        out["the last step"] = last
    return out


def _differences_at(ev: Evidence, o: Observation, label: str) -> int | None:
    """How many numbers of the student's answer differ from the expected ones on one case,
    when all of them lie at the positions ``label`` names (some positions, not all), else
    None."""
    s, r = map(_tensors, _sides(o))
    mask = _features(ev, o, r[0].shape).get(label) if r else None
    if mask is None or not bool(mask.any()) or bool(mask.all()):
        return None
    shown = 0
    for a, b in zip(s, r):
        if a.shape != mask.shape:
            return None
        differs = _differs(a, b)
        if bool((differs & ~mask).any()):
            return None
        shown += int(differs.sum())
    return shown


def where(ev: Evidence) -> Found | None:
    first = ev.failed[0]
    r0 = _tensors(_answer(first, first.reference))
    if not r0:
        return None
    for label in _features(ev, first, r0[0].shape):
        shown = 0
        for o in ev.failed:
            n = _differences_at(ev, o, label)
            if n is None:
                break
            shown += n
        else:       # every failed case differs at those positions only
            if shown:
                return Found("where", f"your answer differs only at {label}, on {ev.count()} "
                             f"({shown} values, and no other position differs): look at what "
                             "your code does there")
    return None


#: in the order they are tried
RELATIONS = (sign, factor, constant, offset, unchanged, inputs, transposed, direction, shift,
             where)
#: those that can hold where the answer's shape is not the expected one
ANY_SHAPE = (transposed,)


def relate(fn: str, observations: list[Observation], reference_fn) -> Found | None:
    """The first relation that holds on every failed value case of ``fn``, or None; for a
    tuple answer, else the first that holds of one of its items (:func:`per_item`)."""
    if reference_fn is None:
        return None
    return _relate(fn, observations, reference_fn) or per_item(fn, observations, reference_fn)


def _judge_item(actual, expected, *, precision=False, case=""):
    if isinstance(expected, torch.Tensor):
        expect_close(actual, expected.detach(), case=case, precision=precision)
    else:
        expect_float(actual, float(expected), case=case)


def _item_of(obs: Observation, i: int) -> Observation:
    """``obs`` seen through item ``i`` of its (tuple) answers, judged as the value test judges
    that item (same tolerance, same precision)."""
    precision = bool(getattr(obs.judge, "keywords", {}).get("precision"))
    pick = (lambda a: a[i] if isinstance(a, (list, tuple)) and len(a) > i else None)
    return Observation(obs.fn, "value", obs.args, obs.kwargs, *map(pick, _sides(obs)),
                       partial(_judge_item, precision=precision), key=f"{obs.key}#{i}")


def per_item(fn: str, observations: list[Observation], reference_fn) -> Found | None:
    """A tuple answer (compute_gae's advantages and returns): the first item, in order, that
    differs on some failed case and of which a relation holds on every failed case, the
    relation named with the item's name; the other items that differ are said to differ too
    (nothing more: their own story is not proven)."""
    failed = wrong(compared(fn, observations))
    answers = [_sides(o) for o in failed]
    if not failed or not all(isinstance(s, (list, tuple)) and isinstance(r, (list, tuple))
                             and len(s) == len(r) > 1 for s, r in answers):
        return None
    size = len(answers[0][1])
    if any(len(r) != size for _, r in answers):
        return None
    names = getattr(failed[0].judge, "keywords", {}).get("names") or \
        [f"item {i + 1}" for i in range(size)]
    items = [[_item_of(o, i) for o in failed] for i in range(size)]
    differing = [i for i in range(size) if wrong(items[i])]
    for i in differing:
        ref = wraps(reference_fn)(lambda *a, _i=i, **k: reference_fn(*a, **k)[_i])
        found = _relate(fn, items[i], ref)
        if found:
            others = [str(names[j]) for j in differing if j != i]
            rest = f"; {', '.join(others)} differ{'s' if len(others) == 1 else ''} too" \
                if others else ""
            return Found(f"{found.name}[{names[i]}]", f"in {names[i]}: {found.text}{rest}")
    return None


def _relate(fn: str, observations: list[Observation], reference_fn) -> Found | None:
    try:
        ev = Evidence(fn, observations, reference_fn)
        if not ev.usable() or not ev.enough():
            return None
    except Exception:  # noqa: BLE001 - a student's odd answer fits no story
        return None
    for relation in RELATIONS:
        if not ev.shaped and relation not in ANY_SHAPE:
            continue
        try:
            found = relation(ev)
        except Exception:  # noqa: BLE001 - an odd answer (a student's) fits no story
            found = None
        if found:
            return found
    return None
