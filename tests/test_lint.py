"""``autograde lint``: in seconds, what a new assignment's author has left to do, each finding
naming the file and what to add (autograder/engine/lint.py).

A new assignment is scaffolded into a course of its own (``$AUTOGRADE_ROOT``), its reference
written; lint then names the short banks (with the numbers the slow lane holds them to), the
missing section of docs/contract.md, an idea of the hidden suite missing from ``[points]``, and
a known mistake planted so that it shows on one case only, whose HINT can never be shown.
"""
import shutil

import pytest

from autograder import cli
from autograder.authoring import course, scaffold
from autograder.engine import lint
from conftest import ROOT

NAME = "bandit"

#: raises on float32 inputs of 7 values only: one case of the suite, and an exception is one
#: bit of evidence (autograder/engine/causes/evidence.py), too little to name a cause
ONE_CASE = '''"""Refuses seven float32 values (one case of the suite)."""
import torch

HINT = "seven float32 values are refused"


def scale(x):
    if x.dtype == torch.float32 and x.numel() == 7:
        raise ValueError("seven")
    return 2 * x
'''


@pytest.fixture
def new_course(tmp_path, monkeypatch):
    (tmp_path / "autograder" / "hidden").mkdir(parents=True)
    (tmp_path / "docs").mkdir()
    shutil.copy(ROOT / "docs" / "contract.md", tmp_path / "docs" / "contract.md")
    monkeypatch.setenv("AUTOGRADE_ROOT", str(tmp_path))
    course.assignments.cache_clear()
    scaffold.create(NAME, "multi-armed bandits", root=tmp_path)
    module = tmp_path / "solutions" / NAME / f"{NAME}.py"
    module.write_text(module.read_text().replace(scaffold.TODO_LINE, "return 2 * x"))
    course.assignments.cache_clear()
    yield tmp_path
    course.assignments.cache_clear()


def test_lint_names_what_a_new_assignment_lacks_and_what_to_add(new_course, capsys):
    (new_course / "autograder" / "hidden" / NAME / "mutants" / "one_case.py").write_text(ONE_CASE)
    toml = new_course / "solutions" / NAME / "assignment.toml"
    toml.write_text(toml.read_text().replace('"values" = 4\n', ""))
    course.assignments.cache_clear()
    assert cli.main(["lint", NAME]) == 1
    said = capsys.readouterr().err
    hidden = new_course / "autograder" / "hidden" / NAME
    for expected in (
            f"{hidden / 'mutants'}: 2 known mistakes, at least {lint.MIN_MISTAKES} wanted: add "
            f"{lint.MIN_MISTAKES - 2}",
            f"tests/variants/{NAME}: 1 correct variants, at least {lint.MIN_VARIANTS} wanted",
            f"tests/fair/{NAME}/scale: 1 correct forms of scale, at least {lint.MIN_FORMS}",
            f"docs/contract.md: no section for {NAME}: add",
            f'assignment.toml: [points] has no "values" (the idea of test_random_values in the '
            f'hidden suite): add "values" = 4',
            f"{hidden / 'mutants' / 'one_case.py'}: its HINT is never shown: it fails 1 test"):
        assert expected in said, (expected, said)
    assert "forgets_the_factor.py" not in said, "its hint shows"


def test_a_finished_assignment_has_nothing_left(capsys):
    ex = course.example()
    assert cli.main(["lint", ex.name, "--no-hints"]) == 0
    assert f"{ex.name}: nothing left to do" in capsys.readouterr().err
