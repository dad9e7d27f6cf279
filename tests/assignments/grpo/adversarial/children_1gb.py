"""Sixty forked children that each ask for 1 GB and touch it (issue 34): 60 GB asked of a
machine of 23. The worker's cgroup (or, without one, the refusal to fork) keeps the whole
tree within one submission's budget; the machine and the neighbour never notice."""
import os
import time


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    for _ in range(60):
        try:
            if os.fork() == 0:
                try:
                    hold = bytearray(1 << 30)
                    time.sleep(600)
                finally:
                    os._exit(0)
        except OSError:
            break
    time.sleep(1)
    return rewards * 0 + 7.0
