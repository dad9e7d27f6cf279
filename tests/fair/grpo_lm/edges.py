"""The edge cases the docstrings of `grpo_lm` speak of, for the fairness bank's differential
test (tests/fairness.py): right and wrong answers of the text, junk and values that are not
strings, identical log-probs, log-ratios of +-200 (exp rounds to 0 below), a cap that binds,
padding of -inf on both sides, a response that is all padding."""
import math

import torch

VERIFY = [("17×20+17×4=340+68=408.", 17, 24), ("17×20+17×4=340+58=398.", 17, 24),
          ("408", 17, 24), ("=0408.", 17, 24), ("=408.5", 17, 24), ("4=3=2=1=408.", 17, 24),
          ("=408", 17, 24), ("=408..", 17, 24), ("= 408.", 17, 24), ("=+408.", 17, 24),
          ("=-408.", 17, 24), ("", 17, 24), ("=", 17, 24), ("=.", 17, 24), ("=408\n", 17, 24),
          ("=" + "9" * 400 + ".", 17, 24), ("=1e3.", 10, 100), ("=٤٠٨.", 17, 24),
          ("=408.\x00", 17, 24), (None, 17, 24), (408, 17, 24), (408.0, 17, 24),
          (b"=408.", 17, 24), (["=408."], 17, 24), ("=100.", 10, 10), ("=0.", 10, 0),
          ("=9,801.", 99, 99), ("=1,649", 17, 97), ("=408.\n", 17, 24)]


def calls(dtype):
    t = lambda *rows: torch.tensor(rows, dtype=torch.float64).to(dtype)  # noqa: E731
    found = [("verify", case, {}, []) for case in VERIFY]
    inf = math.inf
    lp_t = t([0.5, 0.8], [0.5, 0.8]).log()
    lp_r = t([0.5, 0.4], [0.1, 0.8]).log()
    everything = torch.ones(2, 2, dtype=torch.bool)
    mask = torch.tensor([[True, True], [True, False], [False, False]])
    found += [("tis_weights", (lp_t, lp_r, everything), {"cap": 3.0}, [0]),
              ("tis_weights", (lp_t, lp_r, everything, 1.7), {}, [0]),    # not a float32 number
              ("tis_weights", (lp_t, lp_t.clone(), everything, 2.0), {}, [0]),
              ("tis_weights", (t([99.0, 99.0], [-101.0, -101.0], [-1.0, 0.0]),
                               t([-1.0, -1.0], [-1.0, -1.0], [-1.0, -300.0]),
                               torch.tensor([[True, True], [True, True], [True, False]]), 2.0), {}, [0]),
              ("tis_weights", (t([-0.5, -inf], [-0.2, -inf], [-inf, -inf]),
                               t([-0.7, -inf], [-0.1, inf], [5.0, -inf]), mask, 2.0), {}, [0]),
              ("tis_weights", (t([-0.5, 40.0], [-0.2, 40.0], [40.0, 40.0]),
                               t([-0.7, -40.0], [-0.1, -40.0], [-40.0, -40.0]), mask), {}, [0])]
    return found
