"""Each logit's sigmoid where the softmax belongs (a Bernoulli policy's gradient applied to a
categorical one)."""
CAUSE = r"sigmoid"

import torch


def softmax_logprob_grad(logits, action):
    onehot = torch.nn.functional.one_hot(torch.tensor(action), logits.shape[0]).to(logits.dtype)
    return onehot - torch.sigmoid(logits)
