"""Hyper-parameter sweep of the provided cart-pole trainer (how docs/cartpole.md chose its settings).

Each setting is a comma-separated list of Config fields; every seed trains with the
reference loss until the training mean reaches 475 (or 100 k steps), then the policy
is evaluated greedily over 100 episodes, as the grading rule does. Prints, per
setting: median and worst steps to 475, median and worst exchanges per seed (calls of
the loss until the run stops: each is one exchange with the sandboxed worker in a
grade), median and worst wall time per seed (two seeds run side by side, so times are
comparable within one run only), and how many evaluations fell below 475.

Run: ``.venv/bin/python benchmarks/sweep_cartpole.py --seeds 300:340 \\
      "num_envs=8,minibatch_size=250,learning_rate=6e-3" "num_envs=2,minibatch_size=100,learning_rate=2e-3"``
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import replace
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def parse(setting: str) -> dict:
    out = {}
    for item in filter(None, setting.split(",")):
        key, value = item.split("=")
        out[key.strip()] = float(value) if any(c in value for c in ".e") else int(value)
    return out


def one(job):
    import torch

    from autograder.authoring.course import get
    from autograder.engine.plugin import reference_module
    from autograder.training.modules import check_module

    rl_check = check_module(get("ppo"))

    setting, seed = job
    torch.set_num_threads(1)
    cartpole = rl_check.trainer()
    config = replace(cartpole.Config(), seed=seed, stop_at_mean=475, abort_at=10_000,
                     **parse(setting))
    loss, calls = reference_module(get("ppo")).ppo_clip_loss, []

    def counted(*args):
        calls.append(1)
        return loss(*args)

    start = time.perf_counter()
    policy, _, history = cartpole.train(counted, config)
    seconds = time.perf_counter() - start
    return setting, history.reached_at, seconds, rl_check.evaluate(policy), len(calls)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("settings", nargs="+")
    parser.add_argument("--seeds", default="100:108", help="FIRST:END")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    lo, hi = map(int, args.seeds.split(":"))
    with Pool(args.jobs) as pool:
        results = pool.map(one, [(s, seed) for s in args.settings for seed in range(lo, hi)],
                           chunksize=1)
    for setting in args.settings:
        mine = [r for r in results if r[0] == setting]
        steps = [r[1] or 10 ** 6 for r in mine]
        times = [r[2] for r in mine]
        exchanges = [r[4] for r in mine]
        print(f"{setting or 'defaults'}: median steps {statistics.median(steps):,.0f}, "
              f"worst {max(steps):,}; exchanges median {statistics.median(exchanges):,.0f}, "
              f"worst {max(exchanges):,}; median {statistics.median(times):.2f} s, worst "
              f"{max(times):.2f} s; evaluation < 475: {sum(r[3] < 475 for r in mine)}/{len(mine)}")


if __name__ == "__main__":
    main()
