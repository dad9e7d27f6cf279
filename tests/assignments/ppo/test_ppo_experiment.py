"""ppo's experiment (autograder/engine/causes/ablations.py): two unrelated ablations that each
make a one-sided clip right name nothing."""
import torch

from autograder.authoring import course
from autograder.engine.causes import Causes
from autograder.engine.plugin import reference_module
from closest_cases import again
from test_closest import observe


def test_two_unrelated_features_that_each_make_the_code_right_name_nothing():
    """A surrogate clipped from above only is right when nothing clips, and right when every
    advantage is positive: two explanations that do not contain each other, so the
    experiment names neither."""
    def clipped_surrogate(ratio, advantages, clip_eps=0.2):
        r = ratio.float()
        return torch.min(r * advantages, r.clamp(max=1 + clip_eps) * advantages).to(ratio.dtype)
    assignment = course.get("ppo")
    causes = Causes(assignment)
    calls = []
    causes.ask = again({"clipped_surrogate": clipped_surrogate}, calls)
    observed = observe("ppo", "clipped_surrogate", clipped_surrogate)
    assert causes.experiment("clipped_surrogate", observed, reference_module(assignment)) is None
    assert calls       # the experiment ran: both ablations located it
