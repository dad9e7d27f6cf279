"""Random calls of every graded function, drawn from the contract's shapes: ratios from far
below to far above the band, both signs of the advantage, several epsilons. The mutation
benchmark (benchmarks/bench_mutation.py) calls the reference and each mutant on them to tell an
equivalent mutant from one the hidden suite must kill. ``wrt``: the arguments whose gradients the
contract speaks of."""
import torch


def calls(g: torch.Generator, dtype: torch.dtype) -> list[tuple[str, tuple, dict, list]]:
    """(function, args, kwargs, wrt) of one random draw."""
    B = int(torch.randint(1, 40, (), generator=g))
    eps = float(torch.rand((), generator=g, dtype=torch.float64) * 0.4 + 0.05)
    ratio = torch.exp(torch.randn(B, generator=g, dtype=torch.float64) * 0.8).to(dtype)
    adv = torch.randn(B, generator=g, dtype=torch.float64).to(dtype)
    old = (-torch.rand(B, generator=g, dtype=torch.float64) * 4).to(dtype)
    new = (old.double() + 0.6 * torch.randn(B, generator=g, dtype=torch.float64)).to(dtype)
    return [("clipped_surrogate", (ratio, adv, eps), {}, [0]),
            ("clipped_surrogate", (ratio, adv), {}, [0]),
            ("ppo_clip_loss", (new, old, adv, eps), {}, [0, 1, 2]),
            ("ppo_clip_loss", (new, old, adv), {}, [0, 1, 2]),
            ("approx_kl", (old, new), {}, [])]
