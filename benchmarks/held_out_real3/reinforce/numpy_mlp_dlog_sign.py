"""softmax_logprob_grad with the sign flipped: ``probs - onehot(action)``, the gradient of
``-log pi(a)`` (what a cross-entropy backward gives), written down as "d log pi / d logits";
the contract's gradient is ``onehot(action) - probs``.

Source: code-search file 67400875706 (a numpy REINFORCE agent with a tanh MLP), ``update``:
``probs = _softmax(logits)``, ``dlog = probs.copy()``, ``dlog[action] -= 1.0  # d log pi / d
logits``, then ``self.W2 -= -self.lr * np.outer(h, dlog)`` ("策略上升"). Ported: the gradient
with respect to the logits; ``_softmax`` as ``torch.softmax``.
"""
SOURCE = "code-search file 67400875706 (numpy REINFORCE update, dlog = probs - onehot)"
KIND = "reinforce: sign of the gradient"
CAUSE = r"sign|negat|opposite|flipped|probs ?- ?onehot|p ?- ?onehot|softmax ?- ?onehot|cross.?entropy|-log|reversed"

import torch


def softmax_logprob_grad(logits, action):
    probs = torch.softmax(logits, dim=-1)
    dlog = probs.clone()
    dlog[action] -= 1.0
    return dlog
