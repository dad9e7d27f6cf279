"""End to end: GRPO with your verify and tis_weights must make the tiny model better.

The rule (seeds, updates, judgement by the grader) is this assignment's training
check, ``grpo_run_check.py`` beside this file (named in assignment.toml); its
calibration is in docs/grpo_lm.md. The GRPO loop runs in the grader
(:mod:`autograder.training.remote`): each update asks the sandbox once for ``verify`` on
every completion and once for ``tis_weights``; after ``RULE.look_at`` updates the grader looks
once and ends a run that already gained enough (``check.stop_at_look``, in ``train_kwargs``).
Its points count once the main tests of both functions pass (``gate``).
"""
import pytest

from autograder.engine.assertions import Mismatch
from autograder.training import remote
from autograder.training.modules import check_module


@pytest.mark.slow
@pytest.mark.points(4, group="GRPO run", gate=["verify", "tis_weights"])
def test_grpo_raises_held_out_accuracy(student, assignment, attach):
    """GRPO with your functions raises the base model's held-out accuracy"""
    check = check_module(assignment)
    rule = check.RULE
    base = check.base_weights()

    def train_one(seed):
        case = remote.case_of("GRPO", seed)
        return check.grpo_loop().train_for_grading(
            None, remote.tis_weights(student.tis_weights.on(case, None), case), base, seed,
            verify_batch=remote.verify_batch(student, case), **check.train_kwargs(rule))

    attempts = check.judge(train_one, rule)
    check.plot(attempts, attach("GRPO training reward", "grpo_run.svg"), rule)
    if not check.passed(attempts):
        raise Mismatch(f"GRPO from the base model, {len(attempts)} seed(s) of at most "
                       f"{rule.updates} updates",
                       detail=f"held-out accuracy did not rise by {rule.look_gain:.0%} in "
                              f"{rule.look_at} updates, nor by {rule.min_gain:.0%} in "
                              f"{rule.updates}\n" + check.summary(attempts, rule))
