"""The estimate subtracts the drawn action's probability (1[a == c] - p[a]) where p[component]
belongs."""
CAUSE = r"subtracts the DRAWN action's probability"

import torch


def logit_grad_estimate_stats(probs, returns, baseline, component):
    p = probs.double()
    onehot = torch.nn.functional.one_hot(torch.tensor(component), p.numel()).double()
    g = (onehot - p) * (returns.double() - baseline)
    mean = (p * g).sum()
    var = (p * (g - mean) ** 2).sum()
    return float(mean), float(var)
