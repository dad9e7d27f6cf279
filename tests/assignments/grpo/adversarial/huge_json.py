"""Answers with JSON of many tiny values: 200,000 empty lists (600 KB of JSON), 60,000 empty
lists (180 KB of JSON, but about 5 MB once parsed) and 20,000 one-character strings. A reader
that only counted bytes would let ``json.loads`` allocate dozens of times the frame."""


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    return [[]] * 200_000


def sequence_logprob(token_logprobs, mask):
    return [[]] * 60_000


def grpo_loss(token_logprobs, mask, advantages):
    return ["\u1234"] * 20_000
