"""Changes to the inputs: what real code does to an argument before the computation proper.

A program that computes the right thing can still compute it on the wrong numbers. It keeps its
training script's ``GAMMA = 0.99`` where the argument belongs, passes ``terminated`` where
``truncated`` goes, reads ``values[t + 1]`` for the next state's value, standardises the
advantages it was handed, or detaches the log-probabilities it should differentiate. None of
these depends on what the function computes: each follows from the type of one argument alone
(or of two arguments of one type and shape). This module derives them, generically, from the
arguments of one call bound to the reference's signature
(:func:`~autograder.engine.causes.relations._names`):

* a **float scalar** (gamma, lam, eps, cap): fixed at a common value (:data:`COMMON`), at its
  default in the signature (code that ignores the argument) or at a constant the student's
  function writes (:mod:`~autograder.engine.causes.literals`: its line is quoted), ``1 - x``,
  negated, or swapped with another float scalar;
* an **int**: one more or one less;
* a **bool flag**: flipped;
* a **bool tensor** (terminated, a mask): inverted, all False, all True; with another bool
  tensor of its shape: their or, their and, or the two swapped;
* a **float tensor**: negated, left at 0, standardised over all its elements (sample or
  population std, plus 1e-8 or an eps the student's code writes), centred, detached, its
  absolute value, shifted one step along dim 0 (the next row, the last row kept or taken from
  another argument of its shape); with another float tensor of its shape: the two swapped.

Each :class:`Change` has words for both places that name it: the exact relations of
:mod:`~autograder.engine.causes.relations` ("your answer is the expected computation's with
`gamma` negated", the reference on that one change, to the value tests' tolerance) take the few
marked :data:`RELATION`; the composed candidates of :mod:`~autograder.engine.causes.compose`
take the others ("...; besides, `gamma` is fixed at 0.99 whatever is passed").

An assignment's ``conventions.py`` may add its own parts beside its conventions, with two
decorators that need no knowledge of the engine:

* ``@change("compute_gae", "words")`` on a function that takes the bound arguments (a dict,
  name -> value, a copy) and returns them changed;
* ``@twist("grpo_loss", "words")`` on a function that takes ``(answer, arguments)`` (the
  candidate's answer, the bound arguments) and returns another answer.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Callable

import torch

from autograder.engine.causes.literals import Literal

#: the values real code fixes a float scalar at (a discount, lambda, a clip width, a cap)
COMMON = (0.99, 0.95, 0.9, 0.5, 1.0, 0.0, 0.1, 0.2, 0.3)
#: the eps of a standardised input, when the student's code writes none
EPS = 1e-8
#: the changes :mod:`~autograder.engine.causes.relations` tries as exact relations
RELATION = "relation"
#: the changes :mod:`~autograder.engine.causes.compose` composes with a candidate
COMPOSE = "compose"


@dataclass(frozen=True)
class Change:
    """One change of the bound arguments: ``apply(arguments) -> arguments`` (a new dict).
    ``words`` follow the argument's name in a relation ("`gamma` negated"); ``besides`` says
    it after another story ("`gamma` is fixed at 0.99 ...")."""
    name: str
    words: str
    besides: str
    apply: Callable
    uses: frozenset = frozenset({COMPOSE})
    #: how often real code makes it, as a second mistake: 0 most often (a constant of the code
    #: where the argument belongs, two arguments swapped) to 3 (an input negated or dropped)
    rank: int = 1

    @property
    def arg(self) -> str:
        """The argument it changes (the first of two)."""
        return self.name.split(":")[0].split("<>")[0]


@dataclass(frozen=True)
class Twist:
    """A change of a whole answer: ``apply(answer, arguments) -> answer``."""
    name: str
    text: str
    apply: Callable


@dataclass(frozen=True)
class Declared:
    """A change or a twist that an assignment's ``conventions.py`` declares for ``fn``."""
    fn: str
    part: object        #: a :class:`Change` or a :class:`Twist`


def change(fn: str, text: str):
    """Marks a function of ``conventions.py`` as a change of ``fn``'s bound arguments (a dict
    in, a dict out); ``text`` reads after "besides, "."""
    def mark(function):
        function.declared = Declared(fn, Change(function.__name__, text, text,
                                                lambda bound, f=function: f(dict(bound))))
        return function
    return mark


def twist(fn: str, text: str):
    """Marks a function of ``conventions.py`` as a twist of ``fn``'s answers: it takes
    ``(answer, arguments)`` and returns an answer; ``text`` reads after "besides, "."""
    def mark(function):
        function.declared = Declared(fn, Twist(function.__name__, text, function))
        return function
    return mark


def declared(module) -> list[Declared]:
    """The changes and twists a loaded ``conventions.py`` marks, in the order it defines them."""
    return list({id(d): d for d in (getattr(v, "declared", None) for v in vars(module).values())
                 if isinstance(d, Declared)}.values())


