"""pytorch/examples' REINFORCE: returns standardised with eps, then the loss is the sum of
-log_prob * R over the steps (``torch.cat(policy_loss).sum()``)."""
CAUSE = r"standardises the weights .* and sums over the steps"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    eps = torch.finfo(torch.float32).eps
    R = returns.detach()
    if baseline is not None:
        R = R - (baseline.detach() if torch.is_tensor(baseline) else baseline)
    R = (R - R.mean()) / (R.std() + eps)
    policy_loss = [-lp * r for lp, r in zip(logprobs.reshape(-1), torch.broadcast_to(R, logprobs.shape).reshape(-1))]
    return torch.stack(policy_loss).sum()
