"""Ablations: locate a mistake by experiment, calling the student's own function again.

Real code stacks deviations: a float32 intermediate *and* another reduction, a fixed gamma *and*
a recursion that runs across episode ends. No single alternative implementation reproduces such
answers, so the closest convention names nothing. An experiment on the student's code does not
need to know what the code computes. From each failed case the grader derives an input with one
*feature neutralised* (no episode end, no truncation, gamma = 1, every mask all True, a clip so
wide nothing clips, responses of one token, ...) and asks the student's function again, in the
same sandbox session, under the tests' time limits, in one ``map`` exchange. If on every failed
case the student's answer on the ablated input agrees with the reference's (by the case's own
check), while it failed on the original, the mistake lies in how the code handles that feature,
however many small deviations it stacks there. The cause says only that: what was removed and
where the difference lies ("with no truncation in the inputs your answers are right; they go
wrong at truncated steps: look at how your code bootstraps and cuts the recursion there").

The ablations of a function ``fn``:

* **generic** ones, from the argument table of the contract
  (:mod:`autograder.authoring.contract`): a bool tensor all False, all True; a bool flag False;
  a float number 1.0, 0.0;
* the assignment's own, ``autograder/hidden/<name>/ablations.py``: functions marked with
  :func:`ablation` that take the call's arguments by name (a dict) and return the neutralised
  ones (or None where the feature is absent), with the words: what was removed, and what the
  cause says of where the difference lies (docs/instructors.md).

The rule (:func:`locate`), frozen on the stacked-mistake functions of the cause tests:

1. an ablation is *usable* on a failed case when it changes the input, the reference accepts
   the ablated one, and the reference's answer there still carries information: more than a
   bit or one repeated number, not all zeros, and not one of the ablated inputs returned as it
   came (an answer any code gives), unless the case's own answer carried none either (every
   weight 1 on identical log-probs: the student got it wrong, so its right answer after the
   ablation is evidence still); some case of the trial must carry information;
2. it *locates* the mistake when it is usable on every failed case and the student's answer
   agrees with the reference's on every ablated input;
3. among those that locate, one whose features (``removes``) strictly contain another's is
   dropped (the smallest is named); if what remains removes more than one set of features,
   nothing is named (two explanations);
4. when no single ablation locates, pairs of ablations of disjoint features are tried the same
   way (the code is right only without episode ends AND with gamma = 1): both are named.

The experiment runs at the end of the grade, for a failed function whose callees answered right
and where steps a-e of :mod:`autograder.engine.causes` named nothing; a raise, a timeout or an
odd answer on an ablated input ends it silently. Nothing here runs student code itself: the
caller hands an ``ask(fn, items, seconds)`` that sends the calls to the sandbox.
"""
from __future__ import annotations

import importlib.util
import inspect
import itertools
import math
import time
from dataclasses import dataclass, replace
from functools import cache

import torch

from autograder.engine.causes.evidence import (Observation, Raised, _numbers, agree, informative,
                                               wrong)
from pgcheck.calls import clone

#: at most this many failed cases of a function enter the experiment (the first ones)
MAX_CASES = 12
#: at most this many calls of the student's function per experiment (singles, then pairs)
MAX_CALLS = 240


@dataclass(frozen=True)
class Ablation:
    """One neutralised feature: ``change(arguments) -> arguments or None``."""
    name: str
    fn: str                     #: the function it applies to ("" any that has the arguments)
    removes: frozenset          #: the features it removes (for rule 3)
    removed: str                #: what was removed: "no truncation in the inputs"
    says: str                   #: where the difference lies, and where to look
    change: object

    def __call__(self, arguments: dict) -> dict | None:
        try:
            out = self.change(clone(arguments))
        except Exception:  # noqa: BLE001 - a feature the inputs do not have
            return None
        return out


def ablation(fn: str, *, removes, removed: str, says: str, name: str = ""):
    """Marks a function of ``hidden/<name>/ablations.py`` as an ablation of ``fn``: it takes
    the call's arguments by name (a dict, its own copy) and returns them with one feature
    neutralised, or None where the inputs do not have it. ``removes``: the names of the
    features it removes (an ablation that removes more than another locates less precisely);
    ``removed``: what was removed, as the cause says it ("no truncation in the inputs");
    ``says``: where the difference then lies and where to look; ``name``: the ablation's name
    (default: the function's)."""
    def mark(change):
        def neutralise(arguments):
            return change(arguments)
        neutralise.__name__ = name or change.__name__.strip("_") or fn
        neutralise.__ablation__ = Ablation(neutralise.__name__, fn, frozenset(
            [removes] if isinstance(removes, str) else removes), removed, says, change)
        return neutralise
    return mark


