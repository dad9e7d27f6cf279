"""Cart-pole speed, side by side in one run: ratios, not bare seconds.

(1) one seed of our training to the threshold (the provided trainer with the
    reference loss, stopping once the mean of the last 10 training episodes is
    >= 475) against Stable-Baselines3's PPO with rl-baselines3-zoo's tuned
    CartPole-v1 hyper-parameters, stopped at the same mark (median over seeds);
(2) the whole cart-pole grading check of one correct submission (all its seeds,
    the sandboxed worker, the grader's own evaluation) against the same SB3 run.
    Measured as `autograde grade` of the reference minus the same command with
    `--skip-slow`, so start-up and the unit tests cancel out.

Needs the optional dependency: ``.venv/bin/pip install -e '.[bench]'``.
Run: ``.venv/bin/python benchmarks/bench_cartpole.py [--seeds 3]``

With ``--baseline COMMIT`` (repeatable) it instead grades a correct ``ppo`` submission with
each commit's code and this checkout's, side by side in interleaved rounds on one core, and
prints the whole grade and the cart-pole check (whole minus ``--skip-slow``) with their
ratios (:func:`bench_capstone.side_by_side`; no SB3 needed), and the check's wall time less
this checkout's first-optimizer import (timed once a round: :func:`print_without_import`)::

    .venv/bin/python benchmarks/bench_cartpole.py --baseline e88df8b --baseline 24c18be --rounds 3
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from fresh import NO_REUSE, assert_fresh

import torch

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
torch.set_num_threads(1)

#: rl-baselines3-zoo, hyperparams/ppo.yml, CartPole-v1
ZOO = dict(n_steps=32, batch_size=256, gae_lambda=0.8, gamma=0.98, n_epochs=20, ent_coef=0.0)
ZOO_ENVS, ZOO_LR, ZOO_CLIP = 8, 1e-3, 0.2


def sb3_seconds(seed: int, budget: int = 100_000) -> tuple[float, int | None]:
    from stable_baselines3 import PPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.env_util import make_vec_env

    class StopAt475(BaseCallback):
        reached = None

        def _on_step(self) -> bool:
            lengths = [info["l"] for info in list(self.model.ep_info_buffer)[-10:]]
            if len(lengths) == 10 and sum(lengths) / 10 >= 475:
                StopAt475.reached = self.num_timesteps
                return False
            return True

    start = time.perf_counter()
    env = make_vec_env("CartPole-v1", n_envs=ZOO_ENVS, seed=seed)
    model = PPO("MlpPolicy", env, seed=seed, device="cpu", verbose=0,
                learning_rate=lambda f: f * ZOO_LR, clip_range=lambda f: f * ZOO_CLIP, **ZOO)
    StopAt475.reached = None
    model.learn(total_timesteps=budget, callback=StopAt475())
    return time.perf_counter() - start, StopAt475.reached


def ours_seconds(seed: int) -> tuple[float, int | None]:
    from autograder.authoring.course import get
    from autograder.engine.plugin import reference_module
    from autograder.training.modules import check_module

    rl_check = check_module(get("ppo"))

    loss = reference_module(get("ppo")).ppo_clip_loss
    start = time.perf_counter()
    out = rl_check.trainer().train_for_grading(loss, seed, **rl_check.train_kwargs())
    return time.perf_counter() - start, out["reached_at"]


#: the first torch.optim optimizer of a process: it imports torch._dynamo
OPTIMIZER_IMPORT = "first optimizer (torch._dynamo import), wall"


def optimizer_import_seconds(core: int) -> float:
    """Wall seconds of a fresh process's first ``torch.optim`` optimizer, pinned to ``core``
    (what ``engine.pool.warm_trainer`` pays before the first submission)."""
    code = ("import time, torch, torch.optim\nstart = time.perf_counter()\n"
            "torch.optim.Adam([torch.nn.Parameter(torch.zeros(1))])\n"
            "print(time.perf_counter() - start)")
    out = subprocess.run(["taskset", "-c", str(core), sys.executable, "-c", code], check=True,
                         capture_output=True, text=True).stdout
    return float(out)


def print_without_import(tables: dict) -> None:
    """The check's wall time with this checkout's first-optimizer import taken out, against
    each baseline's: a baseline that trained in the worker (24c18be) had its fork server
    import torch._dynamo in every run, ``--skip-slow`` too (``warm_imports``), so its
    whole-minus-skip-slow difference leaves that import out, while this checkout pays it
    only when a training check runs (``warm_trainer``), inside the difference."""
    check, imports = tables["cart-pole check, wall"], tables[OPTIMIZER_IMPORT]["this checkout"]
    ours = [c - i for c, i in zip(check["this checkout"], imports)]
    print(f"cart-pole check, wall, less the first optimizer's import: this checkout "
          f"{statistics.median(ours):.1f} s ({', '.join(f'{v:.1f}' for v in ours)})")
    for label, base in check.items():
        if label != "this checkout":
            ratios = [o / b for o, b in zip(ours, base)]
            print(f"cart-pole check, wall, less the first optimizer's import, this checkout / "
                  f"{label}: {statistics.median(ours) / statistics.median(base):.2f} "
                  f"[{min(ratios):.2f}-{max(ratios):.2f} per round]")


def grading_seconds(skip_slow: bool) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        sub = Path(tmp) / "alice"
        sub.mkdir()
        (sub / "ppo.py").write_text((ROOT / "solutions" / "ppo" / "ppo.py").read_text())
        cmd = [sys.executable, "-m", "autograder.cli", "grade", str(sub), "-a", "ppo",
               "--out", str(Path(tmp) / "out"), "--json", NO_REUSE] + (
                   ["--skip-slow"] if skip_slow else [])
        start = time.perf_counter()
        subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True)
        seconds = time.perf_counter() - start
        assert_fresh(Path(tmp) / "out")
        return seconds


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--baseline", metavar="COMMIT", action="append", default=[],
                        help="grade side by side with this commit's code instead (repeatable)")
    parser.add_argument("--rounds", type=int, default=3, help="with --baseline: repetitions")
    parser.add_argument("--core", type=int, default=0, help="with --baseline: the core to pin to")
    args = parser.parse_args()
    if args.baseline:
        from bench_capstone import side_by_side

        tables = side_by_side("ppo", "cart-pole", args.baseline, args.rounds, args.core,
                              also={OPTIMIZER_IMPORT: optimizer_import_seconds})
        print_without_import(tables)
        return
    n = args.seeds
    ours_seconds(0)          # warm both (first Adam, first env): not what we compare
    sb3_seconds(0, budget=2_000)
    ours, sb3 = [], []
    for seed in range(1, n + 1):
        ours.append(ours_seconds(seed))
        sb3.append(sb3_seconds(seed))
    check = grading_seconds(False) - grading_seconds(True)
    ours_t = statistics.median(t for t, _ in ours)
    sb3_t = statistics.median(t for t, _ in sb3)
    print(f"seeds: {n}")
    print("ours: steps to 475 " + ", ".join(str(r) for _, r in ours)
          + "; SB3 zoo: " + ", ".join(str(r) for _, r in sb3))
    print(f"(1) one seed to the threshold, ours / SB3 zoo (medians): {ours_t / sb3_t:.2f} "
          "(target <= 0.25)")
    print(f"(2) whole cart-pole grading check / SB3 zoo one seed: {check / sb3_t:.2f} "
          "(target <= 0.5)")


if __name__ == "__main__":
    main()
