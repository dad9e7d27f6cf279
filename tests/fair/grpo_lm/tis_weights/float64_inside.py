"""float64 inside, cast back; torch.minimum with the cap as a tensor."""
import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    t = logp_trainer.detach().double()
    r = logp_rollout.double()
    zero = torch.zeros((), dtype=torch.float64)
    s = torch.where(mask, t - r, zero).sum(-1)
    return torch.minimum(s.exp(), torch.tensor(cap, dtype=torch.float64)).to(logp_trainer.dtype)
