"""torch.where picks 0 where the episode terminated, the discounted next value elsewhere."""
import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    bootstrap = torch.where(terminated, torch.zeros_like(next_values), gamma * next_values)
    return rewards + bootstrap - values
