"""GRPO on the tiny multiplier, with a separate rollout engine (provided code, not graded).

One update, in the course text's words made code:

1. **Roll out.** Take ``prompts_per_update`` training prompts ``a×b=``; the
   rollout engine writes ``group_size`` completions of each (sampling at
   temperature 1) and reports the log-probability it gave every token.
2. **Score.** Your ``verify`` gives each completion 1.0 or 0.0.
3. **Compare within the group.** ``group_advantages`` (from the ``grpo``
   assignment) subtracts each prompt's mean reward: right answers in a group
   that also has wrong ones are pushed up, wrong ones down, and a group that
   is all right or all wrong teaches nothing.
4. **Correct for the engine.** The engine is not the trainer: its weights are
   rounded to lower precision and may be a few updates old, so it samples from
   a slightly different distribution. ``tis_weights`` turns the trainer's and
   the engine's log-probs into one truncated importance weight per completion,
   which scales that completion's advantage (``tis_cap=None`` switches this off).
5. **Step.** ``grpo_loss`` (from ``grpo``) on the trainer's token log-probs;
   one Adam step; the engine receives the new weights (``engine_lag`` updates
   later).

Accuracy is measured on held-out prompts that neither the warm-up nor GRPO
ever trains on: the fraction answered exactly right, by sampling (the policy's
own success rate, what GRPO maximises) and greedily.

Shapes: ``P`` prompts, ``G`` completions each, ``N = P * G``, ``C`` completion
positions.
"""
from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field, replace
from pathlib import Path

import torch

import tinylm

try:
    import grpo                 # shipped with this release (the reference; or put your own here)
except ImportError:             # the instructor's tree: solutions/grpo beside solutions/grpo_lm
    import sys

    sys.path.append(str(Path(__file__).resolve().parents[1] / "grpo"))   # after the cwd: no shadowing
    import grpo

BASE_WEIGHTS = Path(__file__).with_name("base_model.pt")


@dataclass
class Config:
    """One GRPO run (defaults: the run reported in README.md)."""

    seed: int = 0
    """Seeds the prompts drawn and the engine's sampling."""
    updates: int = 300
    """Optimiser steps."""
    prompts_per_update: int = 16
    """P: prompts per update."""
    group_size: int = 8
    """G: completions per prompt (the group)."""
    learning_rate: float = 1e-4
    """Adam step size (2e-4 learns faster at first, then wobbles; see README.md)."""
    normalize_std: bool = False
    """Passed to ``group_advantages``."""
    engine_dtype: str = "bfloat16"
    """The rollout engine's weights are rounded to this dtype ("float32": exact copy)."""
    engine_lag: int = 0
    """The engine samples with weights this many updates old (asynchronous set-ups)."""
    tis_cap: float | None = 2.0
    """Cap of the truncated importance weights; None: no correction (weights of 1)."""
    eval_every: int = 50
    """Measure held-out accuracy every this many updates (0: only at the end)."""
    eval_prompts: int = 200
    """Held-out prompts per measurement."""


def load_base() -> tinylm.TinyLM:
    """The shipped base model (``make_base.py`` regenerates it)."""
    model = tinylm.TinyLM()
    state = torch.load(BASE_WEIGHTS, weights_only=True)
    model.load_state_dict({k: v.float() for k, v in state.items()})
    return model


class RolloutEngine:
    """A separate copy of the policy that only samples, like vLLM beside a trainer.

    Its weights are the trainer's rounded to ``dtype`` and ``lag`` updates old.
    """

    def __init__(self, trainer: tinylm.TinyLM, dtype: str = "bfloat16", lag: int = 0):
        self.dtype = getattr(torch, dtype)
        self.model = tinylm.TinyLM(trainer.cfg)
        self.model.load_state_dict(self._rounded(trainer))    # starts from the trainer's weights
        self.pending = deque()
        self.lag = lag

    def _rounded(self, trainer: tinylm.TinyLM) -> dict:
        return {k: v.detach().to(self.dtype).float() for k, v in trainer.state_dict().items()}

    def receive(self, trainer: tinylm.TinyLM) -> None:
        """Queue the trainer's current weights; load the ones ``lag`` updates old."""
        self.pending.append(self._rounded(trainer))
        while len(self.pending) > self.lag:
            self.model.load_state_dict(self.pending.popleft())

    def sample(self, prompt_ids, generator):
        return tinylm.sample(self.model, prompt_ids, generator=generator)


@dataclass
class History:
    curve: list = field(default_factory=list)     # (update, sampled acc, greedy acc)
    rewards: list = field(default_factory=list)   # mean training reward per update
    weights: list = field(default_factory=list)   # mean / max TIS weight per update
    seconds: float = 0.0


