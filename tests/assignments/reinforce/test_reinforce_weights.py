"""reinforce's loss read by the weights experiment alone (:mod:`autograder.engine.causes.weights`)
on the cases of ``causes/weights_*.py`` that a convention also names."""
from pathlib import Path

import pytest

from closest_cases import again
from test_closest import observe

from autograder.authoring import course
from autograder.engine.causes.weights import weigh
from autograder.engine.mutants import Mutant
from autograder.engine.plugin import reference_module


@pytest.mark.parametrize("case", ["weights_sum_steps_mean_envs", "weights_episode_loop_sum",
                                  "weights_sum_over_episodes_count", "weights_time_sum_numpy",
                                  "weights_einsum_time"])
def test_a_dimension_a_rollout_lacks_has_size_one(case):
    """A loss summed over the steps and averaged over the environments sums a (T,) rollout,
    one environment: the weighting 1/(environments N) reproduces both shapes, read by the
    experiment alone."""
    assignment = course.get("reinforce")
    path = Path(__file__).parent / "causes" / f"{case}.py"
    namespace = Mutant(case, path, assignment).load()
    cases = observe("reinforce", "reinforce_loss", namespace["reinforce_loss"])
    found = weigh(assignment, "reinforce_loss", cases,
                  reference_module(assignment).reinforce_loss, again(namespace))
    assert found and "weights each step by 1/(environments N)" in found[0]
