"""The variance of the returns under the policy, not of the gradient estimate."""
import torch


def logit_grad_estimate_stats(probs, returns, baseline, component):
    p, R = probs.double(), returns.double() - baseline
    indicator = torch.zeros_like(p)
    indicator[component] = 1
    mean = (p * (indicator - p[component]) * R).sum()
    return float(mean), float((p * (R - (p * R).sum()) ** 2).sum())
