"""tis_weights caps each token's ratio exp(logp_trainer - logp_rollout) at the cap, and a
response's weight is the product of its tokens' capped ratios.

Source: volcengine/verl, verl/trainer/ppo/core_algos.py, ``compute_policy_loss`` (TIS, after
fengyao.notion.site/off-policy-rl): ``tis_imp_ratio = torch.exp(old_log_prob -
rollout_log_probs); tis_imp_ratio = torch.clamp(tis_imp_ratio, max=tis_imp_ratio_cap)``, a
weight per token. Reconstructed for the sequence-level contract: the response's weight is the
product of its real tokens' capped weights.
"""
SOURCE = "volcengine/verl verl/trainer/ppo/core_algos.py (compute_policy_loss, TIS)"
KIND = "tis: cap per token"
CAUSE = r"each token|per.token|whole response"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    tis_imp_ratio = torch.exp(logp_trainer.detach() - logp_rollout)
    tis_imp_ratio = torch.clamp(tis_imp_ratio, max=cap)
    return torch.where(mask, tis_imp_ratio, torch.ones_like(tis_imp_ratio)).prod(dim=-1)
