"""`python cartpole.py`, which the ppo README offers students, runs from the release folder with
the student's loss and gives the grader's verdict for one seed; its copy of the rule's numbers
agrees with the grader's (the student's trainer cannot import the grader)."""
import shutil
import subprocess
import sys

import pytest

from autograder.authoring import course
from autograder.training.checks import check_module

PPO = course.get("ppo")


def test_the_trainers_copy_of_the_rule_agrees_with_the_graders():
    check = check_module(PPO)
    trainer, rule = check.trainer(), check.RULE
    assert (trainer.RULE_BUDGET, trainer.RULE_ABORT_AT, trainer.RULE_ABORT_BELOW,
            trainer.RULE_EVAL_EPISODES, trainer.SUCCESS_LENGTH) == (
        rule.budget, rule.abort_at, rule.abort_below, rule.eval_episodes, rule.threshold)


@pytest.mark.slow
def test_python_cartpole_trains_with_the_students_loss(tmp_path):
    folder = tmp_path / "ppo"
    shutil.copytree(PPO.release_dir, folder)
    stub = subprocess.run([sys.executable, "cartpole.py"], cwd=folder, capture_output=True,
                          text=True, timeout=300)
    assert stub.returncode != 0 and "NotImplementedError" in stub.stderr + stub.stdout
    shutil.copy(PPO.reference_module, folder / "ppo.py")
    done = subprocess.run([sys.executable, "cartpole.py", "0"], cwd=folder, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "using ppo.py" in done.stdout and "this seed succeeds" in done.stdout
