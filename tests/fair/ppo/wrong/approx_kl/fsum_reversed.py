"""math.fsum of new - old: the sign of the estimate flipped."""
import math

import torch


def approx_kl(logp_old, logp_new):
    terms = [n - o for o, n in zip(logp_old.tolist(), logp_new.tolist())]
    return torch.tensor(math.fsum(terms) / len(terms), dtype=logp_old.dtype)
