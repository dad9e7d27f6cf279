"""The docstring's shapes as asserts; the constants computed under torch.no_grad()."""
import torch


def reinforce_loss(logprobs, returns, baseline=None):
    assert logprobs.shape == returns.shape, "returns must have the shape of logprobs"
    assert logprobs.dim() in (1, 2), "(T,) or (T, N)"
    with torch.no_grad():
        advantage = returns - (0.0 if baseline is None else baseline)
    assert advantage.shape == returns.shape, "the baseline must broadcast to returns"
    return -(logprobs * advantage).mean()