def cleared(*names):
    """An ablation's change: the bool tensors ``names`` all False (no such step)."""
    def change(arguments):
        for name in names:
            arguments[name] = torch.zeros_like(arguments[name])
        return arguments
    return change


def _set(name, value):
    def change(arguments):
        arguments[name] = value(arguments[name])
        return arguments
    return change


def generic(contract) -> list[Ablation]:
    """The ablations the argument table of ``contract`` gives: a bool tensor all False or all
    True, a bool flag False, a float number 1.0 or 0.0."""
    found = []
    for name, spec in contract.params.items():
        kinds = {(alt.kind, alt.dtype) for alt in spec.alternatives}
        if ("tensor", "bool") in kinds:
            found += [
                Ablation(f"{name}=False", "", frozenset([name]), f"`{name}` all False",
                         f"they go wrong where `{name}` is True: look at how your code "
                         "handles those positions", _set(name, torch.zeros_like)),
                Ablation(f"{name}=True", "", frozenset([name]), f"`{name}` all True",
                         f"they go wrong where `{name}` is False: look at how your code "
                         "handles those positions", _set(name, torch.ones_like))]
        if ("bool", "") in kinds:
            found.append(Ablation(f"{name}=False", "", frozenset([name]), f"`{name}` = False",
                                  f"they go wrong with `{name}` = True: look at what your code "
                                  "does then", _set(name, lambda v: False)))
        if ("float", "") in kinds:
            found += [Ablation(f"{name}={v:g}", "", frozenset([name]), f"`{name}` = {v:g}",
                               f"they go wrong with other values of `{name}`: look at how your "
                               f"code uses `{name}`", _set(name, lambda _, v=v: v))
                      for v in (1.0, 0.0)]
    return found


def experiment(fn: str):
    """Marks a function of ``hidden/<name>/ablations.py`` as the assignment's own experiment on
    ``fn``, tried before the ablations: ``run(failed, passed, reference_fn, ask, agree)`` ->
    (the cause's words, its name) or None, where ``ask`` is the budgeted ``ask(fn, items,
    seconds)`` and ``agree`` the cases' check (:func:`~.evidence.agree`). For answers an
    ablation cannot locate (a bit): grpo_lm's probes of ``verify``."""
    def mark(run):
        run.__experiment__ = fn
        return run
    return mark


