"""The edge cases the docstrings of `gae` speak of, for the fairness bank's differential test
(tests/fairness.py): one step, (1, N), a step both terminated and truncated, every step an end,
lambda 0 and 1, gamma 0 and 1, the docstring's example."""
import torch


def rollout(shape, seed, dtype):
    g = torch.Generator().manual_seed(seed)
    r, v, nv = (torch.randn(shape, generator=g, dtype=torch.float64).to(dtype) for _ in range(3))
    term = torch.rand(shape, generator=g) < 0.3
    trunc = torch.rand(shape, generator=g) < 0.3
    return r, v + 0.5, nv, term, trunc


def calls(dtype):
    found = []
    for n, shape in enumerate([(1,), (1, 3), (9,), (7, 4)]):
        r, v, nv, term, trunc = rollout(shape, n, dtype)
        found.append(("td_residuals", (r, v, nv, term, 0.97), {}, []))
        found.append(("td_residuals", (r, v, nv, term, 0.0), {}, []))
        for gamma, lam in ((0.9, 0.0), (0.9, 1.0), (1.0, 1.0), (0.0, 0.5), (0.95, 0.9)):
            found.append(("compute_gae", (r, v, nv, term, trunc, gamma, lam), {}, []))
        both = torch.ones(shape, dtype=torch.bool)
        found.append(("compute_gae", (r, v, nv, both, both, 0.9, 0.8), {}, []))
        found.append(("compute_gae", (r, v, nv, ~both, ~both, 0.9, 0.8), {}, []))
    z = torch.zeros(3, dtype=dtype)
    found.append(("compute_gae", (torch.ones(3, dtype=dtype), z, z, torch.tensor([False, False, True]),
                                  torch.zeros(3, dtype=torch.bool), 1.0, 1.0), {}, []))
    return found
