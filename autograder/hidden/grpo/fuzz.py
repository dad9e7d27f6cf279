"""Random calls of every graded function, drawn from the contract's shapes: groups of binary
or real rewards (all-equal groups and G = 1 included), padded responses whose padding holds junk
or -inf. The mutation benchmark (benchmarks/bench_mutation.py) calls the reference and each mutant
on them to tell an equivalent mutant from one the hidden suite must kill. ``wrt``: the arguments
whose gradients the contract speaks of (none flow into the advantages)."""
import torch


def calls(g: torch.Generator, dtype: torch.dtype) -> list[tuple[str, tuple, dict, list]]:
    """(function, args, kwargs, wrt) of one random draw."""
    P, G = (int(x) for x in torch.randint(1, 7, (2,), generator=g))
    rewards = torch.randn(P, G, generator=g, dtype=torch.float64)
    if bool(torch.rand((), generator=g) < 0.5):
        rewards = (rewards > 0).to(torch.float64)
    # one all-equal group, of a value whose float32 mean is not exact (0.9 * 3 / 3 != 0.9)
    rewards[0] = (0.0, 1.0, 0.1, 0.3, 0.9, 1000.1)[int(torch.randint(0, 6, (), generator=g))]
    rewards = rewards.to(dtype)
    eps = float(10 ** -float(torch.randint(1, 8, (), generator=g)))
    N, L = (int(x) for x in torch.randint(1, 7, (2,), generator=g))
    lengths = torch.randint(1, L + 1, (N,), generator=g)
    mask = torch.arange(L).expand(N, L) < lengths[:, None]
    pad = float("-inf") if bool(torch.rand((), generator=g) < 0.5) else 3.0
    lp = torch.where(mask, -torch.rand(N, L, generator=g, dtype=torch.float64) * 3,
                     torch.full((N, L), pad, dtype=torch.float64)).to(dtype)
    adv = torch.randn(N, generator=g, dtype=torch.float64).to(dtype)
    return [("group_advantages", (rewards,), {}, []),
            ("group_advantages", (rewards, True), {}, []),
            ("group_advantages", (rewards,), {"normalize_std": True, "eps": eps}, []),
            ("sequence_logprob", (lp, mask), {}, []),
            ("grpo_loss", (lp, mask, adv), {}, [0, 2])]
