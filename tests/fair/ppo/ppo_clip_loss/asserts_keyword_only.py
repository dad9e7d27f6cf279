"""Asserts from the docstring, a keyword-only entropy bonus of the student's own (off), a print."""
import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2, *, entropy_coef=0.0):
    assert logp_new.shape == logp_old.shape == advantages.shape
    assert logp_new.dim() == 1, "one log-prob per sample: (B,)"
    log_ratio = logp_new - logp_old.detach()
    ratio = log_ratio.exp()
    a = advantages.detach()
    loss = -torch.min(ratio * a, torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * a).mean()
    if entropy_coef:
        loss = loss - entropy_coef * (-logp_new).mean()
    print(f"ppo loss {loss.item():.4f} on {len(a)} samples")
    return loss
