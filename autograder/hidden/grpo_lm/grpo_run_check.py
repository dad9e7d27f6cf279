"""The end-to-end check of this capstone (``grpo_lm``): does GRPO with YOUR functions teach?

The seed-by-seed frame is :mod:`autograder.training.rule` (shared with the
cart-pole check); calibrated by ``autograde calibrate grpo_lm`` (the table is in
docs/grpo_lm.md, summarised in the student README):

1. **Seeds** are the grader's, tried in order, at most :attr:`Rule.attempts`.
2. **Training** runs IN THE GRADER: the provided GRPO loop
   (``train_grpo.train_for_grading``, the grader's own copy, with its own model and
   optimiser) from the shipped base model, for at most :attr:`Rule.updates` updates at step size
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
   the REFERENCE verifier, by sampling (the policy's success rate), against the
   base model's on the same prompts and the same random draws (a paired comparison).
5. **Two looks**: after :attr:`Rule.look_at` updates the grader measures once; a gain of
   :attr:`Rule.look_gain` or more passes the seed there and ends its run (:func:`stop_at_look`).
   Otherwise the run goes on to :attr:`Rule.updates`, where the seed passes with a gain of
   :attr:`Rule.min_gain`. The look can only add passes to the full run's rule, seed by seed,
   and it asks for more gain per update than the full run does (0.5 points against 0.32).
"""
from __future__ import annotations

import hashlib
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
    """GRPO updates per seed at most (the README's full run: 300; docs/grpo_lm.md says why 25)."""
    look_at: int = 10
    """Updates after which the grader looks once (docs/grpo_lm.md says why 10)."""
    look_gain: float = 0.05
    """Accuracy points (as a fraction) that pass a seed at the look and end its run there."""
    learning_rate: float = 2e-4
    """Adam step size of the graded run: twice the loop's default, which learns faster in the
    first updates (README.md), all a short run uses."""
    eval_prompts: int = 400
    """Held-out prompts the grader samples one answer for, per measurement."""
    eval_seed: int = 4_040_404
    """Seed of the grader's prompts and sampling (never given to the worker)."""
    min_gain: float = 0.08
    """Accuracy points (as a fraction) a seed not passed at the look must gain in all
    :attr:`updates`."""


RULE = Rule(seeds=get_assignment(ASSIGNMENT).settings.training.seeds,
            attempts=get_assignment(ASSIGNMENT).settings.training.attempts)


@dataclass
class RunAttempt(Attempt):
    base: float = 0.0
    after: float = 0.0
    rewards: list = field(default_factory=list)
    updates: int = 0        #: updates run: the rule's look, or all of them


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


_MEASURED: dict[tuple, float] = {}     # the look's measurement, found again by the judge


def accuracy(weights: dict, rule: Rule = RULE) -> float:
    """Sampled accuracy on the grader's held-out prompts, judged by the reference verifier;
    measured once per set of weights (the look's weights are the judge's, when it stopped)."""
    rebuilt = rebuild(weights)
    digest = hashlib.blake2b(digest_size=16)
    for name, value in rebuilt.state_dict().items():
        digest.update(name.encode())
        digest.update(value.numpy().tobytes())
    key = (digest.digest(), rule.eval_prompts, rule.eval_seed)
    if key not in _MEASURED:
        verify = reference_module(_assignment()).verify
        if len(_MEASURED) >= 8:
            _MEASURED.clear()
        _MEASURED[key] = tinylm().accuracy(rebuilt, verify, n=rule.eval_prompts,
                                           seed=rule.eval_seed)
    return _MEASURED[key]


@cache
def base_accuracy(rule: Rule = RULE) -> float:
    return accuracy(base_weights(), rule)


def stop_at_look(rule: Rule = RULE) -> Callable:
    """The loop's ``stop``: at update :attr:`Rule.look_at`, True if the accuracy already rose
    by :attr:`Rule.look_gain` (the judge then finds the same measurement)."""
    def stop(update: int, model) -> bool:
        return update == rule.look_at and enough(accuracy(model.state_dict(), rule),
                                                 rule.look_gain, rule)

    return stop


def train_kwargs(rule: Rule = RULE) -> dict:
    return {"updates": rule.updates, "learning_rate": rule.learning_rate,
            "stop": stop_at_look(rule)}


def enough(after: float, gain: float, rule: Rule = RULE) -> bool:
    """Is ``after`` at least ``gain`` above the base model's accuracy? (Accuracies are counts
    of prompts: a gain of exactly the mark, 20 prompts of 400, passes despite rounding.)"""
    return round((after - base_accuracy(rule)) * rule.eval_prompts) \
        >= round(gain * rule.eval_prompts)


def required(updates: int, rule: Rule = RULE) -> float | None:
    """The gain a run of ``updates`` updates needs: the look's, the full run's, or None (a run
    of any other length, which the grader's loop never returns)."""
    return {rule.look_at: rule.look_gain, rule.updates: rule.min_gain}.get(updates)


