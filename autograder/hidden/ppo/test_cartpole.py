"""End to end: your ppo_clip_loss inside the provided trainer must solve CartPole-v1.

The rule (seeds, budget, early stop, judgement by the grader) is this assignment's
training check, ``cartpole_check.py`` beside this file (named in assignment.toml);
its calibration is in docs/cartpole.md.
"""
import pytest

from autograder.engine.assertions import Mismatch
from autograder.training.modules import check_module


@pytest.mark.slow
@pytest.mark.points(6, group="cart-pole")
def test_cartpole_reaches_the_success_threshold(student, assignment, attach):
    """PPO with your loss reaches a mean episode length of 475 on CartPole-v1"""
    check = check_module(assignment)
    rule = check.RULE

    def train_one(seed):
        return student.run("cartpole.train_for_grading", student_args={"policy_loss": "ppo_clip_loss"},
                           timeout=rule.run_timeout, seed=seed, **check.train_kwargs(rule))

    attempts = check.judge(train_one, rule)
    check.plot(attempts, attach("CartPole-v1 learning curve", "cartpole.png"), rule)
    if not check.passed(attempts):
        raise Mismatch(f"CartPole-v1, {len(attempts)} seed(s) of at most {rule.budget:,} steps",
                       detail="the trained policy did not reach a mean episode length of "
                              f"{rule.threshold:g}\n" + check.summary(attempts, rule))
