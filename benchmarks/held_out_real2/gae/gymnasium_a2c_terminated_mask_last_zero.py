"""compute_gae as Gymnasium's vector A2C tutorial: the mask is ``not terminated`` only, so the
recursion runs across truncations (and a truncated step bootstraps from the next row's value,
the next episode's first state); the loop stops at T - 2, so the last step's advantage stays 0.

Source: https://github.com/Farama-Foundation/Gymnasium/issues/1494
(docs/tutorials/training_agents/vector_a2c.py, ``A2C.get_losses``; the issue is about the
missing detach, these lines are in the same function): ``for t in reversed(range(T - 1)):
td_error = rewards[t] + gamma * masks[t] * value_preds[t + 1] - value_preds[t]``, ``gae =
td_error + gamma * lam * masks[t] * gae``, ``advantages[t] = gae``, with ``masks[step] =
torch.tensor([not term for term in terminated])``. Ported: returns = advantages + values (the
tutorial's critic regresses on the advantages directly).
"""
SOURCE = "https://github.com/Farama-Foundation/Gymnasium/issues/1494"
KIND = "gae: recursion across truncations + last step zero"
CAUSE = (r"truncat|crossed|across|last (step|row)|final step|next episode|next_values|"
         r"next row|values?\[t ?\+ ?1\]")

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    T = len(rewards)
    value_preds = values
    masks = (~terminated).to(rewards.dtype)
    advantages = torch.zeros_like(rewards)
    gae = 0.0
    for t in reversed(range(T - 1)):
        td_error = rewards[t] + gamma * masks[t] * value_preds[t + 1] - value_preds[t]
        gae = td_error + gamma * lam * masks[t] * gae
        advantages[t] = gae
    return advantages, advantages + values
