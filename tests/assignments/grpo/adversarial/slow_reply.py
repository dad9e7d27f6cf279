"""Trickles every reply one byte a second: the frame is announced whole, then dribbled, so each
``recv`` of the grader returns well before any per-``recv`` timeout. Only one deadline for the
whole exchange stops it."""
import socket
import time


def _trickle(self, data, *flags):
    for i in range(len(data)):
        self.send(data[i:i + 1])
        time.sleep(1)


def _slow(fn):
    def call(*args, **kwargs):
        socket.socket.sendall = _trickle      # from this call's reply on (loading went fast)
        return fn(*args, **kwargs)
    return call


group_advantages = _slow(group_advantages)
sequence_logprob = _slow(sequence_logprob)
grpo_loss = _slow(grpo_loss)
