"""softmax_logprob_grad as a linear softmax policy's log-gradient: the row of the softmax
Jacobian for the action divided by the action's probability, with a softmax that exponentiates
the logits unshifted. Right for moderate logits; exp overflows (inf / inf = NaN) for large ones
and underflows to 0 / 0 for very negative ones.

Source: public code in the code-search corpus (file id 19857606309, ``SoftmaxPolicy`` beside a
``GaussianPolicy``; the index does not name the repository): ``get_log_grad``: ``log_grad =
self.__get_p_grad(state, weights)[action, :] / self.__get_prob(state, weights)[0, action]``;
``__get_p_grad``: ``np.diagflat(prob) - np.dot(prob, prob.T)``; ``__get_prob``: ``x =
np.exp(x); return x / np.sum(x)``. Ported: numpy -> torch, the logits for ``state @ weights``
(the state factor of the chain rule dropped).
"""
SOURCE = "code-search file 19857606309 (SoftmaxPolicy.get_log_grad)"
KIND = "numerics: softmax overflow"
CAUSE = r"overflow|underflow|largest logit|max\w*.{0,20}(shift|subtract)|\bnan\b|\binf\b|stabl"

import torch


def softmax_logprob_grad(logits, action):
    def get_prob(x):
        x = torch.exp(x)
        return x / torch.sum(x)

    def get_p_grad(x):
        prob = get_prob(x).reshape(-1, 1)
        return torch.diagflat(prob) - prob @ prob.T

    log_grad = get_p_grad(logits)[action, :] / get_prob(logits)[action]
    return log_grad
