"""torch.dot on the tensors as they come: right for (T,), an error for a (T, N) batch."""
import torch


def reinforce_loss(logprobs, returns, baseline=None):
    b = 0.0 if baseline is None else (baseline.detach() if torch.is_tensor(baseline) else baseline)
    advantage = returns.detach() - b
    return -torch.dot(logprobs, advantage) / logprobs.shape[0]
