"""reinforce's loss as the weights experiment reads it (:mod:`autograder.engine.causes.weights`):
the live log-probs, the per-step weights (the returns less the baseline), each step's term,
and what the contract asks. Our own code, run in the grader only."""
import torch

from autograder.engine.causes.weights import Weighing


def _advantages(arguments):
    returns, baseline = arguments["returns"], arguments["baseline"]
    if baseline is None:
        return returns
    if isinstance(baseline, torch.Tensor):
        baseline = torch.broadcast_to(baseline.to(returns.dtype), returns.shape)
    return returns - baseline


def _term(arguments, a, one):
    lp = arguments["logprobs"]
    return a * (torch.exp(lp - lp) if one else lp)


WEIGHINGS = [
    Weighing("reinforce_loss", live="logprobs", term=_term, weights=_advantages,
             weights_arg="returns", sign=-1, scale=("all",), element="step", row="step",
             sizes={"all": "steps in the batch (T * N)", "dim0": "time steps T",
                    "dim1": "environments N"},
             weights_words="returns (less the baseline)",
             contract="the contract averages -logprob * (return - baseline) over every step "
             "of the batch, the returns as given"),
]
