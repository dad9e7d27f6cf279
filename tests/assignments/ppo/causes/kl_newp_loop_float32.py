"""a float32 loop."""
import torch

CAUSE = r"sample's NEW probability"


def approx_kl(logp_old, logp_new):
    s = torch.zeros((), dtype=torch.float32)
    for o, n in zip(logp_old.float(), logp_new.float()):
        s += n.exp() * (n - o)
    return (s / len(logp_new)).to(logp_new.dtype)
