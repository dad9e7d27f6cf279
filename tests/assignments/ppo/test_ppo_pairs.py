"""Pairs of conventions (``autograder/engine/causes/pairs.py``) on ppo's own conventions."""
from autograder.authoring import course
from autograder.engine.causes import Causes
from autograder.engine.causes.closest import assignment_conventions
from autograder.engine.plugin import reference_module
from test_closest import observe


def test_a_convention_with_its_sign_flipped_is_named_as_a_pair():
    """Every ppo convention, negated (a loss written as the objective): no single candidate
    explains it, the pair of the convention and the sign flip does."""
    assignment = course.get("ppo")
    reference = reference_module(assignment)
    causes = Causes(assignment)
    for item in assignment_conventions(assignment):
        negated = (lambda f: lambda *a, **k: -f(*a, **k))(item.function)
        cause = causes.closest(item.fn, observe("ppo", item.fn, negated),
                               getattr(reference, item.fn))
        assert cause is not None and f"{item.name}+negated" in cause.mistake, (item.name, cause)
        assert item.text in cause.text and "the sign of your answer is flipped" in cause.text
