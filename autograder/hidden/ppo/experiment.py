"""``autograde experiment cartpole``: the course text's cart-pole experiment, reproduced.

Four methods on CartPole-v1 with the provided trainer (``solutions/ppo/cartpole.py``)
and the reference functions, ``--seeds`` runs each, ``--steps`` env steps each:

=========================  ===========================================================
method                     how it is run
=========================  ===========================================================
REINFORCE                  one gradient step per batch on -mean(log pi * G_t), no critic
                           (``use_values=False``, lambda 1), lr 1e-2
REINFORCE with baseline    the same with A_t = G_t - V(s_t) from a learned value net
PPO                        the assignment's configuration, reference ``ppo_clip_loss``
PPO without clipping       the same loss with eps = infinity (the plain surrogate r * A)
=========================  ===========================================================

Writes, into ``--out`` (default ``docs/``): ``cartpole-experiment.md`` (the text's table:
first env step with a mean of the last 10 episodes >= 475, and the final mean, per seed;
KL per update; the gradient-variance measurement) and the figures
``cartpole-curves.png`` and ``cartpole-kl.png``.

The gradient-variance measurement: 40 independent batches of 1,000 steps of the same
initial (random) policy, REINFORCE's gradient of each w.r.t. the policy's parameters,
and the trace of their covariance, without and with a constant baseline (the mean return).
"""
from __future__ import annotations

import math
import statistics
from dataclasses import replace
from pathlib import Path

import numpy as np
import torch

from autograder.authoring.course import get
from autograder.engine.plugin import reference_module
from autograder.training.modules import check_module
from autograder.training.rule import moving_mean

ASSIGNMENT = Path(__file__).resolve().parent.name


def trainer():
    """The trusted cart-pole trainer, as the assignment's training check loads it."""
    return check_module(get(ASSIGNMENT)).trainer()

THRESHOLD = 475.0
TEXT_TABLE = {   # the course text's results, for comparison (runs 1, 2, 3)
    "REINFORCE": (("-", "-", "-"), (463, 333, 348)),
    "REINFORCE with baseline": (("90 000", "80 000", "-"), (488, 500, 404)),
    "PPO": (("30 000", "20 000", "20 000"), (500, 500, 500)),
    "PPO without clipping": (("100 000", "30 000", "50 000"), (494, 44, 500)),
}


def methods() -> dict:
    """name -> (config changes, policy loss)."""
    ppo = reference_module(get(ASSIGNMENT))

    def reinforce_loss(logp_new, logp_old, advantages, clip_eps):
        return -(logp_new * advantages).mean()

    one_step = {"epochs": 1, "minibatch_size": 2_000, "steps_per_update": 2_000,
                "learning_rate": 1e-2, "gae_lambda": 1.0, "normalize_advantages": False}
    return {
        "REINFORCE": ({**one_step, "use_values": False}, reinforce_loss),
        "REINFORCE with baseline": (one_step, reinforce_loss),
        "PPO": ({}, ppo.ppo_clip_loss),
        "PPO without clipping": ({"clip_eps": math.inf}, ppo.ppo_clip_loss),
    }


def run_one(name: str, seed: int, steps: int) -> dict:
    torch.set_num_threads(1)
    changes, loss = methods()[name]
    cartpole = trainer()
    config = replace(cartpole.Config(), seed=seed, total_steps=steps, **changes)
    kl = reference_module(get(ASSIGNMENT)).approx_kl
    _, _, history = cartpole.train(loss, config, kl_estimate=kl)
    steps_axis, means = moving_mean(history.episodes)
    first = next((s for s, m in zip(steps_axis, means) if m >= THRESHOLD), None)
    return {"method": name, "seed": seed, "first": first, "final": means[-1] if means else 0.0,
            "curve": list(zip(steps_axis, means)),
            "kl": [u["approx_kl"] for u in history.updates], "seconds": history.seconds}


