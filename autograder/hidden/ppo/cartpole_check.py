"""The cart-pole success check of this assignment (``ppo``): the whole rule, in one place.

An RL check is stochastic, so the rule is fixed here (its seed-by-seed frame is
:mod:`autograder.training.rule`, shared with every training check) and calibrated
by ``autograde calibrate ppo`` (the table is in docs/cartpole.md):

1. **Seeds** are the grader's: :attr:`Rule.seeds`, tried in order, at most
   :attr:`Rule.attempts` of them.
2. **Training**: for each seed, the provided trainer (``solutions/ppo/cartpole.py``,
   reference GAE) runs IN THE GRADER, with the grader's own networks and optimiser, for
   at most :attr:`Rule.budget` environment steps, and stops early once the mean length
   of the last 10 training episodes reaches 475. The student's ``ppo_clip_loss`` enters
   only as a function of the grader's minibatches: each minibatch makes one exchange with
   the sandboxed worker, which answers the loss's value and its gradient with respect to
   ``logp_new``; the grader backpropagates that gradient through its own policy network
   (:mod:`autograder.training.remote`). The run gives up at :attr:`Rule.abort_at` steps if
   that mean is below :attr:`Rule.abort_below`, i.e. worse than a random policy (about 22
   steps): a loss that learns in the wrong direction fails in seconds, not minutes.
3. **No hand-over**: the weights and the learning curve are the grader's own; no code of
   the worker's process (which the submission can rewrite) runs the trainer.
4. **Judgement, in the grader**: the policy is run greedily on :attr:`Rule.eval_episodes`
   fresh episodes of the grader's own ``CartPole-v1``, with seeds the worker never saw.
   The seed succeeds if their mean length is at least :attr:`Rule.threshold`
   (gymnasium's ``reward_threshold`` for v1): a lucky streak cannot pass 100
   episodes.
5. The submission **passes** as soon as one seed succeeds.

Everything the check needs from the trainer (the network's shape) comes from
the trusted course module, loaded here, never from the worker.
"""
from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np
import torch

from autograder.authoring.course import get as get_assignment
from autograder.engine.assertions import load_exact
from autograder.engine.mutants import bank
from autograder.engine.plugin import load_module, reference_module
from autograder.training import calibration, remote
from autograder.training.rule import Attempt, try_seeds
from autograder.training.rule import moving_mean, passed, wilson  # noqa: F401 - the check's API

ASSIGNMENT = Path(__file__).resolve().parent.name


@dataclass(frozen=True)
class Rule:
    seeds: tuple[int, ...]
    """The grader's training seeds, tried in order: ``[training] seeds`` of assignment.toml."""
    attempts: int
    """At most this many seeds; the submission passes as soon as one succeeds."""
    budget: int = 100_000
    """Environment steps per seed (the course text gives every method 100 k)."""
    abort_at: int = 10_000
    """Env step at which a run that is worse than random gives up."""
    abort_below: float = 15.0
    """Mean length (last 10 episodes) below which it gives up; a random policy gets ~22."""
    eval_episodes: int = 100
    """Greedy evaluation episodes per seed, on the grader's side."""
    eval_seed: int = 777_000
    """Seed of the grader's evaluation environments (never given to the worker)."""
    threshold: float = 475.0
    """Mean episode length that counts as solved: gymnasium's CartPole-v1 threshold."""


RULE = Rule(seeds=get_assignment(ASSIGNMENT).settings.training.seeds,
            attempts=get_assignment(ASSIGNMENT).settings.training.attempts)


@dataclass
class CartpoleAttempt(Attempt):
    reached_at: int | None = None          # env step where the training mean hit 475
    aborted_at: int | None = None          # env step where a hopeless run gave up
    steps: int = 0
    eval_mean: float = 0.0
    episodes: list = field(default_factory=list)


def trainer():
    """The trusted provided trainer (the grader's own copy)."""
    return load_module(get_assignment(ASSIGNMENT).source_dir / "cartpole.py", "_autograde_cartpole")


def rebuild_policy(weights: dict, hidden: int) -> torch.nn.Module:
    """The policy network from returned weights; ValueError if they do not fit exactly."""
    return load_exact(trainer().mlp(int(hidden), 2), weights)


def evaluate(policy: torch.nn.Module, rule: Rule = RULE) -> float:
    """Mean greedy episode length over ``rule.eval_episodes`` grader-seeded episodes."""
    lengths = trainer().evaluate(policy, episodes=rule.eval_episodes, seed=rule.eval_seed,
                                 greedy=True)
    return float(np.mean(lengths))


def train_kwargs(rule: Rule = RULE) -> dict:
    """The keyword arguments of ``cartpole.train_for_grading`` that the rule fixes."""
    return {"total_steps": rule.budget, "abort_at": rule.abort_at, "abort_below": rule.abort_below}


