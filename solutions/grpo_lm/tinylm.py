"""A tiny character-level transformer that multiplies two-digit numbers the long way.

This is the model of the capstone (provided code, not graded). It writes the
course text's worked format, one character per token::

    prompt      "17×24="
    completion  "17×20+17×4=340+68=408."

i.e. ``a×b=`` then ``a×t+a×u=x+y=z.`` where ``t`` is ``b``'s tens (``20``),
``u`` its units (``4``), ``x = a·t``, ``y = a·u`` and ``z = x + y``. The final
``.`` ends the answer. A verifier only looks at the number after the last
``=``; the steps before it are the model's scratch work.

What lives here: the vocabulary and encoding, the problems (training and
held-out prompts never overlap), the network (a GPT-style decoder: token and
position embeddings, pre-norm blocks of causal self-attention and an MLP),
sampling, and the per-token log-probabilities of given completions.

Shapes are in the names: ``B`` sequences, ``L`` positions, ``V`` vocabulary.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

import torch
from torch import nn

#: one token per character; "." ends a completion
VOCAB = "0123456789×+=."
STOI = {ch: i for i, ch in enumerate(VOCAB)}
END = STOI["."]
#: longest prompt + completion: "99×99=" (6) + "99×90+99×9=8910+891=9801." (25)
MAX_LEN = 32
#: operands are two-digit numbers
LOW, HIGH = 10, 99


def worked(a: int, b: int) -> str:
    """The completion for ``a×b=`` in the worked format, e.g. ``worked(17, 24)``.

    >>> worked(17, 24)
    '17×20+17×4=340+68=408.'
    """
    t, u = b - b % 10, b % 10
    return f"{a}×{t}+{a}×{u}={a * t}+{a * u}={a * b}."


def prompt(a: int, b: int) -> str:
    return f"{a}×{b}="


def encode(text: str) -> list[int]:
    return [STOI[ch] for ch in text]


def decode(ids) -> str:
    """Characters of ``ids`` up to and including the first end token."""
    out = []
    for i in ids:
        out.append(VOCAB[int(i)])
        if int(i) == END:
            break
    return "".join(out)


def is_held_out(a: int, b: int) -> bool:
    """One pair in eight, spread evenly, is never trained on (not in warm-up, not in GRPO).

    The top three bits of a multiplicative (Knuth) hash of ``100 a + b``.
    """
    return ((100 * a + b) * 2_654_435_761 % 2 ** 32) >> 29 == 0


def problems(n: int, seed: int, held_out: bool = False) -> list[tuple[int, int]]:
    """``n`` random pairs (a, b) from the training or the held-out side, reproducible by seed."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        a, b = rng.randint(LOW, HIGH), rng.randint(LOW, HIGH)
        if is_held_out(a, b) == held_out:
            out.append((a, b))
    return out


@dataclass(frozen=True)
class ModelConfig:
    """The network's shape (the shipped base model was trained with these defaults)."""

    d_model: int = 96
    """Width of the residual stream."""
    n_layers: int = 3
    """Transformer blocks."""
    n_heads: int = 4
    """Attention heads per block."""
    max_len: int = MAX_LEN
    """Longest sequence, prompt included."""


