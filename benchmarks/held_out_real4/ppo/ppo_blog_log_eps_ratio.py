"""ppo_clip_loss whose ratio is taken from probabilities with an epsilon inside the logs,
``exp(log(new_probs + 1e-10) - log(old_probs + 1e-10))``: for actions of tiny probability (near
1e-10 or below) the ratio is pulled towards 1, so the loss is wrong there.

Source: code-search file 30377053015, a PPO tutorial (markdown), "PyTorch 实现 PPO 算法",
``clipped_surrogate_objective(self, policy, old_probs, states, ...)``: ``new_probs =
policy(states)``; ``ratio = torch.exp(torch.log(new_probs + 1e-10) - torch.log(old_probs +
1e-10))``; ``clipped_ratio = torch.clamp(ratio, 1 - self.epsilon, 1 + self.epsilon)``;
``surrogate = torch.min(ratio * advantage, clipped_ratio * advantage)``; ``return
-torch.mean(surrogate)`` (the same as its TensorFlow version). Ported: the probabilities are
``exp`` of the contract's log-probs; ``self.epsilon = clip_eps``.
"""
SOURCE = "code-search file 30377053015 (PPO tutorial, log(probs + 1e-10) ratio)"
KIND = "ppo: epsilon inside the log of the ratio"
CAUSE = (r"1e-10|eps(ilon)?|small constant|offset|log\(.{0,20}\+|tiny|small probabilit|"
         r"probabilit(y|ies) (instead|rather)|underflow|exp\(logp|through probabilities")

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    new_probs, old_probs, advantage, epsilon = logp_new.exp(), logp_old.exp(), advantages, clip_eps
    ratio = torch.exp(torch.log(new_probs + 1e-10) - torch.log(old_probs + 1e-10))
    clipped_ratio = torch.clamp(ratio, 1 - epsilon, 1 + epsilon)
    surrogate = torch.min(ratio * advantage, clipped_ratio * advantage)
    return -torch.mean(surrogate)
