"""The discount matrix's triangle the wrong way round: each return sums the rewards before it."""
import torch


def discounted_returns(rewards, gamma):
    steps = torch.arange(rewards.shape[0])
    gaps = (steps[:, None] - steps[None, :]).to(rewards.dtype)
    powers = torch.where(gaps >= 0, torch.full_like(gaps, gamma) ** gaps.clamp(min=0),
                         torch.zeros_like(gaps))
    return powers @ rewards
