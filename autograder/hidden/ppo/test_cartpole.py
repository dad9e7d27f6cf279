"""End to end: your ppo_clip_loss inside the provided trainer must solve CartPole-v1.

The rule (seeds, budget, early stop, judgement by the grader) is this assignment's
training check, ``cartpole_check.py`` beside this file (named in assignment.toml);
its calibration is in docs/cartpole.md. The trainer runs in the grader
(:mod:`autograder.training.remote`): each minibatch asks the sandbox for your loss's value
and its gradient with respect to ``logp_new``, in one exchange. Its points count once the
main tests of ``ppo_clip_loss`` pass (``gate``).
"""
import pytest

from autograder.engine.assertions import Mismatch
from autograder.training import remote
from autograder.training.modules import check_module


@pytest.mark.slow
@pytest.mark.points(6, group="cart-pole", gate="ppo_clip_loss")
def test_cartpole_reaches_the_success_threshold(student, assignment, attach):
    """PPO with your loss reaches a mean episode length of 475 on CartPole-v1"""
    check = check_module(assignment)
    rule = check.RULE

    def train_one(seed):
        case = remote.case_of("cart-pole", seed)
        loss = remote.policy_loss(student.ppo_clip_loss.on(case, None), case)
        return check.trainer().train_for_grading(loss, seed, **check.train_kwargs(rule))

    attempts = check.judge(train_one, rule)
    check.plot(attempts, attach("CartPole-v1 learning curve", "cartpole.svg"), rule)
    if not check.passed(attempts):
        raise Mismatch(f"CartPole-v1, {len(attempts)} seed(s) of at most {rule.budget:,} steps",
                       detail="the trained policy did not reach a mean episode length of "
                              f"{rule.threshold:g}\n" + check.summary(attempts, rule))
