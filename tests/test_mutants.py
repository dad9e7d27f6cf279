"""Every known mistake in the bank loses at least one point (the kill rate is reported)."""
import pytest

from autograder import course, mutants
from conftest import grade_json, make_submission


@pytest.mark.slow
@pytest.mark.parametrize("name", ["reinforce", "gae", "ppo", "grpo"])
def test_every_mutant_loses_points(name, tmp_path, capsys):
    bank = mutants.bank(course.get(name))
    assert bank, f"no mutants for {name}"
    for m in bank:
        assert m.doc, f"{m.path} needs a docstring saying what it gets wrong"
        make_submission(tmp_path / "bank" / m.name, name, m.materialize())
    results, _ = grade_json([tmp_path / "bank"], name, tmp_path / "out", "--jobs", "2")
    survivors = [m.name for m in bank if results[m.name]["score"] >= results[m.name]["max_score"]]
    with capsys.disabled():
        print(f"\n{name}: killed {len(bank) - len(survivors)} of {len(bank)} mutants")
    assert not survivors, f"mutants that kept full marks: {survivors}"
