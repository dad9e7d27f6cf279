"""token_logprobs[mask].sum(): the real tokens of the whole batch summed into one number."""
import torch


def sequence_logprob(token_logprobs, mask):
    return token_logprobs[mask].sum().expand(mask.shape[0]).clone()
