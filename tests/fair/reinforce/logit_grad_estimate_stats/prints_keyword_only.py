"""Prints its working; a keyword-only option of the student's own."""
import torch


def logit_grad_estimate_stats(probs, returns, baseline, component, *, verbose=True):
    p = probs.to(torch.float64)
    indicator = torch.zeros_like(p)
    indicator[component] = 1
    estimate = (indicator - p[component]) * (returns.to(torch.float64) - baseline)
    mean = (p * estimate).sum().item()
    variance = (p * (estimate - mean).pow(2)).sum().item()
    if verbose:
        print(f"component {component}: mean {mean:.4f}, variance {variance:.4f}")
    return (mean, variance)
