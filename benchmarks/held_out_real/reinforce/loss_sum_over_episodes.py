"""reinforce_loss: -(logprobs * returns).sum() / num_episodes: a sum over time, a mean over episodes.

Source: shirishbahirat/pytorch, policy_grad.py: ``loss = -(log_probs * future_returns).sum() /
num_episodes``. For one episode that is the sum over the T steps; for (T, N) it divides by N
only. Ported: num_episodes is N of a (T, N) batch (1 for one episode); the baseline, which
the source has not, is subtracted as the contract says.
"""
SOURCE = "shirishbahirat/pytorch policy_grad.py"
KIND = "reduction: sum where the mean is asked"
CAUSE = r"sum|times|T \* N|mean over"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    future_returns = returns.detach()
    if baseline is not None:
        future_returns = future_returns - (baseline.detach() if torch.is_tensor(baseline)
                                           else baseline)
    num_episodes = logprobs.shape[1] if logprobs.dim() == 2 else 1
    return -(logprobs * future_returns).sum() / num_episodes
