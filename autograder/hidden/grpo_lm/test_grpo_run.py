"""End to end: GRPO with your verify and tis_weights must make the tiny model better.

The rule (seeds, updates, judgement by the grader) is :mod:`autograder.lm_check`;
its calibration is in solutions/grpo_lm/README.md.
"""
import pytest

from autograder import lm_check
from autograder.checking import Mismatch

RULE = lm_check.RULE


@pytest.mark.slow
@pytest.mark.points(4, group="GRPO run")
def test_grpo_raises_held_out_accuracy(student, attach):
    """GRPO with your functions raises the base model's held-out accuracy"""
    base = lm_check.base_weights()

    def train_one(seed):
        return student.run("train_grpo.train_for_grading",
                           student_args={"verify": "verify", "tis_weights": "tis_weights"},
                           timeout=RULE.run_timeout, base_weights=base, seed=seed,
                           **lm_check.train_kwargs(RULE))

    attempts = lm_check.judge(train_one, RULE)
    lm_check.plot(attempts, attach("GRPO training reward", "grpo_run.png"), RULE)
    if not lm_check.passed(attempts):
        raise Mismatch(f"GRPO from the base model, {len(attempts)} seed(s) of {RULE.updates} updates",
                       detail=f"held-out accuracy did not rise by {RULE.min_gain:.0%}\n"
                              + lm_check.summary(attempts, RULE))