def gradient_variance(batches: int = 40, steps: int = 1_000, seed: int = 0,
                      gamma: float = 0.99) -> dict:
    """Trace of the covariance of REINFORCE's gradient estimate, without / with a baseline."""
    import gymnasium as gym

    discounted_returns = reference_module(get("reinforce")).discounted_returns
    cartpole = trainer()
    torch.manual_seed(seed)
    policy = cartpole.mlp(32, 2)
    env = gym.make("CartPole-v1")
    obs, _ = env.reset(seed=seed)
    samples = []                      # per batch: (obs, actions, returns)
    for _ in range(batches):
        b_obs, b_act, b_ret, episode_rewards = [], [], [], []
        for _ in range(steps):
            with torch.no_grad():
                probs = torch.softmax(policy(torch.as_tensor(obs, dtype=torch.float32)), -1)
            action = int(torch.multinomial(probs, 1))
            b_obs.append(obs)
            b_act.append(action)
            obs, reward, terminated, truncated, _ = env.step(action)
            episode_rewards.append(reward)
            if terminated or truncated:
                b_ret += discounted_returns(torch.tensor(episode_rewards), gamma).tolist()
                episode_rewards = []
                obs, _ = env.reset()
        if episode_rewards:           # the batch ends mid-episode: returns so far
            b_ret += discounted_returns(torch.tensor(episode_rewards), gamma).tolist()
        samples.append((torch.as_tensor(np.array(b_obs), dtype=torch.float32),
                        torch.tensor(b_act), torch.tensor(b_ret, dtype=torch.float32)))
    env.close()
    baseline = float(torch.cat([r for _, _, r in samples]).mean())

    def trace(b: float) -> float:
        grads = []
        for o, a, r in samples:
            logp = torch.log_softmax(policy(o), -1).gather(-1, a[:, None]).squeeze(-1)
            loss = -(logp * (r - b)).mean()
            g = torch.autograd.grad(loss, list(policy.parameters()))
            grads.append(torch.cat([x.reshape(-1) for x in g]))
        g = torch.stack(grads)
        return float(g.var(dim=0, unbiased=True).sum())

    without, with_baseline = trace(0.0), trace(baseline)
    return {"without": without, "with": with_baseline, "baseline": baseline,
            "reduction": 1 - with_baseline / without}


def figures(results: list[dict], out: Path, steps: int) -> list[Path]:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    curves = out / "cartpole-curves.png"
    fig, ax = plt.subplots(figsize=(7, 4), dpi=100)
    for i, name in enumerate(dict.fromkeys(r["method"] for r in results)):
        color = f"C{i}"
        for r in [r for r in results if r["method"] == name]:
            xs, ys = zip(*r["curve"]) if r["curve"] else ((), ())
            ax.plot(xs, ys, color=color, alpha=0.35, linewidth=0.8)
        grid = np.linspace(0, steps, 101)
        runs = [np.interp(grid, *zip(*r["curve"])) for r in results
                if r["method"] == name and r["curve"]]
        if runs:
            ax.plot(grid, np.mean(runs, axis=0), color=color, linewidth=2, label=name)
    ax.axhline(THRESHOLD, color="grey", linestyle="--", linewidth=1)
    ax.set_xlabel("environment steps")
    ax.set_ylabel("episode length (mean of last 10)")
    ax.set_ylim(0, 510)
    ax.legend(fontsize=8)
    ax.set_title("CartPole-v1: thick = mean of the runs, thin = single runs")
    fig.tight_layout()
    fig.savefig(curves)
    plt.close(fig)

    kl_path = out / "cartpole-kl.png"
    fig, ax = plt.subplots(figsize=(7, 3.5), dpi=100)
    for name in ("PPO", "PPO without clipping"):
        first = next((r for r in results if r["method"] == name), None)
        if first and first["kl"]:
            ax.plot(range(1, len(first["kl"]) + 1), np.maximum(np.abs(first["kl"]), 1e-6),
                    marker=".", label=f"{name} (first seed)")
    ax.set_yscale("log")
    ax.set_xlabel("update")
    ax.set_ylabel("KL(old || new) estimate, nat")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(kl_path)
    plt.close(fig)
    return [curves, kl_path]


