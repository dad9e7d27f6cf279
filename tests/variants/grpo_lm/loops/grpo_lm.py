"""Correct, written differently: reads the answer backwards; a Python loop over responses."""
import torch


def verify(completion, a, b):
    if not isinstance(completion, str):
        return 0.0
    text = completion[:-1] if completion.endswith(".") else completion
    digits = ""
    for ch in reversed(text):
        if ch == "=":
            return 1.0 if digits and digits == str(a * b) else 0.0
        if ch not in "0123456789":
            return 0.0
        digits = ch + digits
    return 0.0


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    weights = []
    for lp_t, lp_r, m in zip(logp_trainer.detach(), logp_rollout, mask):
        weights.append(min(torch.exp((lp_t[m] - lp_r[m]).sum()), torch.tensor(cap, dtype=lp_t.dtype)))
    return torch.stack(weights)
