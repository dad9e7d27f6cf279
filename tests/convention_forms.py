"""The likely cause the whole pipeline (autograder/engine/causes) gives a function written in
some public style, on the documented input space (tests/fairness.py, float64): read by the
per-assignment tests of conventions (tests/assignments/<name>/test_*_conventions.py)."""
import re

from autograder.authoring import course
from autograder.engine.causes import Causes
from autograder.engine.plugin import reference_module
from test_closest import observe


def assert_cause(name: str, fn: str, function, cause: str) -> None:
    """``function``, graded as ``fn`` of assignment ``name``, gets a likely cause whose words
    match the regular expression ``cause``."""
    assignment = course.get(name)
    found = Causes(assignment).conclude(fn, observe(name, fn, function),
                                        reference_module(assignment))
    assert found.text and re.search(cause, found.text, flags=re.S), found