@cache
def _hidden(assignment):
    """``hidden/<name>/ablations.py`` (our own code, loaded once), or None."""
    path = assignment.hidden_dir / "ablations.py"
    if not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location(f"_autograde_ablations_{assignment.name}",
                                                  path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@cache
def _declared(assignment) -> tuple[tuple[Ablation, ...], frozenset]:
    """The ablations of ``hidden/<name>/ablations.py``, and the names of the generic ones it
    leaves out (``LEFT_OUT``: a flag all True that ends every episode, a discount at 0 that
    removes the whole future: they remove more than one feature, and would locate every
    mistake of the term they remove)."""
    module = _hidden(assignment)
    if module is None:
        return (), frozenset()
    return (tuple(v.__ablation__ for v in vars(module).values()
                  if callable(v) and hasattr(v, "__ablation__")),
            frozenset(getattr(module, "LEFT_OUT", ())))


def experiments_of(assignment, fn: str) -> list:
    """The assignment's own experiments on ``fn`` (:func:`experiment`)."""
    module = _hidden(assignment) if hasattr(assignment, "hidden_dir") else None
    return [] if module is None else [v for v in vars(module).values()
                                      if callable(v) and getattr(v, "__experiment__", "") == fn]


@cache
def ablations_of(assignment, fn: str) -> tuple[Ablation, ...]:
    """The assignment's own ablations of ``fn`` first, then the generic ones it keeps."""
    from autograder.authoring.contract import contracts
    declared, left_out = _declared(assignment)
    own = [a for a in declared if a.fn == fn]
    try:
        table = contracts(assignment.reference_module, tuple(assignment.functions))[fn]
    except Exception:  # noqa: BLE001 - no readable table: the assignment's own only
        return tuple(own)
    return tuple(own + [a for a in generic(table) if f"{fn}:{a.name}" not in left_out
                        and a.name not in left_out])


def _arguments(reference_fn, obs: Observation) -> dict | None:
    try:
        bound = inspect.signature(reference_fn).bind(*obs.args, **obs.kwargs)
    except (TypeError, ValueError):
        return None
    bound.apply_defaults()
    return dict(bound.arguments)


def _value(obs: Observation, answer):
    return answer.value if obs.kind == "grad" and hasattr(answer, "value") else answer


def _judge(obs: Observation):
    """The case's own check of a value (a gradient case's value as a value test judges it)."""
    if obs.kind == "value":
        return obs
    from autograder.engine.causes.relations import _judge_item
    return replace(obs, judge=_judge_item)


def _precise(obs: Observation) -> bool:
    """The case is a float64 precision test (its check asks for float64's precision)."""
    return bool(getattr(obs.judge, "keywords", {}).get("precision"))


def _trivial(answer, arguments: dict) -> bool:
    """The reference's answer on one ablated input carries no information: a number that is
    not finite, a tensor of one repeated number that is 0, 1, inf or NaN, all zeros, or one of
    the inputs as it came (answers any code may give). A one-number answer (a bit) is judged
    with the others: :func:`_bits`."""
    if isinstance(answer, (bool, int, float)):
        return False
    if not informative(answer) or not all(math.isfinite(x) for x in _numbers(answer)):
        return True
    if isinstance(answer, torch.Tensor) and answer.numel() and not bool(answer.any()):
        return True
    return any(isinstance(v, torch.Tensor) and isinstance(answer, torch.Tensor)
               and v.shape == answer.shape and v.dtype == answer.dtype
               and torch.equal(v.detach(), answer.detach()) for v in arguments.values())


def _bits(t, passed: list[Observation]) -> bool:
    """Answers of one number carry information together: the reference's on the ablated
    inputs and on the cases the student passed are not one repeated number."""
    answers = [e for _, e, _ in t.calls] + [_value(o, o.reference) for o in passed]
    if not all(isinstance(a, (bool, int, float)) for a in answers[:len(t.calls)]):
        return True
    return len({float(a) for a in answers if isinstance(a, (bool, int, float))}) > 1


@dataclass
class Trial:
    """One ablation (or a pair) on the failed cases: the ablated calls and the reference's
    answers on them, or unusable (None)."""
    parts: tuple
    calls: list | None      #: [(positional arguments, reference's answer, seconds)]


def trial(parts: tuple, failed: list[Observation], reference_fn, originals: list) -> Trial:
    calls = []
    for obs, arguments in zip(failed, originals):
        new = arguments
        for part in parts:
            new = part(new) if new is not None else None
        if new is None or _same(new, arguments):
            return Trial(parts, None)
        try:
            start = time.perf_counter()
            with torch.no_grad():
                expected = reference_fn(*clone(list(new.values())))
            seconds = time.perf_counter() - start
        except Exception:  # noqa: BLE001 - the reference refuses the ablated input
            return Trial(parts, None)
        # a case whose own answer carries no information (identical log-probs: every weight
        # 1) may keep it; an ablation may not make a case so (a cap at 0: every answer 0)
        if _trivial(expected, new) and not _trivial(_value(obs, obs.reference), arguments):
            return Trial(parts, None)
        calls.append((list(new.values()), expected, seconds))
    if all(_trivial(e, dict(enumerate(args))) for args, e, _ in calls):
        return Trial(parts, None)
    return Trial(parts, calls)


def _same(a: dict, b: dict) -> bool:
    from autograder.engine.causes.evidence import digest
    return digest(a) == digest(b)


def located(trials: list[Trial], answers: list, failed: list[Observation]) -> list[Trial]:
    """The trials whose every ablated call the student answered right (rule 2)."""
    found, i = [], 0
    for t in trials:
        mine = answers[i:i + len(t.calls)]
        i += len(t.calls)
        if all(not isinstance(a, Raised) and agree(_judge(o), a, expected)
               for o, a, (_, expected, _) in zip(failed, mine, t.calls)):
            found.append(t)
    return found


def smallest(found: list[Trial]) -> Trial | None:
    """Rule 3: the trial whose features no other's strictly undercut, if one set remains."""
    def removes(t):
        return frozenset().union(*(p.removes for p in t.parts))
    kept = [t for t in found if not any(removes(o) < removes(t) for o in found)]
    return kept[0] if kept and len({removes(t) for t in kept}) == 1 else None


def words(t: Trial, fn: str, n: int, total: int) -> str:
    """What the student reads: what was removed, that the code then answers right, and where
    the difference lies (nothing beyond the experiment)."""
    cases = ("the failed case" if n == 1 else f"the {n} failed cases" if n == total
             else f"the first {n} of the {total} failed cases")
    if len(t.parts) == 1:
        (a,) = t.parts
        return (f"an experiment on your code: called again on {cases} with {a.removed}, "
                f"nothing else changed, your {fn} answers right; {a.says}")
    a, b = t.parts
    return (f"an experiment on your code: called again on {cases} with {a.removed} and "
            f"{b.removed} together, nothing else changed, your {fn} answers right (with "
            f"either alone it does not); {a.says}; and {b.says}")


def locate(assignment, fn: str, observations: list[Observation], reference_fn, ask) \
        -> tuple[str, str] | None:
    """(the cause's words, its name ``ablation:<names>``) when an ablation locates the
    mistake of ``fn`` by the rule of the module docstring, else None. ``ask(fn, items,
    seconds)``: the student's answers on the argument lists ``items`` (the reference took
    ``seconds`` on them all), or None when the experiment could not run."""
    cases = [o for o in observations if o.fn == fn and o.kind in ("value", "grad")]
    if any(isinstance(o.student, Raised) or isinstance(o.reference, Raised) for o in cases):
        return None
    # a float64 precision test's failure is a rounding, which the diagnoses name: the
    # experiment judges values at the value tests' tolerance only
    judged = [o for o in wrong(cases) if not _precise(o)]
    failed = judged[:MAX_CASES]
    # a gradient case that failed on its gradient only says nothing of the values
    if not failed or any(agree(_judge(o), _value(o, o.student), _value(o, o.reference))
                         for o in failed):
        return None
    originals = [_arguments(reference_fn, o) for o in failed]
    if any(a is None for a in originals):
        return None
    bad = {id(o) for o in wrong(cases)}
    passed = [o for o in cases if id(o) not in bad]
    budget = Budget(ask, MAX_CALLS)
    for run in experiments_of(assignment, fn):
        found = run(judged, passed, reference_fn, budget.asked, agree)
        if found:
            return found
    singles = [(a,) for a in ablations_of(assignment, fn)]
    found = _run(singles, failed, passed, reference_fn, originals, fn, budget)
    if found is None and not budget.ended:
        pairs = [(a, b) for (a,), (b,) in itertools.combinations(singles, 2)
                 if not (a.removes & b.removes)]
        found = _run(pairs, failed, passed, reference_fn, originals, fn, budget)
    if not found:
        return None
    return (words(found, fn, len(failed), len(judged)),
            "ablation:" + "+".join(p.name for p in found.parts))


@dataclass
class Budget:
    """The experiment's calls of the student's function: at most ``left`` in all; ``ended``
    once an exchange raised, hung or answered oddly (no further one is made)."""
    ask: object
    left: int
    ended: bool = False

    def asked(self, fn, items, seconds):
        """``ask`` for an experiment's items, within the budget (None beyond it)."""
        if self.ended or len(items) > self.left:
            return None
        self.left -= len(items)
        answers = self.ask(fn, items, seconds)
        if not isinstance(answers, list) or len(answers) != len(items):
            self.ended = True
            return None
        return answers


def _run(candidates, failed, passed, reference_fn, originals, fn, budget: Budget) \
        -> Trial | None | bool:
    """One exchange for ``candidates`` (those usable, while the budget lasts): the smallest
    that locates (a Trial), False when some locate but name no one feature, None when none
    does (or the experiment ends)."""
    trials = []
    for c in candidates:
        t = trial(c, failed, reference_fn, originals)
        if t.calls is None or not _bits(t, passed):
            continue
        if len(t.calls) > budget.left:
            break
        budget.left -= len(t.calls)
        trials.append(t)
    if not trials:
        return None
    items = [args for t in trials for args, _, _ in t.calls]
    answers = budget.ask(fn, items, sum(s for t in trials for _, _, s in t.calls))
    if not isinstance(answers, list) or len(answers) != len(items):
        budget.ended = True
        return None
    found = located(trials, answers, failed)
    if not found:
        return None
    return smallest(found) or False
