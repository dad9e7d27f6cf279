"""Ignores SIGTERM and SIGINT, then loops forever in every call."""
import signal

signal.signal(signal.SIGTERM, signal.SIG_IGN)
signal.signal(signal.SIGINT, signal.SIG_IGN)


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    while True:
        pass


def sequence_logprob(token_logprobs, mask):
    while True:
        pass
