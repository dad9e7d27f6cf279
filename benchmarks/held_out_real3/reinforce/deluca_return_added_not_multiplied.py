"""reinforce_update that ADDS the return to the step instead of scaling the gradient by it:
``logits + lr * grad log pi(a) + G`` (every logit moves by the return), where the contract asks
``logits + lr * G * grad log pi(a)``; the policy is an unshifted softmax (``exp(z) /
sum(exp(z))``), NaN for large logits.

Source: code-search file 14577161379 (deluca's ``agents/_deep.py``, ``Deep``): ``policy``: ``exp
= jnp.exp(z); return exp / jnp.sum(exp)``; ``feed``: ``dsoftmax =
self.softmax_grad(self.probs)[self.action, :]``, ``dlog = dsoftmax / self.probs[self.action]``;
``update``: ``self.W += self.lr * self.episode_grads[i] + jnp.sum(jnp.array([r * (self.gamma **
r) for r in self.episode_rewards[i : self.current_episode_length]]))``. Ported: JAX -> torch; the
logits are the parameters (``z = logits``, so the gradient is ``dlog``); the summed future reward
is ``ret``.
"""
SOURCE = "code-search file 14577161379 (deluca Deep.update, return added to the step)"
KIND = "reinforce: return added instead of multiplied"
CAUSE = (r"\badd|added|plus|\+ ?ret|instead of (multipl|scal)|not (multipl|scal)|shift\w* (every|all)|"
         r"every logit|all (the )?logits|overflow|\bnan\b|unshifted")

import torch


def reinforce_update(logits, action, ret, lr):
    z = logits
    exp = torch.exp(z)
    probs = exp / torch.sum(exp)
    s = probs.reshape(-1, 1)
    dsoftmax = (torch.diagflat(s) - s @ s.T)[action, :]
    dlog = dsoftmax / probs[action]
    return logits + lr * dlog + ret
