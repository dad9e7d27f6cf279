"""The edge cases the docstrings of `reinforce` speak of, for the fairness bank's differential
test (tests/fairness.py): episodes of one step, gamma 0 and 1, the cart-pole episode, extreme
logits, one action, a return of 0, (T, N) batches with every kind of baseline, a policy that
never takes an action."""
import torch


def calls(dtype):
    t = lambda *v: torch.tensor(v, dtype=torch.float64).to(dtype)  # noqa: E731
    lp = -torch.rand(6, 3, generator=torch.Generator().manual_seed(1), dtype=torch.float64).to(dtype)
    ret = torch.randn(6, 3, generator=torch.Generator().manual_seed(2), dtype=torch.float64).to(dtype)
    return [
        ("discounted_returns", (t(2.5), 0.7), {}, []),
        ("discounted_returns", (t(1.0, 2.0, 3.0, -1.0), 0.0), {}, []),
        ("discounted_returns", (t(1.0, 2.0, 3.0, -1.0), 1.0), {}, []),
        ("discounted_returns", (torch.ones(500, dtype=dtype), 0.99), {}, []),
        ("softmax_logprob_grad", (t(1000.0, 0.0), 1), {}, []),
        ("softmax_logprob_grad", (t(-5.0, 800.0, 3.0), 0), {}, []),
        ("softmax_logprob_grad", (t(1.5), 0), {}, []),
        ("reinforce_update", (t(0.1, -0.4, 0.9), 1, 0.0, 0.1), {}, []),
        ("reinforce_update", (t(1.5), 0, 4.0, 0.5), {}, []),
        ("reinforce_update", (t(0.0, 0.0), 1, 10.0, 0.1), {}, []),
        ("reinforce_loss", (lp[:1, 0], ret[:1, 0]), {}, [0]),
        ("reinforce_loss", (lp, ret), {}, [0, 1]),
        ("reinforce_loss", (lp, ret, 0.3), {}, [0, 1]),          # 0.3: not a float32 number
        ("reinforce_loss", (lp, ret, ret.mean(dim=0)), {}, [0, 1, 2]),
        ("reinforce_loss", (lp, ret, ret.mean(dim=0, keepdim=True)), {}, [0, 1, 2]),
        ("reinforce_loss", (lp, ret, ret.mean()), {}, [0, 1, 2]),
        ("reinforce_loss", (lp, ret, ret.mean(dim=1, keepdim=True)), {}, [0, 1, 2]),
        ("reinforce_loss", (lp[:, 0], ret[:, 0], t(0.3)), {}, [0, 1, 2]),
        ("reinforce_loss", (lp[:, :1], ret[:, :1], ret[:, 0].mean().reshape(1)), {}, [0, 1, 2]),
        ("logit_grad_estimate_stats", (t(0.5, 0.5), t(10.0, 12.0), 11.0, 1), {}, []),
        ("logit_grad_estimate_stats", (t(1.0, 0.0, 0.0), t(3.0, -1.0, 2.0), 0.5, 2), {}, []),
        ("logit_grad_estimate_stats", (t(1.0), t(4.0), 0.0, 0), {}, []),
    ]
