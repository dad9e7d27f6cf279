"""tis_weights as a training framework's ``vanilla_tis_function`` computes them: one weight PER
TOKEN, ``clamp(exp(train_log_probs - rollout_log_probs), min=tis_clip_low, max=tis_clip)``, not one
per response from the summed log-ratio; the mask is not used (a ``-inf`` padding gives ``nan``) and
the weights are not detached.

Source: code-search file 61122969684, ``vanilla_tis_function(args, *, pg_loss, train_log_probs,
rollout_log_probs, loss_masks, **kwargs)``: ``cat_rollout = torch.cat(rollout_log_probs, dim=0);
cat_train = torch.cat(train_log_probs, dim=0); tis = torch.exp(cat_train - cat_rollout); tis_abs =
(tis - 1).abs(); tis_weights = torch.clamp(tis, min=args.tis_clip_low, max=args.tis_clip); ...;
pg_loss = pg_loss * tis_weights``. Ported: the per-sample lists are the rows of the ``(N, L)``
inputs (kept as rows, not concatenated), ``args.tis_clip`` is ``cap`` and ``args.tis_clip_low`` is
0.0; the token weights are returned.
"""
SOURCE = "code-search file 61122969684 (vanilla_tis_function, per-token clamp)"
KIND = "grpo_lm: per-token weights instead of one per response"
CAUSE = r"per.token|token|shape|\(N, ?L\)|one per response|sum|product|sequence"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    tis_clip_low, tis_clip = 0.0, cap
    tis = torch.exp(logp_trainer - logp_rollout)
    tis_weights = torch.clamp(tis, min=tis_clip_low, max=tis_clip)
    return tis_weights
