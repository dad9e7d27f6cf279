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
