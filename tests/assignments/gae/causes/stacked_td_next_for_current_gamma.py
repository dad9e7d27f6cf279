"""td_residuals that subtracts the next state's value where the current one belongs and keeps
gamma = 0.95 from the original code, in float32."""
CAUSE = r"(?=.*NEXT state's value)(?=.*`gamma` is fixed at 0\.95)"

import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    GAMMA = 0.95
    alive = (~terminated).to(torch.float32)
    out = rewards.float() + GAMMA * alive * next_values.float() - next_values.float()
    return out.to(rewards.dtype)
