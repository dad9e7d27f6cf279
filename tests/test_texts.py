"""Every number a student text states about grading comes from its source (issue 26, point 4).

For every assignment of the registry, its README and its notebook's markdown (as the source
writes them; the release copies them) are read against claims (:mod:`claims`): the call time
limit against the sandbox's ``Limits``, each idea's points against the points of its tests
(the hidden suite's, the answer cells', the written answers': collected, not run), and the
assignment's own claims (its training check's ``Rule`` and calibration) from
``tests/assignments/<name>/texts.py``. Every number in the grading text must be one of them.
"""
import os
import re

import pytest

from autograder.authoring import course
from autograder.sandbox.confine import Limits
from claims import Claim, check, grading_text, load_claims
from conftest import ROOT

NAMES = sorted(course.assignments())


def idea_points(assignment) -> dict[str, float]:
    """The points of each idea of a grade of ``assignment``: its tests collected as a grade
    collects them (no submission runs), plus its written answers."""
    from autograder.engine import grade
    from autograder.engine.plugin import GradingPlugin

    class Collect:
        items: list = []

        def pytest_collection_finish(self, session):
            self.items = list(session.items)

    collect = Collect()
    os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    pytest.main(grade.PYTEST_ARGS + ["--collect-only"] + grade.suite_paths(assignment, False),
                plugins=[GradingPlugin(assignment, None), collect])
    points: dict[str, float] = {}
    for item in collect.items:
        marker = item.get_closest_marker("points")
        if marker and marker.args and item.get_closest_marker("public") is None:
            group = marker.kwargs.get("group") or "other"
            points[group] = points.get(group, 0.0) + float(marker.args[0])
    sheet = assignment.answers
    for w in sheet.written:
        points[sheet.written_idea] = points.get(sheet.written_idea, 0.0) + w.points
    return points


def idea_claim(assignment, match) -> dict:
    """``**idea** (N points)``: the idea is one of the grade's, worth N."""
    points = idea_points(assignment)
    idea = match.group("idea")
    if idea not in points:
        return {"idea": f"one of the ideas graded ({', '.join(points)})"}
    return {"points": points[idea]}


COMMON = [
    Claim(r"A call may take (?P<floor>[\d.]+) s plus (?P<factor>\d+) times what the reference",
          lambda a: {"floor": Limits().call_floor, "factor": Limits().call_factor},
          optional=True),
    # the edge cases a paragraph names are cases of the hidden suite, not grading numbers
    Claim(r"Edge cases \([^)]*\)", lambda a: {}, optional=True),
    Claim(r"\*\*(?P<idea>[^*]+)\*\* \((?P<points>[\d.]+) points?", idea_claim, optional=True),
]


@pytest.mark.parametrize("name", NAMES)
def test_grading_numbers_come_from_their_sources(name):
    assignment = course.get(name)
    own = load_claims(ROOT / "tests" / "assignments" / name / "texts.py")
    assert check(assignment, COMMON + own) == []


def test_a_number_nobody_checks_is_found():
    """The scan itself: a grading sentence with a number no claim covers, and a claim whose
    text says something else than its source."""
    planted = ("## How it is graded\n\n* **Hidden tests** (results shown after grading): "
               "logits such as (1000, 0).\n\nA call may take 3 s plus 1000 times what the "
               "reference takes; the run has 7 seeds.\n")
    spans = grading_text("README.md", planted)
    numbers = [m.group() for a, b in spans for m in re.finditer(r"\d+", planted[a:b])]
    assert numbers == ["3", "1000", "7"], "the hidden tests' cases are not grading numbers"

    class Planted:
        name = "planted"

    import claims
    saved = claims.texts
    claims.texts = lambda a: {"README.md": planted, "notebook": ""}
    try:
        problems = check(Planted(), COMMON[:1])
    finally:
        claims.texts = saved
    assert any("says 3, its source 2" in p for p in problems)
    assert any("'7' is no claim's" in p for p in problems)
