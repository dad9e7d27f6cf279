"""F.log_softmax over the last dim of what are already log-probs, then the masked sum."""
CAUSE = r"applies log_softmax over the L positions"

import torch
import torch.nn.functional as F


def sequence_logprob(token_logprobs, mask):
    logp = F.log_softmax(token_logprobs, dim=-1)
    return torch.where(mask, logp, torch.zeros_like(logp)).sum(dim=-1)
