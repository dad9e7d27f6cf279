"""Correct, in CleanRL's ``ppo.py`` style: ``lastgaelam`` carried backwards with a
``nextnonterminal`` factor, masks built in the rollout's own dtype (not with ``.float()``), so
float64 rollouts keep float64's precision."""
import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    nextnonterminal = 1.0 - terminated.to(rewards.dtype)
    return rewards + gamma * next_values * nextnonterminal - values


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    delta = td_residuals(rewards, values, next_values, terminated, gamma)
    nextnonterminal = 1.0 - torch.logical_or(terminated, truncated).to(rewards.dtype)
    advantages = torch.zeros_like(rewards)
    lastgaelam = torch.zeros_like(rewards[0])
    for t in reversed(range(rewards.shape[0])):
        advantages[t] = lastgaelam = delta[t] + gamma * lam * nextnonterminal[t] * lastgaelam
    returns = advantages + values
    return advantages, returns
