"""The GRPO run's results come from the worker, which the student's code can rewrite: results of
the wrong shape fail the seed, saying so, instead of surfacing as the grader's own error."""
import pytest

from autograder.authoring import course
from autograder.training.modules import check_module

run_check = check_module(course.get("grpo_lm"))      # this folder's assignment's training check


@pytest.mark.parametrize("forged", [["not", "a dict"], {"seconds": "long"},
                                    {"rewards": [None]}, {"rewards": [], "weights": "w"}])
def test_judge_takes_forged_results_as_a_failed_seed(forged):
    attempts = run_check.judge(lambda seed: forged)
    assert not run_check.passed(attempts)
    assert all(a.error.startswith("the training run's results do not fit") for a in attempts)
    assert "do not fit" in run_check.summary(attempts)


def test_a_run_of_neither_length_fails_its_seed():
    """The grader's loop stops at the look or runs to the end; anything else is not judged."""
    weights = run_check.base_weights()
    attempts = run_check.judge(lambda seed: {"weights": weights, "rewards": [0.0] * 7})
    assert not run_check.passed(attempts)
    assert all("7 updates, neither the look's" in a.error for a in attempts)


@pytest.fixture
def gain(monkeypatch):
    """Every judged run's held-out accuracy ``gain`` above a base model's of 30 %."""
    measured = {}
    monkeypatch.setattr(run_check, "base_accuracy", lambda rule=run_check.RULE: 0.30)
    monkeypatch.setattr(run_check, "accuracy",
                        lambda weights, rule=run_check.RULE: 0.30 + measured["gain"])
    return measured


@pytest.mark.parametrize("prompts, at_look, at_end", [(0, False, False), (19, False, False),
                                                       (20, True, False), (31, True, False),
                                                       (32, True, True)])
def test_the_look_asks_less_gain_after_fewer_updates(gain, prompts, at_look, at_end):
    """Gains in prompts of the 400 (the marks: 20 at the look, 32 at the end), exactly."""
    rule = run_check.RULE
    gain["gain"] = prompts / rule.eval_prompts
    for updates, passes in ((rule.look_at, at_look), (rule.updates, at_end)):
        attempts = run_check.judge(lambda seed: {"weights": {}, "rewards": [0.5] * updates})
        assert run_check.passed(attempts) is passes, (prompts, updates)
        assert [a.updates for a in attempts] == [updates] * len(attempts)


@pytest.mark.parametrize("prompts, stops", [(-3, False), (19, False), (20, True), (48, True)])
def test_the_loop_stops_only_at_the_look_and_only_with_its_gain(gain, prompts, stops):
    class Model:
        def state_dict(self):
            return {}

    gain["gain"] = prompts / run_check.RULE.eval_prompts
    stop = run_check.stop_at_look()
    look = run_check.RULE.look_at
    assert [stop(u, Model()) for u in (1, look - 1, look, look + 1, run_check.RULE.updates)] \
        == [False, False, stops, False, False]


def test_the_look_and_the_judge_measure_the_same_weights_once(monkeypatch):
    weights = run_check.base_weights()
    run_check.accuracy(weights)
    monkeypatch.setattr(run_check.tinylm(), "accuracy", lambda *a, **k: pytest.fail("measured twice"))
    assert run_check.accuracy({k: v.clone() for k, v in weights.items()}) == run_check.base_accuracy()