def _set(name: str, make):
    """A change of argument ``name`` to ``make(value)``."""
    return lambda bound: {**bound, name: make(bound[name])}


def _float_tensor(v) -> bool:
    return isinstance(v, torch.Tensor) and v.is_floating_point()


def _bool_tensor(v) -> bool:
    return isinstance(v, torch.Tensor) and v.dtype == torch.bool


def _scalar(v) -> bool:
    return type(v) is float


def _standardised(unbiased: bool, eps: float = EPS):
    return lambda v: (v - v.mean()) / (v.std(unbiased=unbiased) + eps)


def _shifted(v, last=None):
    """``v[t + 1]`` at every row t, the last row ``v``'s own (or ``last``'s)."""
    tail = v[-1:] if last is None else last[-1:]
    return torch.cat([v[1:], tail.to(v.dtype)])


def _ranked(found: list[Change]) -> list[Change]:
    """``found`` with each change's :attr:`Change.rank` from its kind."""
    kinds = ((0, (":fixed_", "<>")), (1, (":standardised", ":centred", ":next_row", ":=")),
             (2, (":complement", ":+1", ":-1", ":inverted", ":false", ":true", ":detached")))
    out = []
    for c in found:
        rank = next((r for r, marks in kinds if any(m in c.name for m in marks)), 3)
        out.append(Change(c.name, c.words, c.besides, c.apply, c.uses, rank))
    return out


def _fixed(k: str, v: float, c: float, lit: Literal | None) -> Change:
    """``k`` fixed at ``c``: a common value, or the constant ``lit`` the student's code writes
    (then its line is quoted). Composed candidates only, as the common values: a relation
    (step d) would come before the assignment's conventions, whose words say more."""
    if lit is None:
        return Change(f"{k}:fixed_{c:g}", f"fixed at {c:g}", f"`{k}` is fixed at {c:g} "
                      f"whatever is passed (the contract uses the {k} it is given)",
                      _set(k, lambda x: c))
    said = f"your code writes {lit.where} where `{k}` belongs"
    return Change(f"{k}:fixed_{c:g}", f"fixed at {c:g}: {said} (it computes with {c:g} "
                  f"whatever is passed; {k} = {v:g} on a failed case)",
                  f"`{k}` is fixed at {c:g}: {said}, and computes with it whatever is passed "
                  f"({k} = {v:g} on a failed case; the contract uses the {k} it is given)",
                  _set(k, lambda x: c))


def _written_eps(k: str, written: dict) -> list[Change]:
    """``k`` standardised with an eps the student's code writes (a small positive constant)."""
    return [Change(f"{k}:standardised_{s}_eps_{c:g}", f"standardised ({s} std, + {lit.where})",
                   f"`{k}` is standardised (minus its mean, over its {s} std plus the eps "
                   f"{lit.text or c} your code writes at line {lit.line})",
                   _set(k, _standardised(s == "sample", c)))
            for c, lit in written.items() if 0 < c < 1e-2 and c != EPS and not lit.band
            for s in ("sample", "population")]