def judge(train_one: Callable[[int], dict], rule: Rule = RULE) -> list[RunAttempt]:
    """Apply the rule; ``train_one(seed)`` returns ``train_for_grading``'s dict."""
    def try_seed(seed: int) -> RunAttempt:
        attempt = RunAttempt(seed, base=base_accuracy(rule))
        out = train_one(seed)
        try:    # checked all the same: a calibration's or an experiment's loop may differ
            attempt.seconds = float(out.get("seconds", 0.0))
            attempt.rewards = [float(r) for r in out.get("rewards", [])][:10_000]
            attempt.updates = len(attempt.rewards)
            attempt.after = accuracy(out["weights"], rule)
            if required(attempt.updates, rule) is None:
                raise ValueError(f"{attempt.updates} updates, neither the look's "
                                 f"{rule.look_at} nor the run's {rule.updates}")
        except (ValueError, KeyError, TypeError, AttributeError, OverflowError) as exc:
            attempt.error = f"the training run's results do not fit ({str(exc)[:200]})"
        attempt.success = not attempt.error and enough(attempt.after,
                                                       required(attempt.updates, rule), rule)
        return attempt

    return try_seeds(rule.seeds, rule.attempts, try_seed)


def summary(attempts: list[RunAttempt], rule: Rule = RULE) -> str:
    lines = []
    for a in attempts:
        if a.error:
            lines.append(f"seed {a.seed}: {a.error}")
            continue
        verdict = ("enough" if a.success else
                   f"less than the {rule.min_gain:.0%} required after {rule.updates} updates, "
                   f"and less than the {rule.look_gain:.0%} required at the look after {rule.look_at}")
        lines.append(f"seed {a.seed}: held-out accuracy {a.base:.1%} (base model) -> "
                     f"{a.after:.1%} after {a.updates} updates ({verdict})")
    return "\n".join(lines)


def plot(attempts: list[RunAttempt], path: Path, rule: Rule = RULE) -> Path:
    """Training reward per update as SVG, one line per seed, with the accuracies; a dotted
    line at the look."""
    from autograder.review import charts

    series = [(f"seed {a.seed}: held-out {a.base:.0%} -> {a.after:.0%} after {a.updates} updates",
               list(range(1, len(a.rewards) + 1)), a.rewards) for a in attempts if a.rewards]
    longest = max((len(a.rewards) for a in attempts if a.rewards), default=rule.look_at)
    return charts.write_svg(path, charts.line_chart(
        "GRPO with your verify and tis_weights", "GRPO update",
        "training reward (mean of the update)", series, (0, max(longest, rule.look_at) + 1),
        (0, 1), vline=rule.look_at, markers=True))


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

    start = time.process_time()        # CPU: one thread; a shared machine's wall time wanders
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
    after, updates = accuracy(out["weights"], rule), len(out["rewards"])
    return {"label": label, "seed": seed, "base": base_accuracy(rule), "after": after,
            "updates": updates, "success": enough(after, required(updates, rule), rule),
            "seconds": time.process_time() - start}


def calibrate(labels: dict[str, int], jobs: int = 2, first_seed: int = 1000,
              on_done=lambda r: None, executor=None) -> list[dict]:
    """``labels`` maps "reference" or mutant names to numbers of calibration seeds;
    ``executor``: where the seeds run (default: a local pool of ``jobs`` processes)."""
    if executor is None:
        base_accuracy()          # once, before forking (a cluster's workers find their own)
    return calibration.run(calibration_seed, labels, jobs, first_seed, on_done, executor)


def calibration_table(results: list[dict], command: str = "", rule: Rule = RULE) -> str:
    """Markdown: per label, seeds passed with a 95 % interval, accuracy after, CPU time, and
    the seeds that passed at the look."""
    import statistics

    lines = [f"Measured with `{command}`." if command else "", "",
             "| functions | seeds | passed | pass rate (95 % interval) | held-out accuracy "
             "after (min / median / max) | mean CPU time per seed | passed at the look "
             f"({rule.look_at} updates) |", "|---|---|---|---|---|---|---|"]
    for label, mine in calibration.by_label(results).items():
        after = sorted(r["after"] for r in mine)
        early = sum(r["success"] and r.get("updates") == rule.look_at for r in mine)
        lines.append(f"| {label} | {len(mine)} | {calibration.pass_rate(mine)} | {after[0]:.1%} / "
                     f"{statistics.median(after):.1%} / {after[-1]:.1%} | "
                     f"{statistics.fmean(r['seconds'] for r in mine):.1f} s | {early} |")
    base = results[0]["base"] if results else 0.0
    bound = calibration.false_fail_bound(results, rule.attempts)
    if bound:
        lines += ["", f"Base model: {base:.1%} on the grader's {rule.eval_prompts} prompts; a "
                  f"seed passes at {base + rule.look_gain:.1%} or more after {rule.look_at} "
                  f"updates ({rule.look_gain:.0%} above), else at "
                  f"{base + rule.min_gain:.1%} or more after {rule.updates} "
                  f"({rule.min_gain:.0%} above). A correct submission fails only if all {rule.attempts} seeds fail: "
                  f"at most {bound[1]:.2%} (the upper end of the per-seed failure interval, "
                  f"{bound[0]:.1%}, to the power {rule.attempts})."]
    return "\n".join(lines).strip() + "\n"
