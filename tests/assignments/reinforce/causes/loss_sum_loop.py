"""A loop over steps appending -logprob * weight, then ``torch.stack(...).sum()``."""
CAUSE = r"MEAN over samples|MEAN over all steps|sums over"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    b = 0.0 if baseline is None else (baseline.detach() if torch.is_tensor(baseline) else baseline)
    weights = torch.broadcast_to(returns.detach() - b, logprobs.shape).reshape(-1)
    terms = []
    for lp, w in zip(logprobs.reshape(-1), weights):
        terms.append(-lp * w)
    return torch.stack(terms).sum()
