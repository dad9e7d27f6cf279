"""torch.dot of the flattened log-probs and advantages (the flattening makes (T, N) a vector)."""
import torch


def reinforce_loss(logprobs, returns, baseline=None):
    if baseline is None:
        baseline = 0.0
    if isinstance(baseline, torch.Tensor):
        baseline = baseline.detach()
    advantage = (returns.detach() - baseline).reshape(-1)
    return -torch.dot(logprobs.reshape(-1), advantage) / advantage.shape[0]
