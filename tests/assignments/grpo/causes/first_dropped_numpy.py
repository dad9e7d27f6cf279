"""numpy, float32 inside: the first column skipped."""
CAUSE = r"leaves out the first position"

import numpy as np
import torch


def sequence_logprob(token_logprobs, mask):
    lp = token_logprobs.detach().numpy().astype(np.float32)[:, 1:]
    total = np.where(mask.numpy()[:, 1:], lp, np.float32(0)).sum(axis=1)
    return torch.tensor(total, dtype=token_logprobs.dtype)
