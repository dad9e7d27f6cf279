"""The fork servers a grader's workers come from.

:class:`ForkFactory` owns the fork server process (:mod:`autograder.sandbox.forkserver`): it
imports torch once, warm, and forks one :class:`Zygote` server per job slot, in milliseconds.
A Zygote spawns that slot's workers (one per submission, restarted on demand by its
:class:`~autograder.sandbox.session.Session`) and reaps whatever each left behind. A root
grader's Zygote leases a block of uids for its life (:mod:`.uids`) and gives each worker
the next one.
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from contextlib import suppress

from autograder.sandbox import cgroup, codec, uids


def _running(pid: int) -> bool:
    """Whether process ``pid`` still runs (not our child, the factory's: the kernel says)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def _wait_gone(pid: int, seconds: float = 2.0) -> None:
    """Until process ``pid`` is gone, at most ``seconds``."""
    deadline = time.monotonic() + seconds
    while _running(pid) and time.monotonic() < deadline:
        time.sleep(0.005)


class ForkFactory:
    """The fork server process (see :mod:`autograder.sandbox.forkserver`): it warms up once and
    forks one :class:`Zygote` server per job slot."""

    def __init__(self, warm: list[str] = ()):
        parent, child = socket.socketpair()
        env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": "/nonexistent",
               "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", "MPLBACKEND": "Agg"}
        self.warm = list(warm)
        self.process = subprocess.Popen(
            [sys.executable, "-I", "-m", "autograder.sandbox.forkserver", str(child.fileno()),
             *self.warm],
            pass_fds=[child.fileno()], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, cwd="/", env=env, start_new_session=True)
        child.close()
        self.sock = parent
        self.ready = False
        self.owner = os.getpid()

    def alive(self) -> bool:
        return os.getpid() == self.owner and self.process.poll() is None

    def fork_server(self) -> tuple[socket.socket, int]:
        """A new server: our end of its control socket, and its pid."""
        if not self.ready:      # readiness is awaited on first use, so start-up overlaps
            self.sock.settimeout(120)
            hello = codec.recv(self.sock)
            if not hello.get("ready"):
                raise RuntimeError("the worker fork server did not start")
            self.ready = True
        ours, theirs = socket.socketpair()
        try:
            self.sock.settimeout(30)
            socket.send_fds(self.sock, [codec.pack({"op": "server"})], [theirs.fileno()])
            return ours, int(codec.recv(self.sock)["pid"])
        finally:
            theirs.close()

    def close(self):
        try:
            self.sock.close()
        finally:
            if os.getpid() == self.owner and self.process.poll() is None:
                self.process.kill()
                self.process.wait()


class Zygote:
    """One job slot's fork server: spawns and reaps that slot's workers.

    Servers of one batch share a :class:`ForkFactory` (one warm ``import torch``
    for any ``--jobs``); a Zygote made without one starts its own. A root grader's
    Zygote leases a block of uids for its life (:mod:`.uids`) and gives each worker
    the next one.
    """

    def __init__(self, factory: ForkFactory | None = None):
        self.uids = uids.lease() if os.geteuid() == 0 else None
        self.own_factory = factory is None
        self.factory = factory or ForkFactory()
        self.sock: socket.socket | None = None
        self.pid = 0
        self.worker_uid: int | None = None      # the uid of the latest worker, for the reap
        self.peak_mb = 0.0                      # the latest reaped worker's tree's peak memory

    def next_uid(self) -> int | None:
        """The uid for a new worker (``None``: not root, the worker keeps ours)."""
        return self.uids.next_uid() if self.uids else None

    def wait_ready(self):
        """Connect to a server (forked now); call before forking grading processes."""
        if self.sock is None:
            self.sock, self.pid = self.factory.fork_server()
            self.sock.settimeout(None)

    def alive(self) -> bool:
        return self.sock is None or _running(self.pid)      # (not connected yet: alive)

    def spawn(self, fds: list[int], uid: int | None, budget: dict | None = None,
              optimizer: bool = False) -> dict:
        """Fork a worker on the call socket and output pipe ``fds``, in a cgroup with
        ``budget`` (:class:`.cgroup.Budget`'s fields) where one can be made; the caller then
        sends it its :class:`Config` (never through the fork server). ``optimizer``: the
        submission may use torch's optimizers, whose first use the server pays first, once
        (:func:`.forkserver.warm_optimizer`). The server's reply: ``pid``, ``bound`` (the
        cgroup, or ``None``) and, without one, ``why``."""
        if not self.alive():
            self.restart()
        self.wait_ready()
        socket.send_fds(self.sock, [codec.pack({"op": "spawn", "budget": budget,
                                                "optimizer": optimizer})], fds)
        self.worker_uid = uid
        reply = codec.recv(self.sock)
        self.peak_mb = 0.0
        return reply

    def reap(self) -> str:
        """Kill whatever the last worker left; say how it ended."""
        if not self.alive():
            self.restart()
            return "its fork server was killed"
        try:
            self.wait_ready()
            self.sock.settimeout(60)
            codec.send(self.sock, {"op": "reap", "uid": self.worker_uid})
            reply = codec.recv(self.sock)
            self.sock.settimeout(None)
            peak = reply.get("peak_mb", 0)
            self.peak_mb = float(peak) if isinstance(peak, (int, float)) else 0.0
            return str(reply.get("status", "?"))
        except (OSError, codec.ProtocolError):
            self.restart()
            return "its fork server stopped answering"

    def restart(self):
        """A fresh server; from a factory of our own when the shared one is not ours to use."""
        self._disconnect()
        if not self.factory.alive():
            if self.own_factory:
                self.factory.close()
            self.factory, self.own_factory = ForkFactory(self.factory.warm), True

    def _disconnect(self):
        if self.sock is not None:
            self.sock.close()       # the server reaps its workers and exits on hang-up
            self.sock = None
            with suppress(ProcessLookupError):
                os.kill(self.pid, 9)
            if os.geteuid() == 0:       # its workers' cgroups, which it had no time to remove
                _wait_gone(self.pid)
                cgroup.remove_server_folders(self.pid)
                cgroup.sweep_stale()    # and those of servers killed with an earlier grader

    def close(self):
        self._disconnect()
        if self.own_factory:
            self.factory.close()
        if self.uids:
            self.uids.release()
