"""scatter for the one-hot, exp(log_softmax) for the probabilities."""
import torch


def softmax_logprob_grad(logits, action):
    onehot = torch.zeros_like(logits).scatter(0, torch.tensor([action]), 1.0)
    return onehot - logits.log_softmax(0).exp()
