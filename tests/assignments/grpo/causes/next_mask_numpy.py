"""numpy: the labels' mask (mask[:, 1:]) against the log-probs of the first L - 1 positions."""
CAUSE = r"NEXT position's mask"

import numpy as np
import torch


def sequence_logprob(token_logprobs, mask):
    lp = token_logprobs.detach().numpy()[:, :-1]
    m = mask.numpy()[:, 1:]
    return torch.from_numpy(np.where(m, lp, 0.0).sum(axis=1)).to(token_logprobs.dtype)
