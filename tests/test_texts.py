"""Every number a text states about grading comes from its source (issue 26, point 4; issue 49,
point 1: ``autograde release --check`` runs the same check, ``autograde release`` rewrites).

For every assignment of the registry, its README and its notebook's markdown (as the source
writes them; the release copies them), and its training check's page, are read against claims
(:mod:`autograder.authoring.claims`): the call time limit against the assignment's limits, each
idea's points against the points of its tests (collected, not run), and the assignment's own
claims (its training check's settings, ``Rule`` and calibration) from
``autograder/hidden/<name>/texts.py``. Every number in the grading text must be one of them.
"""
import re

import pytest

from autograder.authoring import claims, course
from autograder.authoring.claims import check, grading_text
from autograder.engine import texts

NAMES = sorted(course.assignments())


@pytest.mark.parametrize("name", NAMES)
def test_grading_numbers_come_from_their_sources(name):
    assert texts.problems(course.get(name)) == []


def test_a_number_nobody_checks_is_found(monkeypatch):
    """The scan itself: a grading sentence with a number no claim covers, and a claim whose
    text says something else than its source, named by file and sentence."""
    planted = ("## How it is graded\n\n* **Hidden tests** (results shown after grading): "
               "logits such as (1000, 0).\n\nA call may take 3 s plus 1000 times what the "
               "reference takes; the run has 7 seeds.\n")
    spans = grading_text("README.md", planted)
    numbers = [m.group() for a, b in spans for m in re.finditer(r"\d+", planted[a:b])]
    assert numbers == ["3", "1000", "7"], "the hidden tests' cases are not grading numbers"
    monkeypatch.setattr(claims, "texts", lambda a, extra=(): {"README.md": planted,
                                                              "notebook": ""})
    problems = check(course.example(), texts.COMMON[:1])
    assert any("solutions/" in p and "README.md: the sentence 'A call may take 3 s plus 1000 "
               "times what the reference takes; the run has 7 seeds.' says 3" in p and
               "[limits] call_floor" in p and p.endswith(" 2") for p in problems), problems
    assert any("'7' is no claim's" in p for p in problems)


def test_written_like_the_text():
    """A rewritten number keeps the text's form."""
    assert claims._written(2, "three") == "three" or claims._written("two", "three") == "two"
    assert claims._written(0.0013689, "0.005") == "0.001"
    assert claims._written(200000, "100,000") == "200,000"
    assert claims._written(0.0004, "2e-4") == "4e-4"
    assert claims._written(2.0, "3") == "2"


TRAINED = [n for n in NAMES if course.get(n).settings.training.check]


@pytest.mark.parametrize("name", TRAINED)
def test_a_changed_setting_fails_the_check_until_the_release_rewrites_its_texts(
        name, tmp_path, monkeypatch, capsys):
    """In a copy of the course (the assignment and those whose solutions it ships), its
    ``[training] attempts`` goes down by one: ``release --check`` fails naming the README's and
    the training page's sentences; ``release`` rewrites them (and the release), and the check
    passes."""
    import shutil

    from autograder import cli
    from autograder.authoring.claims import words
    from conftest import ROOT

    assignment = course.get(name)
    for folder in ("solutions", "assignments", "autograder/hidden"):
        for copied in (name, *assignment.provided_solutions):
            shutil.copytree(ROOT / folder / copied, tmp_path / folder / copied)
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    toml = tmp_path / "solutions" / name / "assignment.toml"
    was = assignment.settings.training.attempts
    toml.write_text(toml.read_text().replace(f"attempts = {was}", f"attempts = {was - 1}"))
    monkeypatch.setenv("AUTOGRADE_ROOT", str(tmp_path))
    course.assignments.cache_clear()
    texts.idea_points.cache_clear()
    try:
        assert cli.main(["release", "--check"]) == 1
        said = capsys.readouterr().err
        readme = [line for line in said.splitlines()
                  if f"solutions/{name}/README.md: the sentence " in line]
        assert readme and all("[training] attempts of assignment.toml" in line
                              for line in readme), said
        assert f"{words(was)}, its source ([training] attempts of assignment.toml) " \
               f"{words(was - 1)}" in said
        assert f"{assignment.settings.training.doc}: the sentence " in said, said
        assert cli.main(["release"]) == 0
        capsys.readouterr()
        assert cli.main(["release", "--check"]) == 0, capsys.readouterr().err
    finally:
        course.assignments.cache_clear()
        texts.idea_points.cache_clear()
