"""The end-to-end check of this capstone (``grpo_lm``): does GRPO with YOUR functions teach?

The seed-by-seed frame is :mod:`autograder.training.rule` (shared with the
cart-pole check); calibrated by ``autograde calibrate grpo_lm`` (the table is in
docs/grpo_lm.md, summarised in the student README):

1. **Seeds** are the grader's, tried in order, at most :attr:`Rule.attempts`.
2. **Training** runs IN THE GRADER: the provided GRPO loop
   (``train_grpo.train_for_grading``, the grader's own copy, with its own model and
   optimiser) from the shipped base model, for :attr:`Rule.updates` updates at step size
   :attr:`Rule.learning_rate`. The student's ``verify`` (the reward) and ``tis_weights``
   (the engine correction) enter only as functions of the grader's inputs: each update asks
   the sandboxed worker once for ``verify`` on every completion of every group, and once
   for ``tis_weights`` (:mod:`autograder.training.remote`). ``group_advantages`` and
   ``grpo_loss`` are the ``grpo`` module shipped with the release, so a ``grpo`` bug is not
   charged twice.
3. **No hand-over**: the trained weights are the grader's own; no code of the worker's
   process (which the submission can rewrite) runs the loop.
4. **Judgement, in the grader**: the network is rebuilt from the trusted
   ``tinylm.py`` (exact names, shapes, finite values) and its accuracy measured
   on :attr:`Rule.eval_prompts` held-out prompts of the grader's own seed, with
   the REFERENCE verifier, by sampling (the policy's success rate). The seed
   succeeds if it beats the base model's accuracy on the same prompts by at
   least :attr:`Rule.min_gain`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Callable

import torch

from autograder.authoring.course import get as get_assignment
from autograder.engine.assertions import load_exact
from autograder.engine.mutants import bank
from autograder.engine.plugin import load_module, reference_module
from autograder.training import calibration, remote
from autograder.training.rule import Attempt, try_seeds
from autograder.training.rule import passed  # noqa: F401 - the check's API

ASSIGNMENT = Path(__file__).resolve().parent.name


@dataclass(frozen=True)
class Rule:
    seeds: tuple[int, ...]
    """The grader's training seeds, tried in order: ``[training] seeds`` of assignment.toml."""
    attempts: int
    """At most this many seeds; the submission passes as soon as one succeeds."""
    updates: int = 25
    """GRPO updates per seed (the README's full run: 300; docs/grpo_lm.md says why 25)."""
    learning_rate: float = 2e-4
    """Adam step size of the graded run: twice the loop's default, which learns faster in the
    first updates (README.md), all a short run uses."""
    eval_prompts: int = 400
    """Held-out prompts the grader samples one answer for, per measurement."""
    eval_seed: int = 4_040_404
    """Seed of the grader's prompts and sampling (never given to the worker)."""
    min_gain: float = 0.08
    """Accuracy points (as a fraction) the trained model must gain over the base model."""


RULE = Rule(seeds=get_assignment(ASSIGNMENT).settings.training.seeds,
            attempts=get_assignment(ASSIGNMENT).settings.training.attempts)


@dataclass
class RunAttempt(Attempt):
    base: float = 0.0
    after: float = 0.0
    rewards: list = field(default_factory=list)


def _assignment():
    return get_assignment(ASSIGNMENT)


@cache
def tinylm():
    """The trusted model code (the grader's own copy)."""
    return load_module(_assignment().source_dir / "tinylm.py", "_autograde_tinylm")


def base_weights() -> dict:
    path = _assignment().source_dir / "base_model.pt"
    return {k: v.float() for k, v in torch.load(path, weights_only=True).items()}


def rebuild(weights: dict):
    """The network from returned weights; ValueError if they do not fit exactly."""
    return load_exact(tinylm().TinyLM(), weights)


def accuracy(weights: dict, rule: Rule = RULE) -> float:
    """Sampled accuracy on the grader's held-out prompts, judged by the reference verifier."""
    verify = reference_module(_assignment()).verify
    return tinylm().accuracy(rebuild(weights), verify, n=rule.eval_prompts, seed=rule.eval_seed)


@cache
def base_accuracy(rule: Rule = RULE) -> float:
    return accuracy(base_weights(), rule)


def train_kwargs(rule: Rule = RULE) -> dict:
    return {"updates": rule.updates, "learning_rate": rule.learning_rate}


def judge(train_one: Callable[[int], dict], rule: Rule = RULE) -> list[RunAttempt]:
    """Apply the rule; ``train_one(seed)`` returns ``train_for_grading``'s dict."""
    def try_seed(seed: int) -> RunAttempt:
        attempt = RunAttempt(seed, base=base_accuracy(rule))
        out = train_one(seed)
        try:    # checked all the same: a calibration's or an experiment's loop may differ
            attempt.seconds = float(out.get("seconds", 0.0))
            attempt.rewards = [float(r) for r in out.get("rewards", [])][:10_000]
            attempt.after = accuracy(out["weights"], rule)
        except (ValueError, KeyError, TypeError, AttributeError, OverflowError) as exc:
            attempt.error = f"the training run's results do not fit ({str(exc)[:200]})"
        attempt.success = not attempt.error and attempt.after - attempt.base >= rule.min_gain
        return attempt

    return try_seeds(rule.seeds, rule.attempts, try_seed)


