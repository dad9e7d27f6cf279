"""End to end: GRPO with your verify and tis_weights must make the tiny model better.

The rule (seeds, updates, judgement by the grader) is this assignment's training
check, ``grpo_run_check.py`` beside this file (named in assignment.toml); its
calibration is in docs/grpo_lm.md.
"""
import pytest

from autograder.engine.assertions import Mismatch
from autograder.training.modules import check_module


@pytest.mark.slow
@pytest.mark.points(4, group="GRPO run")
def test_grpo_raises_held_out_accuracy(student, assignment, attach):
    """GRPO with your functions raises the base model's held-out accuracy"""
    check = check_module(assignment)
    rule = check.RULE
    base = check.base_weights()

    def train_one(seed):
        return student.run("train_grpo.train_for_grading",
                           student_args={"verify": "verify", "tis_weights": "tis_weights"},
                           timeout=rule.run_timeout, base_weights=base, seed=seed,
                           **check.train_kwargs(rule))

    attempts = check.judge(train_one, rule)
    check.plot(attempts, attach("GRPO training reward", "grpo_run.png"), rule)
    if not check.passed(attempts):
        raise Mismatch(f"GRPO from the base model, {len(attempts)} seed(s) of {rule.updates} updates",
                       detail=f"held-out accuracy did not rise by {rule.min_gain:.0%}\n"
                              + check.summary(attempts, rule))
