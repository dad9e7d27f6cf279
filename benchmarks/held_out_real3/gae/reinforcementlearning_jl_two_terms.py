r"""compute_gae that is not a recursion: each advantage is ``delta_t + gamma*lam*delta_{t+1}``,
the TD error of its own step plus the next step's, and nothing further; episode ends are
ignored (no done mask on the bootstrap or on the sum).

Source: denglerchr/ReinforcementLearning.jl, src/gae.jl, ``gae(rl, X, r)``: ``for T =
nsteps-1:-1:1``: ``delta_V1 .= delta_V``, ``delta_V .= r[1, :, T] .+ rl.gamma.*V[1, :, T+1]
.- V[1, :, T]``, ``A[1, :, T] .= delta_V .+ discount.*delta_V1`` with ``discount =
rl.gamma*rl.lambda``. Ported: Julia -> torch; ``V[T+1]`` is ``next_values[t]`` (so the last step
is computed too); returns = advantages + values.
"""
SOURCE = "denglerchr/ReinforcementLearning.jl src/gae.jl (gae)"
KIND = "gae: two TD errors instead of the recursion"
CAUSE = (r"recursi|running|accumulat|only (one|two|the next)|next (step's )?(td|delta)|"
         r"A_\{?t ?\+ ?1|previous advantage|truncated sum|episode (end|boundar)|ignor\w* (the )?(done|terminat|episode)|done flags?|across (an? )?episode|bootstrap\w* (at|after|across) (a )?terminat")

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    A = torch.zeros_like(values)
    delta_V = torch.zeros_like(values[0])
    delta_V1 = torch.zeros_like(values[0])
    discount = gamma * lam
    for t in range(rewards.shape[0] - 1, -1, -1):
        delta_V1 = delta_V
        delta_V = rewards[t] + gamma * next_values[t] - values[t]
        A[t] = delta_V + discount * delta_V1
    return A, A + values
