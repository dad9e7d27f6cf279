"""Random calls of every graded function, drawn from the contract's shapes (``(T,)`` and
``(T, N)``, T = 1 included) with episodes ended by termination, truncation or both: the mutation
benchmark (benchmarks/bench_mutation.py) calls the reference and each mutant on them to tell an
equivalent mutant from one the hidden suite must kill. No gradient is promised (``wrt`` empty)."""
import torch


def calls(g: torch.Generator, dtype: torch.dtype) -> list[tuple[str, tuple, dict, list]]:
    """(function, args, kwargs, wrt) of one random draw."""
    T = int(torch.randint(1, 16, (), generator=g))
    shape = (T,) if bool(torch.rand((), generator=g) < 0.5) else (T, int(torch.randint(1, 5, (), generator=g)))
    draw = lambda: torch.randn(shape, generator=g, dtype=torch.float64).to(dtype)  # noqa: E731
    rewards, values, next_values = draw(), draw() + 0.5, draw()
    terminated = torch.rand(shape, generator=g) < 0.2
    truncated = torch.rand(shape, generator=g) < 0.2
    gamma, lam = (float(x) for x in torch.rand(2, generator=g, dtype=torch.float64))
    calls = [("td_residuals", (rewards, values, next_values, terminated, gamma), {}, [])]
    for lam_ in (lam, 0.0, 1.0):
        calls.append(("compute_gae", (rewards, values, next_values, terminated, truncated,
                                      gamma, lam_), {}, []))
    return calls
