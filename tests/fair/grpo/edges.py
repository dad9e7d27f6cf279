"""The edge cases the docstrings of `grpo` speak of, for the fairness bank's differential test
(tests/fairness.py): the table exercise, all-equal groups whose float32 mean is not exact, one
response per group, one prompt, tiny spreads, padding of -inf, responses of one token, a batch
of one response, a response that is all padding."""
import math

import torch


def calls(dtype):
    t = lambda *rows: torch.tensor(rows, dtype=torch.float64).to(dtype)  # noqa: E731
    equal = t([0.9, 0.9, 0.9], [1000.1, 1000.1, 1000.1], [0.3, 0.3, 0.3], [0.2, 0.9, 0.4])
    # one group alone, all equal, whose float32 mean() (and so std()) is not exact
    lone, seven = t([0.8847743272781372] * 3), t([7.682218074798584] * 7)
    found = []
    for rewards in (t([0.0, 1, 1, 0], [1, 1, 1, 1], [1, 1, 1, 0]), equal, lone, seven, t([1.0], [0.0], [2.5]),
                    t([1.0, 1.0 + 2e-6, 1.0, 1.0 - 1e-6], [0.0, 1e-5, 0.0, 0.0]),
                    t([1.0, 0.0, 0.0, 0.0])):
        found += [("group_advantages", (rewards,), {}, []),
                  ("group_advantages", (rewards, True), {}, []),
                  ("group_advantages", (rewards,), {"normalize_std": True, "eps": 0.5}, [])]
    inf = -math.inf
    lp = t([-0.5, -1.0, inf, inf], [-2.0, inf, inf, inf], [-0.1, -0.2, -0.3, -0.4], [inf] * 4)
    mask = torch.tensor([[True, True, False, False], [True, False, False, False],
                         [True, True, True, True], [False] * 4])
    adv = t(1.0, -0.5, 0.25, 2.0)
    found += [("sequence_logprob", (lp, mask), {}, []),
              ("sequence_logprob", (lp[:, :1], mask[:, :1]), {}, []),
              ("sequence_logprob", (lp[2:3], mask[2:3]), {}, []),
              ("grpo_loss", (lp, mask, adv), {}, [0, 2]),
              ("grpo_loss", (lp[2:3], mask[2:3], adv[2:3]), {}, [0, 2]),
              ("grpo_loss", (lp[:, :1], mask[:, :1], adv), {}, [0, 2])]
    return found
