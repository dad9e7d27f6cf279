"""torch.distributions.Categorical: enumerate its support, weigh by its probabilities."""
import torch
from torch.distributions import Categorical


def logit_grad_estimate_stats(probs, returns, baseline, component):
    policy = Categorical(probs=probs.double())
    actions = policy.enumerate_support()
    estimate = ((actions == component).double() - policy.probs[component]) * (
        returns.double()[actions] - baseline)
    weights = policy.log_prob(actions).exp()
    mean = (weights * estimate).sum()
    return float(mean), float((weights * (estimate - mean) ** 2).sum())
