"""`python cartpole.py`, which the ppo README offers students, runs from the release folder with
the student's loss and gives the grader's verdict for one seed; its copy of the rule's numbers
agrees with the grader's (the student's trainer cannot import the grader)."""
import shutil
import subprocess
import sys

import pytest

from autograder.authoring import course
from autograder.training.modules import check_module

PPO = course.get("ppo")


def test_the_trainers_copy_of_the_rule_agrees_with_the_graders():
    check = check_module(PPO)
    trainer, rule = check.trainer(), check.RULE
    assert (trainer.RULE_BUDGET, trainer.RULE_ABORT_AT, trainer.RULE_ABORT_BELOW,
            trainer.RULE_EVAL_EPISODES, trainer.SUCCESS_LENGTH) == (
        rule.budget, rule.abort_at, rule.abort_below, rule.eval_episodes, rule.threshold)


def test_python_cartpole_help_and_stubs_speak_plainly(tmp_path):
    """`--help` explains the command; on the released stubs it names the missing function,
    as check.py does, with no traceback."""
    folder = tmp_path / "ppo"
    shutil.copytree(PPO.release_dir, folder)
    helped = subprocess.run([sys.executable, "cartpole.py", "--help"], cwd=folder,
                            capture_output=True, text=True, timeout=300)
    assert helped.returncode == 0 and "usage: python cartpole.py" in helped.stdout, helped.stderr
    assert "seed" in helped.stdout
    stub = subprocess.run([sys.executable, "cartpole.py"], cwd=folder, capture_output=True,
                          text=True, timeout=300)
    assert stub.returncode == 1, stub.stdout + stub.stderr
    assert "not implemented: ppo_clip_loss" in stub.stdout
    assert "Traceback" not in stub.stdout + stub.stderr


@pytest.mark.slow
def test_python_cartpole_trains_with_the_students_loss(tmp_path):
    folder = tmp_path / "ppo"
    shutil.copytree(PPO.release_dir, folder)
    shutil.copy(PPO.reference_module, folder / "ppo.py")
    done = subprocess.run([sys.executable, "cartpole.py", "0"], cwd=folder, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "using ppo.py" in done.stdout and "this seed succeeds" in done.stdout
