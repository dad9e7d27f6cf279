"""Ablations (autograder/engine/causes/ablations.py): a stacked mistake located by calling the
student's function again on inputs with one feature neutralised.

The buggy functions of ``tests/assignments/<name>/stacked/`` stack two or three deviations the
way real code does (loops, numpy, float32, an extra eps); each must get a cause that matches its
``CAUSE`` and no other, through the pipeline the other cause tests use
(:func:`closest_cases.check`, with the experiment's calls run here as the sandbox's ``map``
runs them). Correct code never gets one, and is never called again."""
from functools import partial

import pytest
import torch

import fairness
from autograder.authoring import course
from autograder.engine.causes import Causes, Observation
from autograder.engine.causes.ablations import Ablation, Trial, ablations_of, locate, smallest
from autograder.engine.compare import _judge_value
from autograder.engine.plugin import reference_module
from closest_cases import again, cases, check
from test_closest import nudged, observe

NAMES = tuple(course.assignments())
STACKED = [m for name in NAMES for m in cases(name, ("stacked",))]


@pytest.mark.parametrize("mutant", STACKED, ids=[f"{m.assignment.name}-{m.name}"
                                                 for m in STACKED])
def test_a_stacked_mistake_gets_its_own_cause(mutant):
    check(mutant)


def test_there_are_enough_stacked_mistakes_of_each_assignment():
    for name in NAMES:
        assert sum(m.assignment.name == name for m in STACKED) >= 5, name


@pytest.mark.parametrize("name", NAMES)
def test_correct_code_gets_no_cause_and_is_never_called_again(name):
    """The fairness forms, the correct variants of the cause tests and a reference off by a
    little: no cause; the experiment asks nothing of a function that fails no case."""
    assignment = course.get(name)
    reference = reference_module(assignment)
    calls = []
    for form in fairness.bank(name):
        causes = Causes(assignment)
        causes.ask = again({form.function: form.load()}, calls)
        observed = observe(name, form.function, form.load())
        assert not causes.conclude(form.function, observed, reference).text, form.name
    assert not calls
    for variant in cases(name, ("causes/correct",)):
        check(variant)
    for fn in assignment.functions:
        off = nudged(getattr(reference, fn), 1 + 3e-3)
        causes = Causes(assignment)
        causes.ask = again({fn: off})
        assert causes.experiment(fn, observe(name, fn, off), reference) is None, fn


def _cases(student, reference, inputs):
    judge = partial(_judge_value, case="")
    return [Observation("f", "value", (x,), {}, student(x), reference(x), judge)
            for x in inputs]


def test_the_rule_on_made_up_functions():
    """The smallest feature is named; two features that do not contain each other name
    nothing; an experiment whose calls raise ends silently."""
    def neutral(name, removes, value):
        return Ablation(name, "f", frozenset(removes), name, "there", lambda a: {"x": value(a["x"])})
    small = neutral("small", {"a"}, torch.abs)
    large = neutral("large", {"a", "b"}, lambda x: x.abs() + 0)
    other = neutral("other", {"c"}, lambda x: x.abs() * 1)
    found = [Trial((large,), []), Trial((small,), [])]
    assert smallest(found).parts == (small,)
    assert smallest([Trial((small,), []), Trial((other,), [])]) is None

    def reference(x):
        return x * 2 + 1

    def student(x):
        return reference(x.abs()) if bool((x < 0).any()) else reference(x)
    inputs = [torch.tensor([-1.0, 2.0, 3.0]), torch.tensor([-2.0, -0.5, 4.0])]
    observed = _cases(student, reference, inputs)

    class Assignment:
        name = "made-up"

    import autograder.engine.causes.ablations as ablations
    original = ablations.ablations_of
    ablations.ablations_of = lambda assignment, fn: (small,)
    try:
        def ask(fn, items, seconds):
            return [student(*item) for item in items]
        text, name = locate(Assignment, "f", observed, reference, ask)
        assert name == "ablation:small" and "there" in text
        assert locate(Assignment, "f", observed, reference, lambda *a: None) is None
    finally:
        ablations.ablations_of = original


def test_every_assignment_declares_its_own_ablations():
    for name in NAMES:
        assignment = course.get(name)
        own = {a.fn for fn in assignment.functions for a in ablations_of(assignment, fn)
               if a.fn}
        assert own, name


class _Session:
    """Stands in for a worker's session: answers a ``map`` with ``answer(items)``, or records
    a hang and raises as a real one does."""

    def __init__(self, answer):
        from autograder.sandbox.confine import Limits
        self.answer, self.limits, self.events, self.broken = answer, Limits(), [], {}
        self.used = 0.0
        self.requests = []

    def skip_if_broken(self, name):
        pass

    def request(self, message, timeout, *, case=""):
        from types import SimpleNamespace

        from autograder.records.events import Event, Kind
        from autograder.sandbox.problems import CallTimeout
        self.requests.append((message["op"], len(message["items"]), timeout, case))
        value = self.answer(message["items"])
        if value is None:
            self.events.append(Event(Kind.HUNG, message["fn"], case, timeout))
            self.broken[message["fn"]] = self.events[-1]
            raise CallTimeout("hung")
        return SimpleNamespace(value=value)


