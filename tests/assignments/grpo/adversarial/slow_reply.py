"""Trickles a reply one byte a second on every socket its process holds: the frame is announced
whole, then dribbled, so each ``recv`` returns well before any per-``recv`` timeout. Only one
deadline for the whole exchange stops it."""
import os
import stat
import struct
import time

_frame = bytes(16) + struct.pack(">II", 2, 0) + b"{}"


def _is_socket(fd):
    try:
        return stat.S_ISSOCK(os.fstat(fd).st_mode)
    except OSError:
        return False


def _trickle():
    fds = [fd for fd in range(3, 64) if _is_socket(fd)]
    for i in range(len(_frame)):
        for fd in fds:
            os.write(fd, _frame[i:i + 1])
        time.sleep(1)
    time.sleep(600)


def _slow(fn):
    def call(*args, **kwargs):
        _trickle()
        return fn(*args, **kwargs)
    return call


group_advantages = _slow(group_advantages)
sequence_logprob = _slow(sequence_logprob)
grpo_loss = _slow(grpo_loss)
