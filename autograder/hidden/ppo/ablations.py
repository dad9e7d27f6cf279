"""ppo's own ablations (:mod:`autograder.engine.causes.ablations`): inputs with one feature of
the clipped objective neutralised, on which the student's function is called again. Our own
code, run in the grader only; the generic ones (clip_eps at 1 or 0) come from the contract."""
import torch

from autograder.engine.causes.ablations import ablation

#: a clip half-width so wide that no ratio of the inputs is clipped
WIDE = 1e6
FUNCTIONS = ("clipped_surrogate", "ppo_clip_loss")


def _nothing_clips(arguments):
    arguments["clip_eps"] = WIDE
    return arguments


def _signed(sign):
    def change(arguments):
        arguments["advantages"] = sign * arguments["advantages"].abs()
        return arguments
    return change


for _fn in FUNCTIONS:
    globals()[f"nothing_clips_{_fn}"] = ablation(
        _fn, removes="clip_eps", name="nothing_clips",
        removed="a clip so wide that no ratio is clipped",
        says="they go wrong where the ratio leaves [1 - eps, 1 + eps]: look at how your "
        "code clips the ratio and takes the minimum")(_nothing_clips)
    globals()[f"positive_{_fn}"] = ablation(
        _fn, removes="advantage sign", name="positive", removed="every advantage positive",
        says="they go wrong where an advantage is negative: look at which side your code "
        "clips and how the minimum treats a negative advantage")(_signed(1.0))
    globals()[f"negative_{_fn}"] = ablation(
        _fn, removes="advantage sign", name="negative", removed="every advantage negative",
        says="they go wrong where an advantage is positive: look at which side your code "
        "clips and how the minimum treats a positive advantage")(_signed(-1.0))


@ablation(("approx_kl"), removes="reduction", removed="a batch of one sample",
          says="they go wrong over a batch: look at how your code reduces the log-ratios "
          "over samples (the contract asks for their mean)")
def one_sample(arguments):
    if arguments["logp_old"].shape[0] < 2:
        return None
    arguments["logp_old"], arguments["logp_new"] = arguments["logp_old"][:1], \
        arguments["logp_new"][:1]
    return arguments

#: clip_eps at 0 clips every ratio: it removes the ratio itself, not one feature
LEFT_OUT = ("clip_eps=0",)
