"""reinforce_loss summed per environment and divided by the number of transitions (the mean over
all ``T * N`` steps, as the contract's), but with no baseline (``baseline`` ignored) and the
returns rebuilt as a float32 tensor (``torch.tensor(returns, dtype=torch.float32)``: float64
returns are rounded, and no gradient flows into them).

Source: code-search file 71221383616, a vectorised-env REINFORCE agent's ``update(self)``: ``for i
in range(self.env.num_envs): returns = self.get_return(rewards); returns = torch.tensor(returns,
dtype=torch.float32, device=self.device); log_probs = torch.stack(log_probs); loss =
-torch.sum(log_probs * returns); total_loss += loss; total_transitions += len(rewards)``;
``total_loss /= total_transitions``. Ported: environment i is column i of a ``(T, N)`` input (a
``(T,)`` input is one environment); its returns are ``returns[:, i].tolist()``.
"""
SOURCE = "code-search file 71221383616 (vectorised-env REINFORCE update, per-env sums)"
KIND = "reinforce: baseline ignored, float32 returns"
CAUSE = r"baseline|float32|single precision|precision|rounded (to|in) float32|float32 rounding|dtype"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    if logprobs.dim() == 1:
        logprobs, returns = logprobs[:, None], returns[:, None]
    total_loss = 0
    total_transitions = 0
    for i in range(logprobs.shape[1]):
        rewards_returns = returns[:, i].tolist()
        env_returns = torch.tensor(rewards_returns, dtype=torch.float32)
        log_probs = logprobs[:, i]
        loss = -torch.sum(log_probs * env_returns)
        total_loss += loss
        total_transitions += len(rewards_returns)
    total_loss /= total_transitions
    return total_loss
