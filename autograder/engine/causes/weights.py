"""Weights: how a loss weights its terms, read off the student's code by experiment.

A policy-gradient loss is, at fixed ratios, a weighted sum of per-element terms: each token of
each response (or each sample, each step) contributes its term (``A * logp``, a clipped
surrogate) times a weight. Real code gets the REDUCTION wrong in ways that stack: a mean over
every real token of the batch (each response weighted by its length), a division by the padded
length, padding counted, a sum where the contract takes a mean, a batch mean taken twice, the
sign forgotten, the advantages standardised inside the loss, a ratio that is always one
(``exp(logp - logp.detach())``), with a float32 cast or an eps on top. Conventions named one at
a time miss the stacks; this experiment reads them off.

**The model.** An assignment declares, for a loss (``hidden/<name>/weights.py``, a
:class:`Weighing`): which argument is ``live`` (the log-probs the terms move with), the
``mask`` of real elements (or none), the per-row weights (``weights``: the advantages, or the
returns less the baseline), the per-element ``term``, whether the answer is one number or one
per row, the contract's own weighting and the words of the sizes. A *weighting* is then

    ``answer = sign * scale * sum over elements of  row_norm * masking(term(tau(weights), one))``

with ``sign`` +-1; ``scale`` 1 or 1 over one or two sizes of the input (rows, the padded
width, the real elements, ...); ``row_norm`` 1 or 1 / the row's real length; ``tau`` the
weights as given, centred, or standardised (population or sample std, over the batch);
``masking`` the padding left out (``where``), multiplied by the mask (``-inf * 0`` is NaN), or
counted; ``one`` the live input used (or a ratio always one in its place). The contract is one
weighting; every other one is a difference of some *parts*.

**The experiment** (:func:`weigh`). From the failed case whose sizes differ most, the grader
builds structured inputs of its shape: log-probs of distinct values, a mask of chosen lengths
(one row full, the others shorter), advantages distinct and not centred, then one-hot on the
first row, then scaled and shifted, the log-probs moved at one real token and at one padding
token, the mask all True. It asks the student's function on them in one ``ask`` exchange and
reads off the weighting that reproduces every answer, to float32 tolerance.

**The rule.** A weighting is named only when it reproduces the student's answers on every
structured input, on every failed case (by the case's own check) and on every passed one; among
those, the ones with the fewest parts differing from the contract are kept, and they must all
say the same words (else nothing: two stories). The words say what the code computes, weight by
weight, and what the contract asks.
"""
from __future__ import annotations

import importlib.util
import itertools
import re
import time
from dataclasses import dataclass, field
from functools import cache

import torch

from autograder.engine.causes.ablations import _arguments, _judge, _precise, _value
from autograder.engine.causes.evidence import Observation, Raised, agree, wrong
from autograder.engine.causes.forms import as_tensors
from pgcheck.calls import clone

#: the answers on structured inputs agree within this relative (and absolute, on a scale of 1)
#: tolerance: a float32 intermediate or an eps of 1e-8 stays inside, another weighting not
RTOL, ATOL = 2e-4, 1e-5
#: the ways of treating the per-row weights inside the loss
TAUS = ("given", "centred", "population", "sample")
MASKINGS = ("where", "multiplied", "counted")


@dataclass(frozen=True)
class Weighing:
    """A loss's arguments, as the weights experiment reads them (module docstring)."""
    fn: str
    live: str                       #: the argument the terms move with
    term: object                    #: term(arguments, a, one) -> per-element tensor
    weights: object = None          #: weights(arguments) -> per-row tensor, or None
    weights_arg: str = ""           #: the argument the probes set per row ("" none)
    mask: str = ""                  #: the bool mask of real elements ("" none)
    per_row: bool = False           #: the answer is one number per row (not one in all)
    centre: object = None           #: centre(arguments) -> where the live values sit
    sign: int = -1                  #: the contract's sign
    scale: tuple = ("rows",)        #: the contract's sizes divided by
    element: str = "token"          #: what one element is, in words
    row: str = "response"           #: what one row is, in words
    sizes: dict = field(default_factory=dict)   #: size name -> words ("rows": "responses")
    live_words: str = "log-probs"
    weights_words: str = "advantages"
    contract: str = ""              #: what the contract asks, in words


