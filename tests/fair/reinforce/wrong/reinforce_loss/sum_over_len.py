"""sum() / len(logprobs): the mean of one episode, but a (T, N) batch is divided by T only."""
import torch


def reinforce_loss(logprobs, returns, baseline=None):
    weights = returns.detach() - (0.0 if baseline is None else torch.as_tensor(baseline).detach())
    return -(logprobs * weights).sum() / len(logprobs)
