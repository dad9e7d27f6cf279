"""End to end: your ppo_clip_loss inside the provided trainer must solve CartPole-v1.

The rule (seeds, budget, early stop, judgement by the grader) is
:mod:`autograder.rl_check`; its calibration is in docs/cartpole.md.
"""
import pytest

from autograder import rl_check
from autograder.checking import Mismatch

RULE = rl_check.RULE


@pytest.mark.slow
@pytest.mark.points(6, group="cart-pole")
def test_cartpole_reaches_the_success_threshold(student, attach):
    """PPO with your loss reaches a mean episode length of 475 on CartPole-v1"""
    def train_one(seed):
        return student.run("cartpole.train_for_grading", student_args={"policy_loss": "ppo_clip_loss"},
                           timeout=RULE.run_timeout, seed=seed, **rl_check.train_kwargs(RULE))

    attempts = rl_check.judge(train_one, RULE)
    rl_check.plot(attempts, attach("CartPole-v1 learning curve", "cartpole.png"), RULE)
    if not rl_check.passed(attempts):
        raise Mismatch(f"CartPole-v1, {len(attempts)} seed(s) of at most {RULE.budget:,} steps",
                       detail="the trained policy did not reach a mean episode length of "
                              f"{RULE.threshold:g}\n" + rl_check.summary(attempts, RULE))
