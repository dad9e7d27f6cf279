"""ppo_clip_loss that standardises the advantages before the clipped objective (minus their mean,
over their std + 1e-8, whenever the std exceeds 1e-8), as the training script's update does
just before its loss: the contract's loss takes the advantages as given.

Source: code-search file 53284038632, a PPO training script's update: ``if
advantages_tensor.std() > 1e-8: advantages_tensor = (advantages_tensor -
advantages_tensor.mean()) / (advantages_tensor.std() + 1e-8)``, then per epoch ``ratio =
torch.exp(new_log_probs - old_log_probs)``, ``surr1 = ratio * advantages_tensor``, ``surr2 =
torch.clamp(ratio, 1 - args.clip_coef, 1 + args.clip_coef) * advantages_tensor``,
``policy_loss = -torch.min(surr1, surr2).mean()``. Ported: the update's policy loss as one
function; the rollout's tensors are constants (detached).
"""
SOURCE = "code-search file 53284038632 (PPO update, advantages normalised before the loss)"
KIND = "ppo: advantages standardised inside the loss"
CAUSE = r"standardi[sz]|normali[sz]|zero mean|unit variance|mean and (the )?(std|standard)|divid\w* by .{0,30}(std|standard dev)"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    advantages_tensor = advantages.detach()
    if advantages_tensor.std() > 1e-8:
        advantages_tensor = (advantages_tensor - advantages_tensor.mean()) / (advantages_tensor.std() + 1e-8)
    old_log_probs = logp_old.detach()
    ratio = torch.exp(logp_new - old_log_probs)
    surr1 = ratio * advantages_tensor
    surr2 = torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * advantages_tensor
    policy_loss = -torch.min(surr1, surr2).mean()
    return policy_loss
