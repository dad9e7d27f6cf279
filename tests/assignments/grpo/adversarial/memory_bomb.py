"""Allocates memory until something gives, in every call."""


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    hoard = []
    while True:
        hoard.append(bytearray(256 << 20))


def sequence_logprob(token_logprobs, mask):
    return [0] * (1 << 40)
