"""The grader's assertions: the student-side ones (:mod:`pgcheck.assertions`), plus what only
hidden suites and the grader need (pytest parametrisation, loading returned weights).

Hidden suites import from here; public checks import from :mod:`pgcheck`, which
ships to students. Both therefore word a failure the same way.
"""
from __future__ import annotations

import pytest
import torch

from pgcheck.assertions import (FLOAT64_PRECISION, TEXT_TOLERANCE, TOLERANCES,  # noqa: F401
                                Mismatch, expect_close, expect_float, expect_no_grad, expect_pair,
                                expect_tensor, grads_of, short)

#: parametrize a hidden test over both float dtypes, with readable ids
both_dtypes = pytest.mark.parametrize("dtype", [torch.float32, torch.float64],
                                      ids=["float32", "float64"])


def load_exact(model, weights):
    """Load returned ``weights`` into ``model``: exactly its names and shapes, finite values.

    Weights come from a worker, so nothing about them is taken on trust;
    ValueError names the first thing that does not fit. Returns ``model``.
    """
    expected = model.state_dict()
    if not isinstance(weights, dict) or set(weights) != set(expected):
        raise ValueError("the returned weights do not match the network")
    for name, tensor in weights.items():
        if (not isinstance(tensor, torch.Tensor) or tensor.shape != expected[name].shape
                or not torch.isfinite(tensor).all()):
            raise ValueError(f"weight {name} has the wrong shape or is not finite")
    model.load_state_dict({k: v.float() for k, v in weights.items()})
    return model
