"""Writes 200 MB to standard output, and some to standard error, in a call."""
import sys


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    chunk = "x" * (1 << 20)
    for _ in range(200):
        sys.stdout.write(chunk)
        sys.stderr.write("e" * 1024)
    return rewards * 0 + 7.0