class Attention(nn.Module):
    """Causal multi-head self-attention that can extend a cache of keys and values.

    ``cache`` is a list ``[k, v]`` of (B, H, L_past, D/H) tensors, or an empty
    list to be filled: sampling feeds one new character at a time and reuses
    the keys and values of the characters before it.
    """

    def __init__(self, cfg: "ModelConfig"):
        super().__init__()
        self.n_heads = cfg.n_heads
        self.qkv = nn.Linear(cfg.d_model, 3 * cfg.d_model)
        self.proj = nn.Linear(cfg.d_model, cfg.d_model)

    def forward(self, x: torch.Tensor, cache: list | None = None) -> torch.Tensor:
        B, L, D = x.shape
        q, k, v = self.qkv(x).view(B, L, 3, self.n_heads, D // self.n_heads).permute(2, 0, 3, 1, 4)
        past = 0
        if cache is not None:
            if cache:
                past = cache[0].shape[2]
                k, v = torch.cat([cache[0], k], dim=2), torch.cat([cache[1], v], dim=2)
            cache[:] = [k, v]
        # new positions see every cached one and, among themselves, only earlier ones
        y = nn.functional.scaled_dot_product_attention(q, k, v, is_causal=(past == 0 and L > 1))
        return self.proj(y.transpose(1, 2).reshape(B, L, D))


class Block(nn.Module):
    """Pre-norm transformer block: x + attn(ln(x)), then x + mlp(ln(x))."""

    def __init__(self, cfg: "ModelConfig"):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(cfg.d_model), nn.LayerNorm(cfg.d_model)
        self.attn = Attention(cfg)
        self.mlp = nn.Sequential(nn.Linear(cfg.d_model, 4 * cfg.d_model), nn.GELU(),
                                 nn.Linear(4 * cfg.d_model, cfg.d_model))

    def forward(self, x: torch.Tensor, cache: list | None = None) -> torch.Tensor:
        x = x + self.attn(self.ln1(x), cache)
        return x + self.mlp(self.ln2(x))


class TinyLM(nn.Module):
    """Decoder-only transformer over :data:`VOCAB`: ids (B, L) -> logits (B, L, V).

    ``caches`` (one list per block, from :meth:`new_caches`) makes the call
    incremental: ``ids`` are then the characters after those already cached.
    """

    def __init__(self, cfg: "ModelConfig" = None):
        super().__init__()
        cfg = cfg or ModelConfig()
        self.cfg = cfg
        self.tok = nn.Embedding(len(VOCAB), cfg.d_model)
        self.pos = nn.Embedding(cfg.max_len, cfg.d_model)
        self.blocks = nn.ModuleList(Block(cfg) for _ in range(cfg.n_layers))
        self.ln = nn.LayerNorm(cfg.d_model)
        self.head = nn.Linear(cfg.d_model, len(VOCAB))

    def new_caches(self) -> list[list]:
        return [[] for _ in self.blocks]

    def forward(self, ids: torch.Tensor, caches: list[list] | None = None) -> torch.Tensor:
        past = caches[0][0].shape[2] if caches and caches[0] else 0
        x = self.tok(ids) + self.pos(torch.arange(past, past + ids.shape[1]))
        for i, block in enumerate(self.blocks):
            x = block(x, caches[i] if caches is not None else None)
        return self.head(self.ln(x))


def n_params(model: nn.Module) -> int:
    return sum(p.numel() for p in model.parameters())


def batch_prompts(pairs) -> torch.Tensor:
    """Prompts of one length side by side: (B, 6); every prompt ``a×b=`` has 6 characters."""
    return torch.tensor([encode(prompt(a, b)) for a, b in pairs])


@torch.no_grad()
def sample(model: TinyLM, prompt_ids: torch.Tensor, temperature: float = 1.0,
           generator: torch.Generator | None = None, greedy: bool = False):
    """Complete each prompt until the end token or :data:`MAX_LEN`.

    ==================  ============  =========================================
    argument            shape/dtype   meaning
    ==================  ============  =========================================
    ``prompt_ids``      ``(B, P)``    equal-length prompts
    returns ``ids``     ``(B, C)``    completion tokens (after the end token:
                                      filler, masked out)
    returns ``mask``    ``(B, C)``    bool, True up to and including the end
    returns ``logp``    ``(B, C)``    log-prob of each sampled token under
                                      ``model`` (0 where masked)
    ==================  ============  =========================================
    """
    B, P = prompt_ids.shape
    caches = model.new_caches()
    logits = model(prompt_ids, caches)[:, -1]
    done = torch.zeros(B, dtype=torch.bool)
    steps, masks, logps = [], [], []
    for _ in range(model.cfg.max_len - P):
        logp_all = torch.log_softmax(logits.float() / (1.0 if greedy else temperature), dim=-1)
        if greedy:
            nxt = logp_all.argmax(-1)
        else:
            nxt = torch.multinomial(logp_all.exp(), 1, generator=generator).squeeze(-1)
        masks.append(~done)
        logps.append(torch.where(done, 0.0, logp_all.gather(-1, nxt[:, None]).squeeze(-1)))
        nxt = torch.where(done, END, nxt)
        steps.append(nxt)
        done = done | (nxt == END)
        if done.all() or len(steps) == model.cfg.max_len - P:
            break
        logits = model(nxt[:, None], caches)[:, -1]
    return torch.stack(steps, 1), torch.stack(masks, 1), torch.stack(logps, 1)


def token_logprobs(model: TinyLM, prompt_ids: torch.Tensor, completion_ids: torch.Tensor):
    """Log-prob of each completion token under ``model`` (differentiable): (B, C)."""
    ids = torch.cat([prompt_ids, completion_ids], dim=1)
    logits = model(ids[:, :-1])[:, prompt_ids.shape[1] - 1:]          # predicts ids[:, P:]
    return torch.log_softmax(logits.float(), dim=-1).gather(-1, completion_ids[..., None]).squeeze(-1)


def answers(completion_ids: torch.Tensor) -> list[str]:
    return [decode(row) for row in completion_ids.tolist()]


def accuracy(model: TinyLM, verify, n: int = 200, seed: int = 1, greedy: bool = False,
             held_out: bool = True) -> float:
    """Fraction of ``n`` prompts answered exactly right (held-out side by default).

    Sampling at temperature 1 (the default) measures the policy's own success
    rate, the expected reward GRPO maximises; ``greedy`` takes the most likely
    character at every step.
    """
    pairs = problems(n, seed=seed, held_out=held_out)
    generator = torch.Generator().manual_seed(seed)
    completions, _, _ = sample(model, batch_prompts(pairs), generator=generator, greedy=greedy)
    return sum(float(verify(text, a, b)) for text, (a, b) in zip(answers(completions), pairs)) / n