@dataclass(frozen=True)
class Weighting:
    """One weighting of the model: its parts, and how far it is from the contract."""
    sign: int
    scale: tuple
    row_mean: bool
    tau: str
    masking: str
    one: bool

    def parts(self, w: Weighing) -> int:
        return sum([self.sign != w.sign, self.scale != w.scale, self.row_mean,
                    self.tau != "given", self.masking != "where", self.one])


def _sizes(w: Weighing, arguments: dict) -> dict:
    live = arguments[w.live]
    found = {"all": live.numel()}
    if w.mask:
        found.update(rows=live.shape[0], width=live.shape[-1],
                     real=int(arguments[w.mask].sum()))
    else:
        found["rows"] = live.numel()
        # a dimension the input lacks has size 1: a (T,) rollout is one environment of (T, N)
        named = [int(m[1]) + 1 for m in map(re.compile(r"dim(\d+)").fullmatch, w.sizes) if m]
        found.update({f"dim{i}": live.shape[i] if i < live.dim() else 1
                      for i in range(max([live.dim()] + named))})
    return {k: v for k, v in found.items() if k in w.sizes or k in w.scale}


def _tau(a: torch.Tensor, how: str) -> torch.Tensor:
    if how == "given":
        return a
    centred = a - a.mean()
    if how == "centred":
        return centred
    n = a.numel() - (how == "sample")
    return centred / ((centred ** 2).sum() / n).sqrt().add(1e-8)


def _unscaled(w: Weighing, arguments: dict, h: Weighting) -> torch.Tensor:
    """The answer of ``h`` before its sign and scale, in float64."""
    args = {k: (v.detach().to(torch.float64) if isinstance(v, torch.Tensor)
                and v.is_floating_point() else v) for k, v in arguments.items()}
    a = _tau(w.weights(args), h.tau) if w.weights else None
    terms = w.term(args, a, h.one)
    if w.mask:
        mask = args[w.mask]
        if h.masking == "where":
            terms = torch.where(mask, terms, torch.zeros_like(terms))
        elif h.masking == "multiplied":
            terms = terms * mask
        if h.row_mean:
            terms = terms / mask.sum(dim=-1, keepdim=True)
        terms = terms.sum(dim=-1)
    return terms if w.per_row else terms.sum()


def _scale(sizes: dict, scale: tuple):
    value = 1.0
    for name in scale:
        if name not in sizes:
            return None
        value *= sizes[name]
    return 1.0 / value


def weightings(w: Weighing) -> list[Weighting]:
    """Every weighting of ``w``'s model (module docstring)."""
    names = sorted(set(w.sizes) | set(w.scale))
    scales = [()] + [(n,) for n in names] + list(itertools.combinations_with_replacement(names, 2))
    masked = (False, True) if w.mask else (False,)
    return [Weighting(sign, scale, row_mean, tau, masking, one)
            for sign in (w.sign, -w.sign) for scale in scales for row_mean in masked
            for tau in (TAUS if w.weights else ("given",))
            for masking in (MASKINGS if w.mask else ("where",)) for one in (False, True)]


def close(actual, expected: torch.Tensor) -> bool:
    """``actual`` is ``expected`` to float32 tolerance (NaN and inf where it has them)."""
    try:
        got = torch.as_tensor(actual.detach() if isinstance(actual, torch.Tensor) else actual)
        got = got.to(torch.float64)
    except Exception:  # noqa: BLE001 - an odd answer matches nothing
        return False
    if got.numel() != expected.numel():
        return False
    got, expected = got.reshape(-1), expected.reshape(-1)
    scale = float(expected[torch.isfinite(expected)].abs().max()) if \
        bool(torch.isfinite(expected).any()) else 1.0
    return bool(torch.allclose(got, expected, rtol=RTOL, atol=ATOL * max(1.0, scale),
                               equal_nan=True))


def predict(w: Weighing, arguments: dict, h: Weighting, memo: dict | None = None):
    """``h``'s answer on ``arguments`` (float64), or None where a size it names is missing;
    ``memo``: the answers before sign and scale, kept across weightings of one fit."""
    factor = _scale(_sizes(w, arguments), h.scale)
    if factor is None:
        return None
    memo = {} if memo is None else memo
    key = (id(arguments), h.row_mean, h.tau, h.masking, h.one)
    if key not in memo:
        memo[key] = _unscaled(w, arguments, h)
    return h.sign * factor * memo[key]


# -- the structured inputs ----------------------------------------------------------------

def _offsets(shape, dtype) -> torch.Tensor:
    """Distinct values in [-0.35, 0.35]: no two elements alike, nothing symmetric."""
    n = int(torch.Size(shape).numel())
    k = torch.arange(n, dtype=torch.float64)
    return (0.35 * torch.cos(1.7 * k + 0.3)).reshape(shape).to(dtype)


