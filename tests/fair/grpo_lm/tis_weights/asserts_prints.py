"""Asserts from the docstring; prints how many weights the cap bound."""
import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    assert logp_trainer.shape == logp_rollout.shape == mask.shape, "(N, L) each"
    assert mask.dtype == torch.bool and cap > 0
    diff = torch.where(mask, logp_trainer.detach() - logp_rollout, torch.zeros_like(logp_rollout))
    raw = torch.exp(diff.sum(1))
    print(f"{int((raw > cap).sum())} of {len(raw)} weights capped at {cap}")
    return torch.clamp(raw, max=cap)
