"""Correct, written differently: a stacked list for the returns, torch.softmax with
index_put, baseline handled by broadcasting, statistics with torch.where."""
import torch


def discounted_returns(rewards, gamma):
    out = []
    g = rewards.new_zeros(())
    for r in rewards.flip(0):
        g = r + gamma * g
        out.append(g)
    return torch.stack(out[::-1])


def softmax_logprob_grad(logits, action):
    onehot = torch.zeros_like(logits).index_put((torch.tensor([action]),),
                                                torch.ones(1, dtype=logits.dtype))
    return onehot - torch.softmax(logits, dim=-1)


def reinforce_update(logits, action, ret, lr):
    return torch.add(logits, softmax_logprob_grad(logits, action), alpha=float(lr * ret))


def reinforce_loss(logprobs, returns, baseline=None):
    if baseline is None:
        baseline = torch.zeros((), dtype=returns.dtype)
    baseline = torch.as_tensor(baseline, dtype=returns.dtype)
    return (-(logprobs * (returns - baseline).detach())).mean()


def logit_grad_estimate_stats(probs, returns, baseline, component):
    actions = torch.arange(probs.numel())
    indicator = torch.where(actions == component, 1.0, 0.0).double()
    g = (indicator - probs.double()[component]) * (returns.double() - baseline)
    mean = (probs.double() * g).sum()
    second = (probs.double() * g.square()).sum()
    return float(mean), float(second - mean.square())