def train(verify, group_advantages, grpo_loss, tis_weights, config: Config = Config(),
          model: tinylm.TinyLM | None = None, measure_accuracy: bool = True,
          verify_batch=None, stop=None):
    """Run GRPO from the base model (or ``model``); return ``(model, history)``.

    ``measure_accuracy=False`` skips the held-out measurements (the grader makes its own).
    ``verify_batch(texts, problems) -> list of rewards``, if given, scores all the
    completions of an update at once instead of one ``verify`` call each (the grader asks
    its sandbox once per update this way). ``stop(update, model) -> bool``, if given, is asked
    after every update; True ends the run there (the grader's early look).
    """
    start = time.perf_counter()
    torch.manual_seed(config.seed)
    model = model or load_base()
    engine = RolloutEngine(model, config.engine_dtype, config.engine_lag)
    optimizer = torch.optim.Adam(model.parameters(), lr=config.learning_rate)
    generator = torch.Generator().manual_seed(config.seed)
    history = History()
    P, G = config.prompts_per_update, config.group_size

    def measure(update):
        if not measure_accuracy:
            return
        model.eval()
        history.curve.append((update, tinylm.accuracy(model, verify, config.eval_prompts),
                              tinylm.accuracy(model, verify, config.eval_prompts, greedy=True)))

    measure(0)
    for update in range(1, config.updates + 1):
        # ---- 1. roll out G completions of P training prompts with the engine ----------------
        pairs = tinylm.problems(P, seed=config.seed * 1_000_003 + update)
        prompt_ids = tinylm.batch_prompts(pairs).repeat_interleave(G, dim=0)        # (N, 6)
        completion_ids, mask, logp_rollout = engine.sample(prompt_ids, generator)   # (N, C)

        # ---- 2. score and 3. compare within each group -------------------------------------
        texts = tinylm.answers(completion_ids)
        problems = [p for p in pairs for _ in range(G)]
        rewards = torch.tensor(verify_batch(texts, problems) if verify_batch is not None else
                               [float(verify(t, a, b)) for t, (a, b) in zip(texts, problems)])
        advantages = group_advantages(rewards.view(P, G), config.normalize_std).reshape(-1)

        # ---- 4. the trainer's own log-probs, and the engine correction --------------------
        model.train()
        logp_trainer = tinylm.token_logprobs(model, prompt_ids, completion_ids)   # (N, C)
        if config.tis_cap is not None:
            w = tis_weights(logp_trainer, logp_rollout, mask, config.tis_cap)       # (N,)
            advantages = advantages * w
            history.weights.append((float(w.mean()), float(w.max())))

        # ---- 5. one step, then the engine gets the new weights ----------------------------
        loss = grpo_loss(logp_trainer, mask, advantages)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        engine.receive(model)
        history.rewards.append(float(rewards.mean()))
        if (config.eval_every and update % config.eval_every == 0) or update == config.updates:
            measure(update)
        if stop is not None and stop(update, model):
            break
    history.seconds = time.perf_counter() - start
    return model, history


def quick(config: Config = Config(), **changes):
    """Train with ``grpo_lm.py``'s functions (yours, in the release) and ``grpo``'s."""
    import grpo_lm

    return train(grpo_lm.verify, grpo.group_advantages, grpo.grpo_loss, grpo_lm.tis_weights,
                 replace(config, **changes))


def train_for_grading(verify, tis_weights, base_weights: dict, seed: int, updates: int,
                      engine_lag: int = 0, learning_rate: float = Config.learning_rate,
                      verify_batch=None, stop=None) -> dict:
    """The grader's entry point: GRPO with the student's ``verify`` and ``tis_weights``.

    Runs in the grader's own process: your functions are asked for their values, one
    exchange per update for ``verify`` (``verify_batch``) and one for ``tis_weights``.
    ``group_advantages`` and ``grpo_loss`` come from the ``grpo`` module shipped with this
    release. ``stop``: see :func:`train` (the grader's early look at the accuracy). Returns
    the trained weights and the training rewards (one per update run); the grader measures
    accuracy itself.
    """
    torch.set_num_threads(1)
    model = tinylm.TinyLM()
    model.load_state_dict({k: v.float() for k, v in base_weights.items()})
    config = replace(Config(), seed=seed, updates=updates, engine_lag=engine_lag, eval_every=0,
                     learning_rate=learning_rate)
    model, history = train(verify, grpo.group_advantages, grpo.grpo_loss, tis_weights, config,
                           model=model, measure_accuracy=False, verify_batch=verify_batch,
                           stop=stop)
    return {"weights": {k: v.detach().clone() for k, v in model.state_dict().items()},
            "rewards": history.rewards, "seconds": history.seconds}


def main() -> None:
    """``python train_grpo.py [SEED ...]``: the full run of README.md, one line per seed."""
    import sys

    torch.set_num_threads(2)
    for seed in [int(s) for s in sys.argv[1:]] or [0, 1, 2]:
        _, history = quick(seed=seed)
        (_, s0, g0), (_, s1, g1) = history.curve[0], history.curve[-1]
        print(f"seed {seed}: held-out accuracy sampled {s0:.1%} -> {s1:.1%}, greedy {g0:.1%} -> "
              f"{g1:.1%}, {len(history.rewards)} updates, {history.seconds:.0f} s", flush=True)


if __name__ == "__main__":
    main()
