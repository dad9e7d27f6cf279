"""softmax_logprob_grad from a Holberton-style ``policy_gradient`` exercise: the gradient of the log
policy is taken through the softmax Jacobian (``diagflat(s) - s s^T``, row ``action``, divided by
``probs[action]``), but the action is chosen by ``np.argmax(probs)``: the gradient is always that of
the MOST LIKELY action, not of the action taken; the softmax is ``exp(x) / sum`` with no shift.

Source: code-search file 22423449434, ``probs = policy(state, weight); action = np.argmax(probs);
dsoftmax = softmax_grad(probs)[action, :]; dlog = dsoftmax / probs[0, action]; grad =
state.T.dot(dlog[None, :])`` with ``policy`` = ``exp(state @ weight) / sum``. Ported: the logits
stand for ``state @ weight`` (the state is the identity), so ``grad`` is ``dlog``; the ``action``
argument is received and, as in the source, replaced by the argmax.
"""
SOURCE = "code-search file 22423449434"
KIND = "reinforce: gradient at the argmax action"
CAUSE = r"argmax|greedy|most (likely|probable)|largest|highest|ignor|(given|chosen|taken|passed|other|wrong) action|action (argument|given|taken)"

import torch


def softmax_logprob_grad(logits, action):
    def softmax_grad(softmax):
        s = softmax.reshape(-1, 1)
        return torch.diagflat(s) - s @ s.T

    result = torch.exp(logits)
    probs = (result / result.sum()).reshape(1, -1)
    action = int(torch.argmax(probs))
    dsoftmax = softmax_grad(probs)[action, :]
    dlog = dsoftmax / probs[0, action]
    return dlog
