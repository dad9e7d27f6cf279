"""Returns an 800 MB tensor and a deeply nested list as answers."""
import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    return torch.zeros(100_000_000, dtype=torch.float64)


def sequence_logprob(token_logprobs, mask):
    answer = []
    for _ in range(100_000):
        answer = [answer]
    return answer
