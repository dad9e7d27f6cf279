"""Dereferences a null pointer through ctypes in every call."""
import ctypes


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    return ctypes.string_at(0)


def sequence_logprob(token_logprobs, mask):
    return ctypes.string_at(0)
