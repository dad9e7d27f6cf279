"""The softmax's Jacobian row of the action, diag(p) - p p^T, taken for the log-softmax's
gradient: the gradient of p_a, float64 inside."""
CAUSE = r"gradient of the PROBABILITY"

import torch


def softmax_logprob_grad(logits, action):
    p = torch.softmax(logits.double(), dim=-1)
    jacobian = torch.diag(p) - torch.outer(p, p)
    return jacobian[int(action)].to(logits.dtype)