def _steps(value) -> str:
    return "-" if value is None else f"{value:,}"


def report(results: list[dict], variance: dict, command: str) -> str:
    names = list(dict.fromkeys(r["method"] for r in results))
    lines = [f"Measured with `{command}`.", "",
             "| method | first step with mean >= 475 (run 1 / 2 / 3) | final mean | "
             "the text: first | the text: final |", "|---|---|---|---|---|"]
    for name in names:
        runs = sorted((r for r in results if r["method"] == name), key=lambda r: r["seed"])
        text_first, text_final = TEXT_TABLE.get(name, (("?",) * 3, ("?",) * 3))
        firsts = " / ".join(_steps(r["first"]) for r in runs)
        finals = " / ".join(f"{r['final']:.0f}" for r in runs)
        lines.append(f"| {name} | {firsts} | {finals} | {' / '.join(text_first)} | "
                     f"{' / '.join(map(str, text_final))} |")
    lines += ["", "KL between the old and the new policy after each update (all runs):", "",
              "| method | mean | max | the text |", "|---|---|---|---|"]
    for name, text in (("PPO", "mean 0.014, max 0.06"),
                       ("PPO without clipping", "mean 5.5, up to 25")):
        kls = [k for r in results if r["method"] == name for k in r["kl"]]
        if kls:
            lines.append(f"| {name} | {statistics.fmean(kls):.3f} | {max(kls):.3f} | {text} |")
    lines += ["", "Gradient variance of REINFORCE at the initial policy (40 batches of "
              "1,000 steps; trace of the covariance of the gradient estimate):", "",
              "| | without baseline | constant baseline (mean return) | reduction |",
              "|---|---|---|---|",
              f"| ours | {variance['without']:.3f} | {variance['with']:.3f} | "
              f"{variance['reduction']:.0%} |",
              "| the text | 0.177 | 0.131 | 26% |", "",
              "![learning curves](cartpole-curves.png)", "",
              "![KL per update](cartpole-kl.png)", ""]
    return "\n".join(lines)


def runs(seeds: int, **options) -> int:
    """How many training runs :func:`run` makes (for a progress bar)."""
    return seeds * len(methods())


def describe(result: dict) -> str:
    return f"{result['method']} seed {result['seed']}"


def run(seeds: int = 3, steps: int = 100_000, out: Path = Path("docs"), jobs: int = 2,
        command: str = "", on_done=lambda r: None, executor=None) -> Path:
    """Every method's runs and the variance estimate, in a local pool of ``jobs`` processes
    or on ``executor`` (a cluster's: ``autograde experiment --cluster``)."""
    from concurrent.futures import as_completed

    from autograder.training.calibration import pool as runs_pool

    out.mkdir(parents=True, exist_ok=True)
    work = [(name, seed) for name in methods() for seed in range(seeds)]
    results = []
    with runs_pool(jobs, executor) as pool:
        futures = [pool.submit(run_one, name, seed, steps) for name, seed in work]
        variance_future = pool.submit(gradient_variance)
        for future in as_completed(futures):
            results.append(future.result())
            on_done(results[-1])
        variance = variance_future.result()
    results.sort(key=lambda r: (list(methods()).index(r["method"]), r["seed"]))
    figures(results, out, steps)
    path = out / "cartpole-experiment.md"
    path.write_text("# The course text's cart-pole experiment, reproduced\n\n"
                    "Generated by `autograde experiment cartpole`; see docs/cartpole.md for "
                    "how our numbers compare with the text's.\n\n" + report(results, variance, command))
    return path
