"""Correct, in pytorch/examples' REINFORCE style: returns built backwards in a Python list with
``insert(0, R)`` and turned into one tensor of the rewards' dtype (not normalised: the contract
asks for the returns themselves); the other functions written as a tutorial would."""
import torch


def discounted_returns(rewards, gamma):
    R, returns = 0.0, []
    for r in reversed(rewards.tolist()):
        R = r + gamma * R
        returns.insert(0, R)
    return torch.tensor(returns, dtype=rewards.dtype)


def softmax_logprob_grad(logits, action):
    grad = -torch.softmax(logits, dim=0)
    grad[int(action)] += 1.0
    return grad


def reinforce_update(logits, action, ret, lr):
    return logits + lr * ret * softmax_logprob_grad(logits, action)


def reinforce_loss(logprobs, returns, baseline=None):
    advantage = returns.detach()
    if baseline is not None:
        advantage = advantage - (baseline.detach() if torch.is_tensor(baseline) else baseline)
    return -(logprobs * advantage).mean()


def logit_grad_estimate_stats(probs, returns, baseline, component):
    p, R, k = probs.tolist(), returns.tolist(), int(component)
    samples = [((1.0 if a == k else 0.0) - p[k]) * (R[a] - float(baseline)) for a in range(len(p))]
    mean = sum(pa * s for pa, s in zip(p, samples))
    return mean, sum(pa * (s - mean) ** 2 for pa, s in zip(p, samples))
