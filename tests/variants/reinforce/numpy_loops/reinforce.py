"""Correct, written differently: numpy loops for the returns and the statistics, an explicit
max-shifted softmax, a broadcast baseline."""
import numpy as np
import torch


def discounted_returns(rewards, gamma):
    r = rewards.detach().cpu().numpy()
    out = np.zeros_like(r)
    acc = 0.0
    for t in range(len(r) - 1, -1, -1):
        acc = r[t] + gamma * acc
        out[t] = acc
    return torch.from_numpy(out).to(rewards.dtype)


def softmax_logprob_grad(logits, action):
    shifted = logits - logits.max()
    probs = torch.exp(shifted) / torch.exp(shifted).sum()
    grad = -probs
    grad[action] += 1
    return grad


def reinforce_update(logits, action, ret, lr):
    step = float(lr) * float(ret)
    return logits + step * softmax_logprob_grad(logits, action)


def reinforce_loss(logprobs, returns, baseline=None):
    b = 0.0 if baseline is None else baseline
    if isinstance(b, torch.Tensor):
        b = b.detach()
    advantage = returns.detach() - b
    return -torch.mean(logprobs * advantage)


def logit_grad_estimate_stats(probs, returns, baseline, component):
    p = probs.double().numpy()
    g = np.array([((1.0 if a == component else 0.0) - p[component]) * (float(returns[a]) - baseline)
                  for a in range(len(p))])
    mean = float(np.sum(p * g))
    return mean, float(np.sum(p * g * g) - mean * mean)
