"""x - logsumexp(x) written by hand, over each row's real tokens, in a loop."""
CAUSE = r"applies log_softmax over the L positions"

import torch


def sequence_logprob(token_logprobs, mask):
    out = []
    for lp, m in zip(token_logprobs, mask):
        real = lp[m]
        out.append((real - torch.logsumexp(real, dim=0)).sum() if real.numel() else lp.new_zeros(()))
    return torch.stack(out)
