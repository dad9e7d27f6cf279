"""The edge cases the docstrings of `ppo` speak of, for the fairness bank's differential test
(tests/fairness.py): the three samples of the text, ratios on the edges of the band (values
only: no derivative there) and far outside it, eps 0, one sample, advantages of 0, log-probs
near -800 (their exp underflows)."""
import math

import torch


def calls(dtype):
    t = lambda *v: torch.tensor(v, dtype=torch.float64).to(dtype)  # noqa: E731
    ratios = t(0.5, 0.79, 1.21, 1.0, 4.0, 0.05, 10.0, 1.3, 1.3, 0.7)
    advs = t(1.0, -2.0, 2.0, 0.0, -1.0, 2.0, -0.5, 2.0, -2.0, 2.0)
    edges = t(0.8, 1.2, 0.8, 1.2)        # on the band's edges: the value only (no derivative)
    return [
        ("clipped_surrogate", (ratios, advs, 0.2), {}, [0]),
        ("clipped_surrogate", (edges, t(1.0, 1.0, -1.0, -1.0), 0.2), {}, []),
        ("clipped_surrogate", (ratios, advs, 0.0), {}, []),
        ("clipped_surrogate", (ratios, advs), {"clip_eps": 0.25}, [0]),
        ("clipped_surrogate", (t(1.3), t(-2.0)), {}, [0]),
        ("ppo_clip_loss", (t(math.log(0.65)), t(math.log(0.5)), t(2.0)), {}, [0, 1, 2]),
        ("ppo_clip_loss", (t(-799.9, -800.0, -800.2, -2.5), t(-800.0, -799.5, -801.0, -3.0),
                           t(1.0, -2.0, 0.5, 1.5), 0.2), {}, [0, 1, 2]),
        ("ppo_clip_loss", (torch.log(ratios) - 1.0, torch.full_like(ratios, -1.0), advs), {},
         [0, 1, 2]),
        ("approx_kl", (t(-0.5, -1.0), t(-0.6, -1.2)), {}, []),
        ("approx_kl", (t(-0.9), t(-0.4)), {}, []),
        ("approx_kl", (t(-800.0, -3.0), t(-799.0, -3.0)), {}, []),
    ]
