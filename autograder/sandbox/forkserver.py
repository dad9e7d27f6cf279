"""The fork server: a clean, warm process that forks one worker per submission.

Started by the grader as ``python -I -m autograder.sandbox.forkserver FD [MODULE...]``
(isolated mode: no current directory, no PYTHONPATH on ``sys.path``). It imports
torch and numpy once, plus the MODULEs an assignment lists in ``warm_imports``
(gymnasium for ``ppo``), so a worker starts in milliseconds instead of the two
seconds of a cold ``import torch``, and it imports nothing of the course:
no hidden suite, no reference solution, no scores ever live here, so a forked
worker inherits none of them.

The process started is a *factory*: it warms up, then forks one server per
job slot (:func:`main`). Each server takes control requests on its own socket
(one JSON frame each, see :mod:`.codec`):

``{"op": "spawn", "budget": {...}|null}`` with two file descriptors attached (the
    worker's end of the call socket, the write end of its output pipe): fork a worker, move
    it into a cgroup of its own with that :class:`.cgroup.Budget` (before it has even read
    its confinement, so before any student code); reply ``{"pid": pid, "bound": "..."}``
    where ``bound`` names the cgroup, or ``{"pid": pid, "bound": null, "why": "..."}`` where
    none could be made (the worker then confines itself to one process). The worker reads
    how to confine itself (its uid, the paths
    to hide, its limits) from its call socket, as its first frame: nothing about
    a submission ever passes through this process, whose memory every later
    worker inherits.
``{"op": "reap", "uid": uid|null}``: SIGKILL every descendant (the zygote is
    their subreaper, so even double-forked daemons are found), wait for them,
    kill what is left in the worker's cgroup and remove it, remove the files that uid left
    in the machine's shared folders (:func:`.kernel.remove_leftovers`); reply
    ``{"killed": n, "status": "...", "peak_mb": m}`` describing how the worker ended and the
    most memory its tree held at once (0 where no cgroup measured it).
"""
from __future__ import annotations

import os
import signal
import socket
import sys
import time
from contextlib import suppress
from pathlib import Path

import psutil   # here, not in _reap_all: the first reap would pay for the import (≈ 16 ms)

from autograder.sandbox import cgroup, codec, confine, kernel, uids, worker

#: seconds a new worker waits for the grader to say how to confine it
CONFIG_TIMEOUT = 30.0


def _warm_up(extra: list[str]) -> None:
    import importlib

    import numpy  # noqa: F401 - imported for the fork's benefit
    import torch

    for name in extra:          # the assignment's own (assignment.toml: warm_imports)
        with suppress(ImportError):
            importlib.import_module(name)

    torch.set_num_threads(1)
    # exercise autograd once, the way calls.call_function does: its lazy imports happen here
    from pgcheck.calls import call_function

    call_function(lambda x: x * 2, [torch.ones(2, requires_grad=True)], {},
                  grad={"wrt": [0], "grad_output": torch.ones(2)})
    # Load lazily-imported pieces now: the worker may not see the package dir later.
    import torch.autograd  # noqa: F401

    if "torch._dynamo" in extra:
        warm_optimizer()
    # the harness each worker's student process runs, compiled once (the grader sends its text)
    with suppress(OSError):
        worker.compiled((Path(worker.__file__).parent / "harness.py").read_text())
    if kernel.seccomp is not None:     # the syscall filters, built once; each worker loads one
        for ipc_namespace in (True, False):
            for no_fork in (True, False):
                kernel.syscall_filter(ipc_namespace, no_fork)


def warm_optimizer() -> None:
    """Use torch's optimizers once: the first use of any imports torch._dynamo (about 1.2
    core-seconds, 1.7 s under load: more than the floor of a call's time limit). A slot
    server does it before forking the first worker of a submission that mentions
    ``optim`` (:func:`serve_workers`: a spawn's ``optimizer``), once, so that worker and the
    later ones inherit it; a class none of whose submissions uses an optimizer never pays it.
    A submission that reaches an optimizer without naming it pays the import in its own call.
    """
    import torch

    weight = torch.nn.Parameter(torch.zeros(2))
    for optimizer in (torch.optim.SGD([weight], lr=0.1), torch.optim.Adam([weight], lr=0.1)):
        optimizer.zero_grad()
        weight.sum().backward()
        optimizer.step()


def _describe_status(status: int) -> str:
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        return f"killed by signal {signal.Signals(sig).name}"
    code = os.WEXITSTATUS(status)
    if code > 128:   # the namespace's parent mirrors a signal as 128 + n
        with suppress(ValueError):
            return f"killed by signal {signal.Signals(code - 128).name}"
    return f"exited with status {code}"


def _confinement(sock: socket.socket) -> confine.Config:
    """The worker's first frame, from the grader: ``{"op": "confine", "config": {...}}``."""
    sock.settimeout(CONFIG_TIMEOUT)
    msg = codec.recv(sock)
    sock.settimeout(None)
    config = dict(msg["config"]) if isinstance(msg, dict) and msg.get("op") == "confine" else {}
    if not config:
        raise codec.ProtocolError("no confinement from the grader")
    limits = confine.Limits(**config.pop("limits", {}))
    return confine.Config(limits=limits, **config)


