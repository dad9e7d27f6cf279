"""Control: ppo_clip_loss as a per-sample Python loop: ``loss += -min(r_i * A_i, clip(r_i) * A_i)``
for each sample, then ``loss /= batch_size``: exactly the contract's ``-mean(min(r * A, clip(r,
1 - eps, 1 + eps) * A))``.

Source: code-search file 15176611322, a trajectory-level policy-update loop (``train_grpo``'s
update): ``for i in range(batch_size): ... ratio = torch.exp(new_log_prob - old_log_prob); surr1 =
ratio * advantage; surr2 = torch.clamp(ratio, 1 - eps, 1 + eps) * advantage; trajectory_loss =
-torch.min(surr1, surr2); loss += trajectory_loss``; ``loss /= batch_size``. Ported: the new
log-probs are given (the source re-evaluates its policy per sample); ``eps = clip_eps``,
``batch_size`` the number of samples; the old log-probs and advantages detached as the contract
treats them as constants.
"""
SOURCE = "code-search file 15176611322 (trajectory-level update loop, loss /= batch_size)"
KIND = "control"
CORRECT = True

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    eps = clip_eps
    old_log_probs, advantages = logp_old.detach(), advantages.detach()
    batch_size = logp_new.shape[0]
    loss = 0
    for i in range(batch_size):
        new_log_prob = logp_new[i]
        old_log_prob = old_log_probs[i]
        advantage = advantages[i]
        ratio = torch.exp(new_log_prob - old_log_prob)
        surr1 = ratio * advantage
        surr2 = torch.clamp(ratio, 1 - eps, 1 + eps) * advantage
        trajectory_loss = -torch.min(surr1, surr2)
        loss += trajectory_loss
    loss /= batch_size
    return loss
