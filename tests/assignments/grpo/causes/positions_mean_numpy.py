"""numpy: np.where then np.mean over axis 1, plus a tiny eps."""
CAUSE = r"divided by the size of dim 1 .*a mean where the contract sums"

import numpy as np
import torch


def sequence_logprob(token_logprobs, mask):
    lp = token_logprobs.detach().numpy()
    out = np.mean(np.where(mask.numpy(), lp, 0.0), axis=1) + 1e-10
    return torch.from_numpy(out).to(token_logprobs.dtype)
