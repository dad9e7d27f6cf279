"""gae's composed causes (autograder/engine/causes/compose.py): the costliest stacked function's
bounded cost, and the changes and twists an assignment declares beside its conventions."""
import inspect
import time

from autograder.authoring import course
from autograder.engine.causes import Causes
from autograder.engine.causes import compose as composed
from autograder.engine.causes.compose import MOST, Composer
from autograder.engine.plugin import reference_module
from closest_cases import cases
from test_closest import observe


def test_composition_costs_little():
    """The costliest stacked function of the tests (compute_gae: a hundred conventions and
    known mistakes, each on the changes of seven arguments): at most MOST runs on changed
    inputs, and bounded time (about 2 s on a quiet machine; the bound leaves room for a
    loaded one)."""
    mutant = next(m for m in cases("gae") if m.name == "stacked_terminations_gamma_fixed")
    assignment = mutant.assignment
    causes, ref = Causes(assignment), reference_module(assignment)
    observations = observe("gae", "compute_gae", mutant.load()["compute_gae"])
    composed._answers.clear()
    runs = []
    original = Composer.closest

    def counted(self, *args, **kwargs):
        found = original(self, *args, **kwargs)
        runs.append(self.runs)
        return found
    Composer.closest = counted
    try:
        start = time.perf_counter()
        cause = causes.conclude("compute_gae", observations, ref)
        took = time.perf_counter() - start
    finally:
        Composer.closest = original
    assert cause.text and "fixed at 0.99" in cause.text
    assert runs and runs[0] <= MOST * 2, runs        # the first case, then the survivors'
    assert took < 30.0, took


def test_declared_changes_and_twists_are_loaded_beside_the_conventions():
    from autograder.engine.causes.closest import assignment_parts
    gae = {d.part.name for d in assignment_parts(course.get("gae"))}
    reinforce = {d.part.name for d in assignment_parts(course.get("reinforce"))}
    assert "rewards_clipped" in gae and "returns_standardised" in reinforce
    signature = inspect.signature(reference_module(course.get("gae")).compute_gae)
    assert list(signature.parameters)[0] == "rewards"
