"""The claims every assignment's texts are checked against (:mod:`autograder.authoring.claims`),
and where an assignment's own are: ``autograder/hidden/<name>/texts.py`` (``CLAIMS``).

Common to all: the call time limit against the assignment's sandbox limits (``[limits]`` of
assignment.toml over :class:`~autograder.sandbox.confine.Limits`), and each idea's points
(``**idea** (N points)``) against what a grade makes of them: the hidden tests' shares of
``[points]``, the answer cells' and the written answers' points (collected, not run).
"""
from __future__ import annotations

from functools import cache

from autograder.authoring.claims import Claim, check, load_claims, rewrite
from autograder.authoring.course import Assignment
from autograder.sandbox.confine import Limits


def limits(assignment: Assignment) -> Limits:
    return assignment.settings.limits.applied(Limits())


@cache
def idea_points(assignment: Assignment) -> dict[str, float]:
    """The points of each idea of a grade of ``assignment``, public checks left out."""
    from autograder.engine.grade import planned_tests

    points: dict[str, float] = {}
    for name, worth in planned_tests(assignment):
        idea = name.split(": ", 1)[0]
        if idea != "public":
            points[idea] = points.get(idea, 0.0) + worth
    return points


def idea_claim(assignment: Assignment, match) -> dict:
    """``**idea** (N points)``: the idea is one of the grade's, worth N."""
    points = idea_points(assignment)
    idea = match.group("idea")
    if idea not in points:
        return {"idea": f"one of the ideas graded ({', '.join(points)})"}
    return {"points": points[idea]}


COMMON = [
    Claim(r"A call may take (?P<floor>[\d.]+) s plus (?P<factor>\d+) times what the reference",
          lambda a: {"floor": limits(a).call_floor, "factor": limits(a).call_factor},
          optional=True, source="[limits] call_floor and call_factor"),
    # the edge cases a paragraph names are cases of the hidden suite, not grading numbers
    Claim(r"Edge cases \([^)]*\)", lambda a: {}, optional=True),
    Claim(r"\*\*(?P<idea>[^*]+)\*\* \((?P<points>[\d.]+) points?", idea_claim, optional=True,
          source="[points] of assignment.toml, as the grade shares them"),
]


def training_claims(doc: str) -> list[Claim]:
    """What the page of a training check (``[training] doc``) says of its seeds: the formula
    ``autograde calibrate --write-docs`` writes, and the rule's own line."""
    def formula(a, m) -> dict:
        attempts = a.settings.training.attempts
        return {"all": attempts, "power": attempts,
                "percent": 100 * (float(m.group("upper")) / 100) ** attempts}

    source = "[training] attempts of assignment.toml"
    return [
        Claim(r"fails (?:the rule )?only if all (?P<all>\d+) (?:of its )?seeds fail: at most "
              r"(?P<percent>[\d.]+)% \(the upper end of the (?:reference's )?per-seed failure "
              r"interval, (?P<upper>[\d.]+)%, to the power (?P<power>\d+)\)", formula, where=doc,
              rel=0.15, optional=True, source=source),
        Claim(r"at most `\[training\] attempts` = (?P<attempts>\d+)",
              lambda a: {"attempts": a.settings.training.attempts}, where=doc, optional=True,
              source=source),
    ]


def claims_of(assignment: Assignment) -> list[Claim]:
    """The common claims, a training check's and the assignment's own."""
    doc = assignment.settings.training.doc
    return COMMON + (training_claims(doc) if assignment.settings.training.check and doc else []) \
        + load_claims(assignment.hidden_dir / "texts.py")


def problems(assignment: Assignment) -> list[str]:
    """What its texts say that their sources do not (file, sentence, both values)."""
    return check(assignment, claims_of(assignment))


def regenerate(assignment: Assignment) -> list:
    """Rewrite what its texts say to what their sources say; the files changed."""
    idea_points.cache_clear()
    return rewrite(assignment, claims_of(assignment))
