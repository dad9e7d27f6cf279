"""A control: tis_weights as a unified RL library's ``tis_correction`` computes the sequence-level
truncated weight: the token log-ratios of each response (packed, so padding never enters) are
SUMMED, exponentiated (the product of the token ratios) and clamped at the cap, all under
``torch.no_grad()`` and detached.

Source: code-search file 66062828475, ``with torch.no_grad(): log_is = new_logp - rollout_logp;
if tis_level == "sequence": parts = torch.split(log_is, lengths.tolist()); seq_log_is =
torch.stack([p.sum() if p.numel() else p.new_zeros(()) for p in parts]); seq_is =
torch.exp(seq_log_is); ... else: seq_w = torch.clamp(seq_is, max=tis_clip)`` and ``return
weight.detach(), metrics``. Ported: the packed tokens are the real tokens of each row
(``log_is[i][mask[i]]``), ``tis_clip`` is ``cap``; the per-sequence weights are returned rather
than expanded over the packed tokens.
"""
SOURCE = "code-search file 66062828475"
KIND = "control: sequence TIS summed over packed real tokens"
CORRECT = True

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    with torch.no_grad():
        parts = [logp_trainer[i][mask[i]] - logp_rollout[i][mask[i]] for i in range(mask.shape[0])]
        seq_log_is = torch.stack([p.sum() if p.numel() else p.new_zeros(()) for p in parts])
        seq_is = torch.exp(seq_log_is)
        seq_w = torch.clamp(seq_is, max=cap)
    return seq_w.detach()
