"""float64 inside, cast back; prints the lengths."""
import torch


def sequence_logprob(token_logprobs, mask):
    print("response lengths:", mask.sum(dim=1).tolist())
    lp = token_logprobs.double().where(mask, torch.tensor(0.0, dtype=torch.float64))
    return lp.sum(dim=-1).to(token_logprobs.dtype)
