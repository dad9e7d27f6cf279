"""Random calls of every graded function, drawn from the contract's shapes and ranges (the loss
of one episode and of a (T, N) batch): the mutation benchmark (benchmarks/bench_mutation.py)
calls the reference and each mutant on them to tell an equivalent mutant from one the hidden
suite must kill. Rewards come dense and sparse (mostly 0, as in Pong). ``wrt``: the arguments
whose gradients the contract speaks of (none flow into returns or a baseline)."""
import torch


def calls(g: torch.Generator, dtype: torch.dtype) -> list[tuple[str, tuple, dict, list]]:
    """(function, args, kwargs, wrt) of one random draw."""
    T = int(torch.randint(1, 30, (), generator=g))
    K = int(torch.randint(2, 7, (), generator=g))
    gamma = float(torch.rand((), generator=g, dtype=torch.float64))
    rewards = torch.randn(T, generator=g, dtype=torch.float64).to(dtype)
    logits = (torch.randn(K, generator=g, dtype=torch.float64) * 3).to(dtype)
    action = int(torch.randint(0, K, (), generator=g))
    ret = float(torch.randn((), generator=g, dtype=torch.float64) * 5)
    lr = float(torch.rand((), generator=g, dtype=torch.float64))
    lp = (-torch.rand(T, generator=g, dtype=torch.float64) * 3).to(dtype)
    returns = (torch.randn(T, generator=g, dtype=torch.float64) * 4).to(dtype)
    baselines = [None, float(torch.randn((), generator=g)), returns.mean(),
                 torch.randn(T, generator=g, dtype=torch.float64).to(dtype)]
    N = int(torch.randint(1, 5, (), generator=g))       # a (T, N) batch, one baseline per column
    lp_batch = (-torch.rand(T, N, generator=g, dtype=torch.float64) * 3).to(dtype)
    returns_batch = (torch.randn(T, N, generator=g, dtype=torch.float64) * 4).to(dtype)
    batch_baseline = torch.randn(N, generator=g, dtype=torch.float64).to(dtype)
    probs = torch.softmax(torch.randn(K, generator=g, dtype=torch.float64), 0).to(dtype)
    arm_returns = (torch.randn(K, generator=g, dtype=torch.float64) * 5).to(dtype)
    sparse = rewards * (torch.rand(T, generator=g) < 0.3).to(dtype)    # mostly 0, as in Pong
    return ([("discounted_returns", (rewards, gamma), {}, []),
             ("discounted_returns", (rewards, 1.0), {}, []),
             ("discounted_returns", (sparse, gamma), {}, []),
             ("softmax_logprob_grad", (logits, action), {}, []),
             ("reinforce_update", (logits, action, ret, lr), {}, [])]
            + [("reinforce_loss", (lp, returns, b), {}, [0, 1] + ([2] if torch.is_tensor(b) else []))
               for b in baselines]
            + [("reinforce_loss", (lp_batch, returns_batch, batch_baseline), {}, [0, 1, 2])]
            + [("logit_grad_estimate_stats", (probs, arm_returns, float(b), c), {}, [])
               for b, c in ((0.0, action), (float(arm_returns.mean()), (action + 1) % K))])
