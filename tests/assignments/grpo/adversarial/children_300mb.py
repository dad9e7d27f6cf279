"""Seven forked children that each touch 300 MB and stay alive (issue 34): 2.1 GB in all,
against a 1 GB budget per submission that ``RLIMIT_AS`` alone gave to each process. The
worker's cgroup holds the whole tree to its budget (the kernel kills children past it);
without a cgroup the worker may not fork at all."""
import os
import time


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    for _ in range(7):
        try:
            if os.fork() == 0:
                try:
                    hold = bytearray(300 << 20)
                    time.sleep(600)
                finally:
                    os._exit(0)
        except OSError:
            break
    time.sleep(1)
    return rewards * 0 + 7.0
