"""``autograde calibrate ppo``: measure the cart-pole rule's pass rates.

For the reference loss and for named mistakes from the bank, each calibration
seed is one attempt of the rule (:mod:`autograder.rl_check`): train with
``train_for_grading`` under the rule's budget and abort, rebuild the policy,
evaluate it greedily in the grader's environment. The table gives each one's
per-seed pass rate with a 95 % (Wilson) interval and the mean wall time of a
seed; the rule's own failure rate for a correct submission follows, since the
rule tries up to ``Rule.attempts`` independent seeds: P(fail) = p_fail ** attempts.

The code calibrated is ours (reference, mutants), so it runs here, in a pool of
processes, without the sandbox. Calibration seeds (1000, 1001, ...) are not
the grading seeds.
"""
from __future__ import annotations

import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

from . import rl_check

#: the mistakes calibrated by default (see hidden/ppo/mutants/)
DEFAULT_MUTANTS = ("never_clips", "max_instead_of_min", "ratio_inverted", "loss_sign",
                   "clips_advantage")
START, END = "<!-- calibration:start -->", "<!-- calibration:end -->"


@dataclass
class Row:
    label: str
    seeds: int
    passes: int
    seconds: float
    median_reached: float | None

    @property
    def interval(self) -> tuple[float, float]:
        return rl_check.wilson(self.passes, self.seeds)


def _loss(label: str):
    from .course import get
    from .mutants import bank
    from .plugin import reference_module

    assignment = get("ppo")
    if label == "reference":
        return reference_module(assignment).ppo_clip_loss
    return next(m for m in bank(assignment) if m.name == label).load()["ppo_clip_loss"]


def one_seed(label: str, seed: int, rule: rl_check.Rule = rl_check.RULE) -> dict:
    """One attempt of the rule for ``label`` (in a pool process)."""
    import torch

    torch.set_num_threads(1)
    start = time.perf_counter()
    out = rl_check.trainer().train_for_grading(_loss(label), seed, **rl_check.train_kwargs(rule))
    eval_mean = rl_check.evaluate(rl_check.rebuild_policy(out["weights"], out["hidden"]), rule)
    return {"label": label, "seed": seed, "success": eval_mean >= rule.threshold,
            "reached_at": out["reached_at"], "aborted_at": out["aborted_at"],
            "eval_mean": eval_mean, "seconds": time.perf_counter() - start}


def run(labels: dict[str, int], jobs: int = 2, first_seed: int = 1000,
        on_done=lambda r: None) -> list[dict]:
    """``labels`` maps reference / mutant names to their number of seeds."""
    import multiprocessing as mp

    work = [(label, first_seed + i) for label, n in labels.items() for i in range(n)]
    results = []
    with ProcessPoolExecutor(max_workers=jobs, mp_context=mp.get_context("fork")) as pool:
        for future in as_completed([pool.submit(one_seed, label, seed) for label, seed in work]):
            results.append(future.result())
            on_done(results[-1])
    return results


def table(results: list[dict]) -> list[Row]:
    import statistics

    rows = []
    for label in dict.fromkeys(r["label"] for r in results):
        mine = [r for r in results if r["label"] == label]
        reached = [r["reached_at"] for r in mine if r["reached_at"]]
        rows.append(Row(label, len(mine), sum(r["success"] for r in mine),
                        statistics.fmean(r["seconds"] for r in mine),
                        statistics.median(reached) if reached else None))
    return rows


def markdown(rows: list[Row], rule: rl_check.Rule = rl_check.RULE, command: str = "") -> str:
    lines = [f"Measured with `{command}`." if command else "",
             "",
             "| loss | seeds | passed | pass rate (95 % interval) | median steps to 475 | "
             "mean wall time per seed |",
             "|---|---|---|---|---|---|"]
    for r in rows:
        lo, hi = r.interval
        reached = f"{r.median_reached:,.0f}" if r.median_reached else "never"
        lines.append(f"| {r.label} | {r.seeds} | {r.passes} | {r.passes / r.seeds:.1%} "
                     f"({lo:.1%} to {hi:.1%}) | {reached} | {r.seconds:.1f} s |")
    ref = next((r for r in rows if r.label == "reference"), None)
    if ref:
        fail_hi = 1 - ref.interval[0]
        lines += ["", f"A correct submission fails the rule only if all {rule.attempts} of its "
                  f"seeds fail: at most {fail_hi ** rule.attempts:.3%} (the upper end of the "
                  f"reference's per-seed failure interval, {fail_hi:.1%}, to the power "
                  f"{rule.attempts})."]
    return "\n".join(lines).strip() + "\n"


def write_docs(path: Path, text: str) -> None:
    """Replace the table between the calibration markers of ``path``."""
    doc = path.read_text()
    if START not in doc or END not in doc:
        raise ValueError(f"{path} has no {START} ... {END} section")
    head, rest = doc.split(START, 1)
    _, tail = rest.split(END, 1)
    path.write_text(f"{head}{START}\n{text}{END}{tail}")