def _one(k: str, v, default=None, written: dict | None = None) -> list[Change]:
    """The changes of one argument, from its type (module docstring); a float scalar is also
    fixed at ``default``, its default in the signature, and at each constant of ``written``
    (value -> :class:`~.literals.Literal`: the numbers the student's code writes)."""
    a = f"`{k}`"
    written = written or {}
    both = frozenset({RELATION, COMPOSE})
    if _bool_tensor(v):
        return [Change(f"{k}:inverted", "inverted (~)", f"{a} is inverted (~{k})",
                       _set(k, lambda x: ~x), both),
                Change(f"{k}:false", "all False", f"{a} is never set (all False)",
                       _set(k, torch.zeros_like)),
                Change(f"{k}:true", "all True", f"{a} is True everywhere",
                       _set(k, torch.ones_like))]
    if _float_tensor(v):
        found = [Change(f"{k}:negated", "negated", f"{a} is negated", _set(k, lambda x: -x),
                        both),
                 Change(f"{k}:zero", "set to 0", f"{a} is left at 0 (not used)",
                        _set(k, torch.zeros_like), both),
                 Change(f"{k}:centred", "centred", f"{a} is centred (minus its mean)",
                        _set(k, lambda x: x - x.mean())),
                 Change(f"{k}:abs", "made positive (abs)", f"{a} is taken as its absolute "
                        "value", _set(k, torch.abs))]
        found += [Change(f"{k}:standardised_{s}", f"standardised ({s} std)",
                         f"{a} is standardised (minus its mean, over its {s} std)",
                         _set(k, _standardised(s == "sample")))
                  for s in ("sample", "population") if v.numel() > 1]
        found += _written_eps(k, written) if v.numel() > 1 else []
        if v.requires_grad:
            found.append(Change(f"{k}:detached", "detached", f"{a} is detached (no gradient "
                                "flows through it)", _set(k, lambda x: x.detach())))
        if v.dim() >= 1 and v.shape[0] >= 2:
            found.append(Change(f"{k}:next_row", "shifted one row", f"{a} is read one row "
                                f"ahead ({k}[t + 1] where {k}[t] belongs, the last row kept)",
                                _set(k, _shifted)))
        return found
    if isinstance(v, bool):
        return [Change(f"{k}:flipped", "flipped (True where False is passed, False where True "
                       "is)", f"{a} is flipped", _set(k, lambda x: not x), both)]
    if _scalar(v):
        found = [Change(f"{k}:=0", "= 0", f"{a} is 0", _set(k, lambda x: 0.0),
                        frozenset({RELATION})),
                 Change(f"{k}:=1", "= 1", f"{a} is 1", _set(k, lambda x: 1.0),
                        frozenset({RELATION})),
                 Change(f"{k}:negated", "negated", f"{a} is negated", _set(k, lambda x: -x),
                        both),
                 Change(f"{k}:complement", "used as 1 - it", f"{a} is used as 1 - {k}",
                        _set(k, lambda x: 1.0 - x))]
        extra = (default,) if type(default) is float and default not in COMMON else ()
        found += [_fixed(k, v, c, None) for c in COMMON + extra if c not in written]
        found += [_fixed(k, v, c, lit) for c, lit in written.items()]
        return found
    if type(v) is int:
        return [Change(f"{k}:{d:+d}", f"off by one ({d:+d})", f"{a} is off by one ({k} "
                       f"{'+' if d > 0 else '-'} 1)", _set(k, lambda x, d=d: x + d))
                for d in (1, -1)]
    return []


def _swap(a: str, b: str):
    return lambda bound: {**bound, a: bound[b], b: bound[a]}


def _two(a: str, b: str, bound: dict) -> list[Change]:
    """The changes of two arguments of one type (and shape): swapped; two bool tensors also
    or-ed or and-ed into either place; a float tensor read one row ahead, its last row from
    the other."""
    x, y = bound[a], bound[b]
    both = frozenset({RELATION, COMPOSE})
    swapped = Change(f"{a}<>{b}", f"and `{b}` swapped", f"`{a}` and `{b}` are swapped",
                     _swap(a, b))
    if _scalar(x) and _scalar(y):
        return [swapped]
    if not (isinstance(x, torch.Tensor) and isinstance(y, torch.Tensor)) or x.shape != y.shape:
        return []
    if _bool_tensor(x) and _bool_tensor(y):
        found = [swapped]
        for k in (a, b):
            found += [Change(f"{k}:={a}{op}{b}", f"replaced by `{a}` {op} `{b}`",
                             f"`{a}` {op} `{b}` is used where `{k}` belongs",
                             lambda d, k=k, f=f: {**d, k: f(d[a], d[b])})
                      for op, f in (("|", torch.logical_or), ("&", torch.logical_and))]
        return found
    if _float_tensor(x) and _float_tensor(y):
        found = [Change(swapped.name, swapped.words, swapped.besides, swapped.apply, both)]
        if x.dim() >= 1 and x.shape[0] >= 2:
            found += [Change(f"{k}:next_row_from_{o}", f"shifted one row, the last from "
                             f"`{o}`", f"`{k}` is read one row ahead ({k}[t + 1] where "
                             f"{k}[t] belongs, the last row from `{o}`)",
                             lambda d, k=k, o=o: {**d, k: _shifted(d[k], d[o])})
                      for k, o in ((a, b), (b, a))]
        return found
    return []


def typed(bound: dict, use: str = COMPOSE, defaults: dict | None = None,
          literals=()) -> list[Change]:
    """Every change of the module docstring that ``use`` takes, for these bound arguments
    (``defaults``: the signature's default of each argument that has one; ``literals``: the
    constants the student's function writes, :func:`~.literals.literals`)."""
    written = {lit.value: lit for lit in literals}
    found = [c for k, v in bound.items()
             for c in _one(k, v, (defaults or {}).get(k), written)]
    for a, b in itertools.combinations(list(bound), 2):
        found += _two(a, b, bound)
    found = _ranked(found)
    return sorted((c for c in found if use in c.uses), key=lambda c: c.rank)


def relation_changes(value) -> list[tuple[str, Callable]]:
    """(words, change of the value) of one input, for the exact relation ``inputs``."""
    return [(c.words, lambda v, c=c: c.apply({"x": v})["x"])
            for c in _one("x", value) if RELATION in c.uses]
