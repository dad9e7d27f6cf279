"""Control: clipped_surrogate as ``torch.min(torch.mul(probs, advantages),
torch.mul(torch.clip(probs, 1 - eps, 1 + eps), advantages))``: exactly the contract's elementwise
``min(r * A, clip(r, 1 - eps, 1 + eps) * A)``.

Source: code-search file 20843934547, a multi-agent PPO agent class, ``def
clipped_surrogate(self, probs, advantages): Lclip = torch.min(torch.mul(probs, advantages),
torch.mul(torch.clip(probs, 1 - self.epsilon, 1 + self.epsilon), advantages)); return Lclip``.
Ported: a function; ``self.epsilon`` is ``clip_eps``.
"""
SOURCE = "code-search file 20843934547 (multi-agent PPO agent clipped_surrogate, torch.mul)"
KIND = "control"
CORRECT = True

import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    probs, epsilon = ratio, clip_eps
    Lclip = torch.min(torch.mul(probs, advantages), torch.mul(torch.clip(probs, 1 - epsilon, 1 + epsilon), advantages))
    return Lclip
