"""In-place steps on a copy (the input is left alone), with a print of the new policy."""
import torch


def reinforce_update(logits, action, ret, lr):
    new = logits.clone()
    probs = torch.softmax(logits, dim=0)
    new -= lr * ret * probs
    new[action] += lr * ret
    print("policy after the step:", torch.softmax(new, 0).tolist())
    return new
