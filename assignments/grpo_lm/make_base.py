"""Regenerate ``base_model.pt``: the supervised warm-up that makes the imperfect base model.

Run it from this folder: ``python make_base.py`` (about a minute on two CPU
cores; deterministic: the same file every time on the same torch version).

The warm-up is ordinary next-character prediction on worked examples from the
training side of :func:`tinylm.problems`. It stops early on purpose, after
:data:`STEPS` steps: the model has learned the format and most of the digit
work, but still slips in the partial products and the sum often enough that
GRPO has something to fix. Held-out pairs are never seen.
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

import torch

import tinylm

STEPS = 800          #: optimiser steps
BATCH = 128          #: worked examples per step
SLIP_RATE = 0.4      #: fraction of worked examples with one wrong digit (a "slip")
LR = 3e-3            #: AdamW step size, cosine-decayed to 10 % over the run
SEED = 0
OUT = Path(__file__).with_name("base_model.pt")


def with_slip(a: int, b: int, rng: random.Random) -> str:
    """A worked answer with one wrong digit in a partial product or in the sum.

    A slip in a partial product carries through honestly to the sum, like the
    texts' rollout A (``340 + 58 = 398``); a slip in the sum only changes the sum.
    """
    t, u = b - b % 10, b % 10
    x, y = a * t, a * u
    which = rng.randrange(3)
    number = str((x, y, x + y)[which])
    pos = rng.randrange(len(number))
    digits = "123456789" if pos == 0 and len(number) > 1 else "0123456789"
    wrong = int(number[:pos] + rng.choice(digits.replace(number[pos], "")) + number[pos + 1:])
    if which == 0:
        x = wrong
    elif which == 1:
        y = wrong
    z = wrong if which == 2 else x + y
    return f"{a}×{t}+{a}×{u}={x}+{y}={z}."


def examples(pairs, rng: random.Random | None = None, slip_rate: float = 0.0):
    """Full sequences (B, MAX_LEN) padded with the end token, and the loss mask (B, MAX_LEN - 1).

    With ``slip_rate``, that fraction of the answers carries one wrong digit.
    """
    ids = torch.full((len(pairs), tinylm.MAX_LEN), tinylm.END)
    mask = torch.zeros(len(pairs), tinylm.MAX_LEN - 1, dtype=torch.bool)
    for i, (a, b) in enumerate(pairs):
        slip = rng is not None and rng.random() < slip_rate
        answer = with_slip(a, b, rng) if slip else tinylm.worked(a, b)
        p, c = tinylm.encode(tinylm.prompt(a, b)), tinylm.encode(answer)
        ids[i, :len(p) + len(c)] = torch.tensor(p + c)
        mask[i, len(p) - 1:len(p) + len(c) - 1] = True     # predict the completion, end included
    return ids, mask


def warm_up(steps: int = STEPS, seed: int = SEED, batch: int = BATCH, lr: float = LR,
            slip_rate: float = SLIP_RATE, log=lambda step, loss: None) -> tinylm.TinyLM:
    torch.manual_seed(seed)
    rng = random.Random(seed)
    model = tinylm.TinyLM()
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.01)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, steps, eta_min=lr / 10)
    for step in range(steps):
        ids, mask = examples(tinylm.problems(batch, seed=seed * 1_000_003 + step), rng, slip_rate)
        logits = model(ids[:, :-1])
        loss = torch.nn.functional.cross_entropy(logits[mask], ids[:, 1:][mask])
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        log(step, loss.item())
    return model


def main() -> None:
    torch.set_num_threads(2)
    start = time.perf_counter()
    model = warm_up(log=lambda s, l: print(f"step {s}: loss {l:.3f}", file=sys.stderr)
                    if s % 100 == 0 else None)
    state = {k: v.to(torch.bfloat16) for k, v in model.state_dict().items()}
    torch.save(state, OUT)
    print(f"wrote {OUT.name}: {tinylm.n_params(model):,} parameters, "
          f"{time.perf_counter() - start:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