def judge(train_one: Callable[[int], dict], rule: Rule = RULE,
          on_attempt: Callable[[CartpoleAttempt], None] = lambda a: None) -> list[CartpoleAttempt]:
    """Apply the rule; ``train_one(seed)`` returns the trainer's ``train_for_grading`` dict
    (of the grader's own trainer: a grade's run, or a calibration's)."""
    def try_seed(seed: int) -> CartpoleAttempt:
        attempt = CartpoleAttempt(seed)
        out = train_one(seed)
        try:    # checked all the same: a calibration's or an experiment's trainer may differ
            attempt.reached_at = _count(out.get("reached_at"))
            attempt.aborted_at = _count(out.get("aborted_at"))
            attempt.steps = int(out.get("steps", 0))
            attempt.seconds = float(out.get("seconds", 0.0))
            attempt.episodes = [(int(s), int(n)) for s, n in out.get("episodes", [])][:100_000]
            attempt.eval_mean = evaluate(rebuild_policy(out["weights"], out.get("hidden", 32)), rule)
        except (ValueError, KeyError, TypeError, AttributeError, OverflowError) as exc:
            attempt.error = f"the training run's results do not fit ({str(exc)[:200]})"
        attempt.success = not attempt.error and attempt.eval_mean >= rule.threshold
        return attempt

    return try_seeds(rule.seeds, rule.attempts, try_seed, on_attempt)


def _count(value) -> int | None:
    return None if value is None else int(value)


def summary(attempts: list[CartpoleAttempt], rule: Rule = RULE) -> str:
    lines = []
    for a in attempts:
        if getattr(a, "reached_at", None):
            reached = f"training mean reached 475 at {a.reached_at:,} steps"
        elif getattr(a, "aborted_at", None):
            reached = (f"stopped at {a.aborted_at:,} steps: episodes were shorter than a random "
                       "policy's (is the loss's sign right? is the ratio new/old?)")
        else:
            reached = f"training mean never reached 475 in {getattr(a, 'steps', 0):,} steps"
        verdict = "solved" if a.success else "not solved"
        lines.append(f"seed {a.seed}: {reached}; greedy evaluation over {rule.eval_episodes} "
                     f"episodes: mean length {getattr(a, 'eval_mean', 0.0):.1f} ({verdict})"
                     + (f"; {a.error}" if a.error else ""))
    return "\n".join(lines)


def plot(attempts: list[CartpoleAttempt], path: Path, rule: Rule = RULE, title: str = "") -> Path:
    """The learning curve(s) as SVG: mean of the last 10 episode lengths vs env steps, one line
    per seed, the success threshold dashed."""
    from autograder.review import charts

    series = [(f"seed {a.seed} ({'solved' if a.success else 'not solved'})",
               *moving_mean(a.episodes)) for a in attempts if getattr(a, "episodes", None)]
    return charts.write_svg(path, charts.line_chart(
        title or "CartPole-v1 with your ppo_clip_loss", "environment steps",
        "episode length (mean of last 10)", series, (0, rule.budget), (0, 510),
        hline=(rule.threshold, f"{rule.threshold:g} (success)")))


# -- calibration (autograde calibrate ppo) --------------------------------------------------

def _loss(label: str):
    assignment = get_assignment(ASSIGNMENT)
    if label == "reference":
        return reference_module(assignment).ppo_clip_loss
    return next(m for m in bank(assignment) if m.name == label).load()["ppo_clip_loss"]


def calibration_seed(label: str, seed: int, rule: Rule = RULE) -> dict:
    """One attempt of the rule for ``label`` (in a pool process), without the sandbox."""
    torch.set_num_threads(1)
    start = time.perf_counter()
    case = remote.case_of("cart-pole", seed)       # a grade's route, without the sandbox
    out = trainer().train_for_grading(remote.policy_loss(remote.Local(_loss(label)), case), seed,
                                      **train_kwargs(rule))
    eval_mean = evaluate(rebuild_policy(out["weights"], out["hidden"]), rule)
    return {"label": label, "seed": seed, "success": eval_mean >= rule.threshold,
            "reached_at": out["reached_at"], "aborted_at": out["aborted_at"],
            "eval_mean": eval_mean, "seconds": time.perf_counter() - start}


def calibrate(labels: dict[str, int], jobs: int = 2, first_seed: int = 1000,
              on_done=lambda r: None, executor=None) -> list[dict]:
    return calibration.run(calibration_seed, labels, jobs, first_seed, on_done, executor)


def calibration_table(results: list[dict], command: str = "", rule: Rule = RULE) -> str:
    """Markdown: per loss, seeds passed with a 95 % interval, median steps, wall time."""
    lines = [f"Measured with `{command}`." if command else "", "",
             "| loss | seeds | passed | pass rate (95 % interval) | median steps to 475 | "
             "mean wall time per seed |", "|---|---|---|---|---|---|"]
    for label, mine in calibration.by_label(results).items():
        reached = [r["reached_at"] for r in mine if r["reached_at"]]
        median = f"{statistics.median(reached):,.0f}" if reached else "never"
        lines.append(f"| {label} | {len(mine)} | {calibration.pass_rate(mine)} | {median} | "
                     f"{statistics.fmean(r['seconds'] for r in mine):.1f} s |")
    bound = calibration.false_fail_bound(results, rule.attempts)
    if bound:
        lines += ["", f"A correct submission fails the rule only if all {rule.attempts} of its "
                  f"seeds fail: at most {bound[1]:.3%} (the upper end of the reference's "
                  f"per-seed failure interval, {bound[0]:.1%}, to the power {rule.attempts})."]
    return "\n".join(lines).strip() + "\n"
