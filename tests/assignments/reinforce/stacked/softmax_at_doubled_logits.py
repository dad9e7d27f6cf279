"""The softmax gradient taken at the wrong probability: softmax(2 * logits) (a temperature of
0.5 left in from an experiment), in float32."""
CAUSE = r"probabilit"

import torch


def softmax_logprob_grad(logits, action):
    p = torch.softmax(2.0 * logits.float(), dim=0)
    g = -p
    g[action] = g[action] + 1.0
    return g.to(logits.dtype)
