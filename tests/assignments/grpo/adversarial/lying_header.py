"""Declares a reply of 4,096 buffers of 512 MB each (2 TB in all), then streams zeros from one
small chunk for ever, on every socket its process holds (after 16 bytes where the worker looks
for the harness's mark): a reader that held what a frame declares before checking it against
what the answer should be would run out of memory (and with it the whole batch). The worker
refuses it by its header, and the grader refuses the header it is shown the same way."""
import os
import stat
import struct

_header = bytes(16) + struct.pack(">II", 2, 4096) + struct.pack(">Q", 512 << 20) * 4096 + b"{}"


def _sockets():
    return [fd for fd in range(3, 64) if _is_socket(fd)]


def _is_socket(fd):
    try:
        return stat.S_ISSOCK(os.fstat(fd).st_mode)
    except OSError:
        return False


def _stream():
    fds = _sockets()
    for fd in fds:
        os.write(fd, _header)
    chunk = bytes(1 << 16)
    while True:
        for fd in fds:
            os.write(fd, chunk)


def _lie(fn):
    def call(*args, **kwargs):
        _stream()
        return fn(*args, **kwargs)
    return call


group_advantages = _lie(group_advantages)
sequence_logprob = _lie(sequence_logprob)
grpo_loss = _lie(grpo_loss)