def summary(attempts: list[RunAttempt], rule: Rule = RULE) -> str:
    lines = []
    for a in attempts:
        verdict = "enough" if a.success else f"less than the {rule.min_gain:.0%} required"
        lines.append(f"seed {a.seed}: held-out accuracy {a.base:.1%} (base model) -> "
                     f"{a.after:.1%} after {rule.updates} updates ({verdict})"
                     + (f"; {a.error}" if a.error else ""))
    return "\n".join(lines)


def plot(attempts: list[RunAttempt], path: Path, rule: Rule = RULE) -> Path:
    """Training reward per update (mean of 10), one line per seed, with the accuracies."""
    import matplotlib

    matplotlib.use("Agg")
    import numpy as np
    from matplotlib import pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 3.6), dpi=100)
    for a in attempts:
        if a.rewards:
            r = np.array(a.rewards)
            smooth = np.convolve(r, np.ones(10) / 10, mode="valid") if len(r) >= 10 else r
            ax.plot(np.arange(len(smooth)) + (len(r) - len(smooth)) + 1, smooth,
                    label=f"seed {a.seed}: held-out {a.base:.0%} -> {a.after:.0%}")
    ax.set_xlabel("GRPO update")
    ax.set_ylabel("training reward (mean of 10 updates)")
    ax.set_ylim(0, 1)
    ax.set_title("GRPO with your verify and tis_weights")
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)
    return path


@cache
def grpo_loop():
    """The trusted GRPO loop (``train_grpo.py``) for runs in the grader's own processes
    (calibration, experiments); appended to the path, so it shadows nothing."""
    import sys

    here = str(_assignment().source_dir)
    if here not in sys.path:
        sys.path.append(here)
    import train_grpo

    return train_grpo


def calibration_seed(label: str, seed: int, rule: Rule = RULE) -> dict:
    """One attempt with the reference functions (or a named mistake of the bank), here."""
    import time

    start = time.perf_counter()
    torch.set_num_threads(1)
    ref = reference_module(_assignment())
    fns = {"verify": ref.verify, "tis_weights": ref.tis_weights}
    if label != "reference":
        loaded = next(m for m in bank(_assignment()) if m.name == label).load()
        fns = {k: loaded.get(k, v) for k, v in fns.items()}
    case = remote.case_of("GRPO", seed)            # a grade's route, without the sandbox
    verify = remote.Local(fns["verify"])
    out = grpo_loop().train_for_grading(
        None, remote.tis_weights(remote.Local(fns["tis_weights"]), case), base_weights(), seed,
        verify_batch=lambda texts, problems: [float(verify(t, a, b))
                                              for t, (a, b) in zip(texts, problems)],
        **train_kwargs(rule))
    after = accuracy(out["weights"], rule)
    return {"label": label, "seed": seed, "base": base_accuracy(rule),
            "after": after, "success": after - base_accuracy(rule) >= rule.min_gain,
            "seconds": time.perf_counter() - start}


def calibrate(labels: dict[str, int], jobs: int = 2, first_seed: int = 1000,
              on_done=lambda r: None, executor=None) -> list[dict]:
    """``labels`` maps "reference" or mutant names to numbers of calibration seeds;
    ``executor``: where the seeds run (default: a local pool of ``jobs`` processes)."""
    if executor is None:
        base_accuracy()          # once, before forking (a cluster's workers find their own)
    return calibration.run(calibration_seed, labels, jobs, first_seed, on_done, executor)


def calibration_table(results: list[dict], command: str = "", rule: Rule = RULE) -> str:
    """Markdown: per label, seeds passed with a 95 % interval, accuracy after, wall time."""
    import statistics

    lines = [f"Measured with `{command}`." if command else "", "",
             "| functions | seeds | passed | pass rate (95 % interval) | held-out accuracy "
             "after (min / median / max) | mean wall time per seed |", "|---|---|---|---|---|---|"]
    for label, mine in calibration.by_label(results).items():
        after = sorted(r["after"] for r in mine)
        lines.append(f"| {label} | {len(mine)} | {calibration.pass_rate(mine)} | {after[0]:.1%} / "
                     f"{statistics.median(after):.1%} / {after[-1]:.1%} | "
                     f"{statistics.fmean(r['seconds'] for r in mine):.0f} s |")
    base = results[0]["base"] if results else 0.0
    bound = calibration.false_fail_bound(results, rule.attempts)
    if bound:
        lines += ["", f"Base model: {base:.1%} on the grader's {rule.eval_prompts} prompts; a "
                  f"seed passes at {base + rule.min_gain:.1%} or more ({rule.min_gain:.0%} "
                  f"above). A correct submission fails only if all {rule.attempts} seeds fail: "
                  f"at most {bound[1]:.2%} (the upper end of the per-seed failure interval, "
                  f"{bound[0]:.1%}, to the power {rule.attempts})."]
    return "\n".join(lines).strip() + "\n"
