"""Control: the score of a categorical softmax written out by hand, ``grad = -probs; grad[a] +=
1`` with a max-shifted softmax, and the REINFORCE step on the logits ``l + lr * advantage *
grad``: the contract's ``softmax_logprob_grad`` and ``reinforce_update``.

Source: code-search file 53967604225 (a policy-gradient search over logits): "For categorical
softmax, ∂log p_a / ∂l_a = 1 - p_a; ∂log p_a / ∂l_b = -p_b for b≠a", ``l = logits[step_idx]``,
``probs = np.exp(l - l.max())``, ``probs /= probs.sum()``, ``grad = -probs.copy()``, ``grad[a] +=
1.0``, ``logits[step_idx] += lr * advantage * grad``. Ported: numpy -> torch; the update returns
the new logits instead of writing into the caller's array (``advantage`` is ``ret``).
"""
SOURCE = "code-search file 53967604225 (REINFORCE step on per-step logits)"
KIND = "control"
CORRECT = True

import torch


def softmax_logprob_grad(logits, action):
    l = logits
    probs = torch.exp(l - l.max())
    probs = probs / probs.sum()
    grad = -probs.clone()
    grad[action] += 1.0
    return grad


def reinforce_update(logits, action, ret, lr):
    l = logits
    probs = torch.exp(l - l.max())
    probs = probs / probs.sum()
    grad = -probs.clone()
    grad[action] += 1.0
    return l + lr * ret * grad