def _lengths(mask: torch.Tensor) -> torch.Tensor:
    """A mask of chosen lengths: the first row full, each next one a token shorter (around
    again after one token)."""
    rows, width = mask.shape[0], mask.shape[-1]
    lengths = [width - i % width for i in range(rows)]
    return torch.arange(width)[None, :] < torch.tensor(lengths)[:, None]


def probes(w: Weighing, arguments: dict) -> list[dict]:
    """The structured inputs of the experiment, of the shape of ``arguments`` (module
    docstring): each the case's arguments with the live values, the mask and the weights set."""
    live = arguments[w.live]
    centre = w.centre(arguments) if w.centre else torch.full_like(live.detach(), -1.0)
    base = dict(arguments)
    base[w.live] = (centre.detach() + _offsets(live.shape, live.dtype)).requires_grad_(
        live.requires_grad)
    if w.mask:
        base[w.mask] = _lengths(arguments[w.mask])
    found = [base]
    if w.weights_arg:
        a = arguments[w.weights_arg]
        designed = (0.4 + 2 * _offsets(a.shape, a.dtype)).to(a.dtype)
        base[w.weights_arg] = designed
        one_hot = torch.zeros_like(designed)
        one_hot.reshape(-1)[0] = 1.5
        found += [dict(base, **{w.weights_arg: one_hot}),
                  dict(base, **{w.weights_arg: 2 * designed + 0.5})]
    moved = base[w.live].detach().clone()
    moved.reshape(-1)[0] += 0.25                 # a real element (the first row is full)
    found.append(dict(base, **{w.live: moved.requires_grad_(live.requires_grad)}))
    if w.mask:
        short = ~base[w.mask]
        if bool(short.any()):
            padded = base[w.live].detach().clone()
            padded[short.nonzero()[0].tolist()[0], short.nonzero()[0].tolist()[1]] += 0.5
            found.append(dict(base, **{w.live: padded.requires_grad_(live.requires_grad)}))
        found.append(dict(base, **{w.mask: torch.ones_like(base[w.mask])}))
    return found


# -- the fit and its words ----------------------------------------------------------------

def fit(w: Weighing, asked: list[tuple[dict, object]], cases: list[tuple[Observation, dict]]) \
        -> list[Weighting]:
    """The weightings that reproduce every answer on the structured inputs (``asked``: the
    arguments and the student's answer) and on every case (its arguments), fewest parts
    first, only those of the fewest."""
    found, memo = [], {}
    for h in weightings(w):
        if h == Weighting(w.sign, w.scale, False, "given", "where", False):
            continue
        if not all(_reproduces(w, h, arguments, answer, memo) for arguments, answer in asked):
            continue
        if all(_agrees(w, h, obs, arguments, memo) for obs, arguments in cases):
            found.append(h)
    fewest = min((h.parts(w) for h in found), default=0)
    return [h for h in found if h.parts(w) == fewest]


def _reproduces(w, h, arguments, answer, memo) -> bool:
    if isinstance(answer, Raised):
        return False
    try:
        expected = predict(w, arguments, h, memo)
    except Exception:  # noqa: BLE001 - the model does not apply to these inputs
        return False
    return expected is not None and close(answer, expected)


def _agrees(w, h, obs: Observation, arguments: dict, memo) -> bool:
    try:
        expected = predict(w, arguments, h, memo)
    except Exception:  # noqa: BLE001
        return False
    if expected is None:
        return False
    mine = _value(obs, obs.student)
    reference = _value(obs, obs.reference)
    if isinstance(reference, torch.Tensor):
        expected = expected.to(reference.dtype).reshape(reference.shape)
    else:
        expected = float(expected)
    return agree(_judge(obs), mine, expected) or close(mine, torch.as_tensor(expected)
                                                        .to(torch.float64))


def _weight_words(w: Weighing, scale: tuple, row_mean: bool) -> str:
    factors = [w.sizes.get(n, n) for n in scale] + \
        ([f"its {w.row}'s real {w.element}s"] if row_mean else [])
    return f"1/({' × '.join(factors)})" if factors else "1 (a plain sum)"


