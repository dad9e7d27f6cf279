"""gae's own ablations (:mod:`autograder.engine.causes.ablations`): inputs with one feature of
an episode neutralised, on which the student's function is called again. Our own code, run in
the grader only; the generic ones (a flag tensor all False, gamma or lam at 1 or 0) come from
the contract."""
import torch

from autograder.engine.causes.ablations import ablation, cleared


no_episode_end = ablation(
    "compute_gae", removes=("terminated", "truncated"), name="no_episode_end",
    removed="no episode end in the inputs (`terminated` and `truncated` all False)",
    says="they go wrong where an episode ends: look at how your code cuts the recursion (and "
    "bootstraps) at terminated and truncated steps")(cleared("terminated", "truncated"))
no_truncation = ablation(
    "compute_gae", removes="truncated", name="no_truncation",
    removed="no truncation in the inputs (`truncated` all False)",
    says="they go wrong at truncated steps: look at how your code bootstraps and cuts the "
    "recursion there")(cleared("truncated"))
no_termination = ablation(
    "compute_gae", removes="terminated", name="no_termination",
    removed="no termination in the inputs (`terminated` all False)",
    says="they go wrong at terminated steps: look at how your code drops the next state's "
    "value and cuts the recursion there")(cleared("terminated"))


def _constant_values(arguments):
    values, next_values = arguments["values"], arguments["next_values"]
    level = float(torch.cat([values.reshape(-1), next_values.reshape(-1)]).mean()) or 1.0
    arguments["values"] = torch.full_like(values, level)
    arguments["next_values"] = torch.full_like(next_values, level)
    return arguments


for _fn in ("td_residuals", "compute_gae"):
    globals()[f"constant_values_{_fn}"] = ablation(
        _fn, removes="values",
        removed="one value for every state (`values` and `next_values` all equal)",
        says="they go wrong where the values change from step to step: look at which "
        "step's value your code uses for V(s_t) and for V(s_{t+1})")(
        _constant_values)

#: generic ablations that remove more than their feature: a flag all True ends every episode
#: (no recursion left), gamma or lam at 0 removes the whole future
LEFT_OUT = ("terminated=True", "truncated=True", "gamma=0", "lam=0")