def _worker_main(call_fd: int, out_fd: int, control: socket.socket) -> None:
    """In the forked child: learn how to confine, confine, greet, serve; never returns."""
    code = 0
    try:
        control.close()
        # Until the worker serves, what it writes is the grader's own (confinement, the
        # libraries it touches), never the student's: it goes nowhere, and the output pipe
        # is the worker's standard output and error only once student code can run.
        quiet = os.open(os.devnull, os.O_WRONLY)
        os.dup2(quiet, 1)
        os.dup2(quiet, 2)
        os.close(quiet)
        sys.stdout = open(1, "w", buffering=1, closefd=False)
        sys.stderr = open(2, "w", buffering=1, closefd=False)
        sock = socket.socket(fileno=call_fd)
        cfg = _confinement(sock)

        def fork_init():
            pid = os.fork()
            if pid:                                 # the namespace's parent: wait, mirror
                sock.close()
                _, status = os.waitpid(pid, 0)
                os._exit(128 + os.WTERMSIG(status) if os.WIFSIGNALED(status)
                         else os.WEXITSTATUS(status))

        protections = confine.enter(cfg, fork_init)
        sys.stdout.flush()
        sys.stderr.flush()
        os.dup2(out_fd, 1)
        os.dup2(out_fd, 2)
        os.close(out_fd)
        codec.send(sock, {"hello": True, "protections": protections})
        worker.serve(sock)
    except BaseException:  # noqa: BLE001
        code = 70
    os._exit(code)


def _reap_all(first_pid: int | None) -> tuple[int, str]:
    killed, status_text = 0, "not started"
    for _ in range(50):
        kids = psutil.Process().children(recursive=True)
        for kid in kids:
            with suppress(psutil.Error):
                kid.send_signal(signal.SIGKILL)
                killed += 1
        while True:   # collect every zombie that is ours
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                break
            if pid == first_pid:
                status_text = _describe_status(status)
        if not kids and not psutil.Process().children():
            break
        time.sleep(0.002)
    return killed, status_text


def _requests(control: socket.socket, max_fds: int):
    """(message, attached file descriptors) per request, until the grader hangs up.

    A frame that does not decode becomes ``{}`` (answered as a bad request)."""
    while True:
        try:
            data, fds, _, _ = socket.recv_fds(control, 1 << 16, max_fds)
        except OSError:
            return
        if not data:
            return
        try:
            msg = codec.unpack(data)
        except codec.ProtocolError:
            msg = {}
        yield msg, fds


def _budget(msg: dict) -> cgroup.Budget | None:
    """The spawn request's budget for the worker's tree (``None``: no cgroup wanted)."""
    given = msg.get("budget")
    if not isinstance(given, dict):
        return None
    try:
        return cgroup.Budget(memory_mb=int(given["memory_mb"]), tasks=int(given["tasks"]),
                             cpus=float(given["cpus"]))
    except (KeyError, TypeError, ValueError):
        return None


def serve_workers(control: socket.socket) -> None:
    """One job slot's server: spawn and reap that slot's workers until the grader hangs up."""
    current, group, parent = None, None, None
    for msg, fds in _requests(control, max_fds=4):
        if msg.get("op") == "spawn" and len(fds) == 2:
            if msg.get("optimizer") is True and "torch._dynamo" not in sys.modules:
                warm_optimizer()
            pid = os.fork()
            if pid == 0:
                _worker_main(fds[0], fds[1], control)
            for fd in fds:
                os.close(fd)
            current, group, reply = pid, None, {"pid": pid, "bound": None}
            budget = _budget(msg)
            if budget is None:
                reply["why"] = "cgroups turned off"
            else:
                parent = parent or cgroup.Parent()
                if parent.reason:
                    reply["why"] = parent.reason
                else:
                    try:
                        group = parent.group(pid, budget)
                        reply["bound"] = group.words()
                    except OSError as exc:
                        reply["why"] = f"{exc.strerror or exc}"
            codec.send(control, reply)
        elif msg.get("op") == "reap":
            killed = group.kill() if group is not None else 0
            more, status = _reap_all(current)
            peak = group.remove() if group is not None else 0
            if current is not None:
                confine.remove_workdir(current)
            current, group = None, None
            if uids.is_worker_uid(msg.get("uid")) and os.geteuid() == 0:
                kernel.remove_leftovers(msg["uid"])
            codec.send(control, {"killed": killed + more, "status": status,
                                 "peak_mb": round(peak / (1 << 20), 1)})
        else:
            for fd in fds:
                os.close(fd)
            codec.send(control, {"error": "bad request"})
    if group is not None:
        group.kill()
    _reap_all(current)
    if group is not None:
        group.remove()
    if parent is not None:
        parent.remove()
    if current is not None:
        confine.remove_workdir(current)


def main(control_fd: int, warm: list[str] = ()) -> None:
    """The factory: warm up once, then fork one server per job slot on request.

    ``{"op": "server"}`` with one file descriptor attached (the server's end of
    its control socket): fork a server that runs :func:`serve_workers`; reply
    ``{"pid": pid}``. Forking a warm process takes milliseconds, so ``--jobs N``
    pays for one ``import torch``, not N.
    """
    _warm_up(list(warm))
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # the grader decides when we stop
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # servers that end are reaped by the kernel
    control = socket.socket(fileno=control_fd)
    codec.send(control, {"ready": True, "pid": os.getpid()})
    for msg, fds in _requests(control, max_fds=1):
        if msg.get("op") == "server" and len(fds) == 1:
            pid = os.fork()
            if pid == 0:
                control.close()
                signal.signal(signal.SIGCHLD, signal.SIG_DFL)   # we wait for our workers
                confine.make_subreaper()
                serve_workers(socket.socket(fileno=fds[0]))
                os._exit(0)
            os.close(fds[0])
            codec.send(control, {"pid": pid})
        else:
            for fd in fds:
                os.close(fd)
            codec.send(control, {"error": "bad request"})


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2:])
