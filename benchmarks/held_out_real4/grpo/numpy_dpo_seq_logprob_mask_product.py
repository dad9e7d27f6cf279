"""sequence_logprob that removes the padding by multiplying with the mask (``(picked *
mask).sum(axis=-1)``): a ``-inf`` pad gives ``-inf * 0 = nan``; in numpy.

Source: code-search file 69837649863, a numpy LM's ``sequence_logprob(logits, targets, mask)``,
"Sum of log p(token) over the masked positions of each sequence. Shape (B,). Used by DPO.":
``picked = np.take_along_axis(log_softmax(logits), targets[..., None], axis=-1)[..., 0]``;
``return (picked * mask).sum(axis=-1)``. Ported: the token log-probs come in (``picked``); the
tensors go through numpy (``.detach().numpy()``, ``torch.from_numpy`` back), so no gradient flows, as in the numpy source.
"""
SOURCE = "code-search file 69837649863 (numpy sequence_logprob, picked * mask)"
KIND = "grpo: padding removed by multiplying with the mask"
CAUSE = (r"multipl\w* (by|with) the mask|mask product|\* ?mask|times (the )?mask|nan|-inf|inf\b|infinit|"
         r"padding|masked_fill|where")

import numpy as np
import torch


def sequence_logprob(token_logprobs, mask):
    picked = token_logprobs.detach().numpy()
    mask = mask.numpy()
    return torch.from_numpy(np.asarray((picked * mask).sum(axis=-1)))
