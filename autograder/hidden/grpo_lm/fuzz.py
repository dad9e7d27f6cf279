"""Random calls of every graded function: completions in the worked format, right, wrong and
mangled (extra dots, signs, spaces, leading zeros, no '='), values that are not strings; padded
log-probs with junk or -inf in the padding and rows of padding only. The mutation benchmark
(benchmarks/bench_mutation.py) calls the reference and each mutant on them to tell an equivalent
mutant from one the hidden suite must kill. ``wrt``: the weights are detached."""
import torch

MANGLE = ["{z}.", "{z}", "{z}..", "0{z}.", "+{z}.", " {z}.", "{z} .", "{z}.5", "", ".", "{w}.",
          "{z}.\n", "-{z}.", "{z}0."]


def calls(g: torch.Generator, dtype: torch.dtype) -> list[tuple[str, tuple, dict, list]]:
    """(function, args, kwargs, wrt) of one random draw."""
    a, b = (int(x) for x in torch.randint(10, 100, (2,), generator=g))
    t, u = b - b % 10, b % 10
    tail = MANGLE[int(torch.randint(0, len(MANGLE), (), generator=g))]
    answer = tail.format(z=a * b, w=a * b + int(torch.randint(1, 9, (), generator=g)))
    work = f"{a}×{t}+{a}×{u}={a * t}+{a * u}=" if bool(torch.rand((), generator=g) < 0.8) else "="
    odd = [None, a * b, float(a * b), f"{a * b}.", f"{a}×{b}", "=" * int(torch.randint(1, 4, (), generator=g))]
    N, L = (int(x) for x in torch.randint(1, 6, (2,), generator=g))
    lengths = torch.randint(0, L + 1, (N,), generator=g)
    mask = torch.arange(L).expand(N, L) < lengths[:, None]
    pad = float("-inf") if bool(torch.rand((), generator=g) < 0.5) else 4.0
    rollout = -torch.rand(N, L, generator=g, dtype=torch.float64) * 2
    trainer = rollout + torch.randn(N, L, generator=g, dtype=torch.float64) * 0.8
    lp_t = torch.where(mask, trainer, torch.full_like(trainer, pad)).to(dtype)
    lp_r = torch.where(mask, rollout, torch.full_like(rollout, -pad)).to(dtype)
    cap = float(torch.rand((), generator=g) * 3 + 0.5)
    return [("verify", (work + answer, a, b), {}, []),
            ("verify", (odd[int(torch.randint(0, len(odd), (), generator=g))], a, b), {}, []),
            ("verify", (work + f"{a * b}.", b, a), {}, []),
            ("tis_weights", (lp_t, lp_r, mask, cap), {}, [0]),
            ("tis_weights", (lp_t, lp_r, mask), {}, [0])]