def words(w: Weighing, h: Weighting, n: int) -> str:
    """What the student reads: the weighting ``h`` read off, part by part, and the contract."""
    said = []
    if (h.scale, h.row_mean) != (w.scale, False):
        said.append(f"weights each {w.element} by {_weight_words(w, h.scale, h.row_mean)} "
                    f"where the contract weights each by {_weight_words(w, w.scale, False)}"
                    + (f" (each {w.row} then counts the same whatever its length)"
                       if h.row_mean else ""))
    if h.sign != w.sign:
        said.append("has the opposite sign (the objective to maximise, not the loss to "
                    "minimise)" if not w.per_row else "has its sign flipped")
    if h.tau != "given":
        said.append(f"{'centres' if h.tau == 'centred' else 'standardises'} the "
                    f"{w.weights_words} itself, over the batch"
                    + ("" if h.tau == "centred" else
                       f" ({'sample' if h.tau == 'sample' else 'population'} std)")
                    + ", before weighting with them")
    if h.masking == "multiplied":
        said.append(f"multiplies the padding by the mask, and -inf * 0 is NaN (pick the real "
                    f"{w.element}s with torch.where)")
    elif h.masking == "counted":
        said.append(f"counts the padding's {w.live_words} too (the mask is never applied)")
    if h.one:
        said.append(f"does not move with the {w.live_words}: a ratio that is always one "
                    "(exp(logp - logp.detach())) stands where they belong")
    inputs = "structured inputs (" + ", ".join(
        (["one-hot and shifted " + w.weights_words] if w.weights_arg else [])
        + (["masks of chosen lengths"] if w.mask else []) + [f"{w.live_words} moved"]) + ")"
    return (f"an experiment on your code, on {n} {inputs}, reads off the weight each "
            f"{w.element} gets: your {w.fn} " + "; it ".join(said) + "; " + w.contract)


@cache
def declared(assignment) -> tuple[Weighing, ...]:
    """The weighings of ``hidden/<name>/weights.py`` (``WEIGHINGS``; our own code, loaded
    once)."""
    path = assignment.hidden_dir / "weights.py"
    if not path.is_file():
        return ()
    spec = importlib.util.spec_from_file_location(f"_autograde_weights_{assignment.name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return tuple(getattr(module, "WEIGHINGS", ()))


def weigh(assignment, fn: str, observations: list[Observation], reference_fn, ask) \
        -> tuple[str, str] | None:
    """(the cause's words, its name ``weights:<parts>``) when one weighting explains ``fn``'s
    answers by the rule of the module docstring, else None. ``ask(fn, items, seconds)``: the
    student's answers on the argument lists ``items``, or None when the experiment could not
    run."""
    w = next((d for d in declared(assignment) if d.fn == fn), None)
    return None if w is None else weigh_with(w, observations, reference_fn, ask)


def weigh_with(w: Weighing, observations: list[Observation], reference_fn, ask) \
        -> tuple[str, str] | None:
    """:func:`weigh` for the loss ``w`` declares."""
    fn = w.fn
    cases = [o for o in observations if o.fn == fn and o.kind in ("value", "grad")
             and not _precise(o)]
    form, cases = as_tensors(cases)     # a Python number or list: the weights of its numbers
    if any(isinstance(o.student, Raised) or isinstance(o.reference, Raised) for o in cases):
        return None
    failed = wrong(cases)
    # a case that failed on its gradient only says nothing of how the value weights its terms
    if not failed or any(agree(_judge(o), _value(o, o.student), _value(o, o.reference))
                         for o in failed):
        return None
    known = [(o, _arguments(reference_fn, o)) for o in cases]
    if any(a is None for _, a in known):
        return None
    bad = {id(o) for o in failed}
    richest = max((a for o, a in known if id(o) in bad),
                  key=lambda a: len(set(_sizes(w, a).values())))
    items = probes(w, richest)
    start = time.perf_counter()
    with torch.no_grad():
        for a in items:             # the reference accepts them (and times them)
            reference_fn(*clone(list(a.values())))
    seconds = time.perf_counter() - start
    answers = ask(fn, [list(a.values()) for a in items], seconds)
    if not isinstance(answers, list) or len(answers) != len(items):
        return None
    found = fit(w, list(zip(items, answers)), known)
    said = {words(w, h, len(items)) for h in found}
    if len(said) != 1:
        return None
    h = found[0]
    return said.pop() + (f"; and {form}" if form else ""), "weights:" + ",".join(
        f"{k}={v}" for k, v in vars(h).items()
        if v != {"sign": w.sign, "scale": w.scale, "row_mean": False, "tau": "given",
                 "masking": "where", "one": False}[k])
