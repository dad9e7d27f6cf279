"""Only the taken action's logit moves (by lr * ret * (1 - p_a)); the loop skips the others,
where each should move by -lr * ret * p_k."""
CAUSE = r"your step goes along onehot\(a\) \* \(1 - p\)"

import torch


def reinforce_update(logits, action, ret, lr):
    probs = torch.softmax(logits.double(), dim=0).to(logits.dtype)
    new = logits.clone()
    for k in range(new.shape[0]):
        if k == action:
            new[k] = logits[k] + lr * ret * (1 - probs[k])
    return new
