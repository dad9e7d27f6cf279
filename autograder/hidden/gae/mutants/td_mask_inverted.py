"""Multiplies the bootstrap term by ``terminated`` instead of by ``1 - terminated``: only the
terminated steps bootstrap from next_values."""
HINT = "only the terminated steps were bootstrapped: multiply gamma * V(s_{t+1}) by (1 - terminated_t), not by terminated_t"


def td_residuals(rewards, values, next_values, terminated, gamma):
    alive = terminated.to(rewards.dtype)
    return rewards + gamma * alive * next_values - values
