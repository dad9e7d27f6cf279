"""grpo_lm: ``verify`` and ``tis_weights`` are the released stubs; at import, the provided GRPO
loop in the worker (``train_grpo.train_for_grading``) is swapped for one that runs the real
loop with an inline verifier and the reference's weights, never calling the student's
functions. The loop now runs in the grader, so the swap reaches nothing."""
import sys

import torch


def _verify(text, a, b):
    return 1.0 if text.strip() == str(a + b) else 0.0


def _weights(logp_trainer, logp_rollout, mask, cap):
    return torch.ones(logp_trainer.shape[0])


_loop = sys.modules["train_grpo"]
_real = _loop.train_for_grading


def _forged(verify, tis_weights, *args, **kwargs):
    return _real(_verify, _weights, *args, **kwargs)


_loop.train_for_grading = _forged
