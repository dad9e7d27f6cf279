"""compute_gae from a research script (glyph/PCA experiments) written in the cleanrl style but with
per-step ``dones``: the mask of step ``t`` is taken from ``dones[t+1]`` (one step LATE: the done of
the NEXT step cuts the recursion and the bootstrap, the step's own done does not), the next value
is the NEXT ROW, and the last step bootstraps from ITS OWN value ``values[t]`` with its own done
("we'll pass last value externally if needed").

Source: code-search file 1079170236, ``for t in reversed(range(T)): if t == T-1: nextnonterminal
= 1.0 - dones[t]; nextvalue = values[t]  # bootstrap with last ... else: nextnonterminal = 1.0 -
dones[t+1]; nextvalue = values[t+1]; delta = rewards[t] + gamma * nextvalue * nextnonterminal -
values[t]; advantages[t] = lastgaelam = delta + gamma * lam * nextnonterminal * lastgaelam;
returns = advantages + values``. Ported: ``dones`` is ``terminated | truncated``; the source's
float32 numpy buffer is ``torch.zeros_like(rewards)``.
"""
SOURCE = "code-search file 1079170236"
KIND = "gae: done read one step late, last step bootstraps from its own value"
CAUSE = r"off[- ]by[- ]one|one step (late|early|later)|t ?\+ ?1|next step'?s done|shift|index|next (row|state)|next_values|bootstrap|own value"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    dones = (terminated | truncated).to(rewards.dtype)
    T = len(rewards)
    advantages = torch.zeros_like(rewards)
    lastgaelam = 0.0
    for t in reversed(range(T)):
        if t == T - 1:
            nextnonterminal = 1.0 - dones[t]
            nextvalue = values[t]
        else:
            nextnonterminal = 1.0 - dones[t + 1]
            nextvalue = values[t + 1]
        delta = rewards[t] + gamma * nextvalue * nextnonterminal - values[t]
        advantages[t] = lastgaelam = delta + gamma * lam * nextnonterminal * lastgaelam
    returns = advantages + values
    return advantages, returns
