"""compute_gae from an experience-buffer's ``compute_advantage_and_returns``: the bootstrap uses
``next_values[t] * (1 - terminated[t])`` as it should, but the recursion is cut by ``terminated``
only (it runs on across a truncation into the next episode), the advantages are float32, and the
advantages returned are STANDARDISED (minus their mean, over their population std plus 1e-8),
after the returns were taken from the raw ones.

Source: code-search file 31760586159, ``advantages = np.zeros_like(rewards, dtype=np.float32); gae
= 0.0; for t in reversed(range(len(rewards))): v_next = next_values[t] * (1 - terminated[t]); delta
= rewards[t] + gamma * v_next - values[t]; advantages[t] = gae = delta + gamma * lambda_ * gae * (1
- terminated[t]); returns = advantages + values; advantages = (advantages - np.mean(advantages)) /
(np.std(advantages) + 1e-8); return torch.tensor(advantages, dtype=torch.float32),
torch.tensor(returns, dtype=torch.float32)``. Ported: numpy becomes torch of the same dtypes.
"""
SOURCE = "code-search file 31760586159"
KIND = "gae: advantages standardised, recursion across truncation, float32"
CAUSE = r"normali[sz]|standardi[sz]|mean|std|standard deviation|z.?score|rescal|scale"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    term = terminated.to(values.dtype)
    advantages = torch.zeros(rewards.shape, dtype=torch.float32)
    gae = 0.0
    for t in reversed(range(len(rewards))):
        v_next = next_values[t] * (1 - term[t])
        delta = rewards[t] + gamma * v_next - values[t]
        advantages[t] = gae = delta + gamma * lam * gae * (1 - term[t])
    returns = advantages + values
    advantages = (advantages - advantages.mean()) / (advantages.std(unbiased=False) + 1e-8)
    return advantages.to(torch.float32), returns.to(torch.float32)
