"""Correct, written differently: autograd for the log-softmax gradient, a vectorised
discounted sum via a matrix of powers, log_softmax."""
import torch


def discounted_returns(rewards, gamma):
    T = rewards.shape[0]
    idx = torch.arange(T)
    exponents = (idx[None, :] - idx[:, None]).to(rewards.dtype)
    weights = torch.where(exponents >= 0, torch.as_tensor(gamma, dtype=rewards.dtype) ** exponents.clamp(min=0),
                          torch.zeros((), dtype=rewards.dtype))
    return weights @ rewards


def softmax_logprob_grad(logits, action):
    with torch.enable_grad():
        x = logits.detach().clone().requires_grad_(True)
        logp = torch.log_softmax(x, dim=0)[action]
        (grad,) = torch.autograd.grad(logp, x)
    return grad


def reinforce_update(logits, action, ret, lr):
    new = logits.clone()
    new += lr * ret * softmax_logprob_grad(logits, action)
    return new


def reinforce_loss(logprobs, returns, baseline=None):
    target = returns.detach().clone()
    if baseline is not None:
        target = target - torch.as_tensor(baseline, dtype=returns.dtype).detach()
    return -(logprobs * target).sum() / logprobs.numel()


def logit_grad_estimate_stats(probs, returns, baseline, component):
    probs, returns = probs.double(), returns.double()
    onehot = torch.nn.functional.one_hot(torch.tensor(component), probs.numel()).double()
    g = (onehot - probs[component]) * (returns - baseline)
    mean = torch.dot(probs, g)
    var = torch.dot(probs, (g - mean) ** 2)
    return mean.item(), var.item()
