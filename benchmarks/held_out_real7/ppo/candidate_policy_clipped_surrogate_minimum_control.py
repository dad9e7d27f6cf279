"""A control: clipped_surrogate as a softmax-candidate-policy GRPO experiment writes it:
``torch.minimum(ratio * advantage, clamp(ratio, 1 - clip, 1 + clip) * advantage)``, elementwise,
higher being better.

Source: code-search file 56685965288, ``def clipped_surrogate(new_log_probability,
old_log_probability, advantage, *, ratio_clip): ratio = torch.exp(new_log_probability -
old_log_probability); clipped = torch.clamp(ratio, 1.0 - ratio_clip, 1.0 + ratio_clip);
surrogate = torch.minimum(ratio * advantage, clipped * advantage); return surrogate``. Ported:
the ratio is the argument (the contract passes it rather than the two log-probabilities);
``ratio_clip`` is ``clip_eps``.
"""
SOURCE = "code-search file 56685965288"
KIND = "control: clipped surrogate with torch.minimum"
CORRECT = True

import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    clipped = torch.clamp(ratio, 1.0 - clip_eps, 1.0 + clip_eps)
    surrogate = torch.minimum(ratio * advantages, clipped * advantages)
    return surrogate
