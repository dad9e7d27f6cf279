"""The grader's side of a worker: the ``student`` proxy, timeouts, restarts.

:class:`ForkFactory` owns the fork server process; a :class:`Zygote` is one job
slot's server forked from it. :class:`Session` is one submission: it
asks the zygote for a worker, sends it the submission's source, and turns
each ``student.fn(...)`` into a request. Whatever goes wrong on the other side
becomes an exception here that says what happened in the student's terms:

=======================  ===================================================
exception                meaning
=======================  ===================================================
:class:`StudentError`    the student's code raised (type, message, the
                         student's own frames of the traceback)
:class:`CallTimeout`     a call ran past its timeout; the worker was killed
:class:`WorkerCrashed`   the worker died (signal, exit, memory); restarted
                         for the next call
:class:`LoadFailure`     the submission could not even be loaded
:class:`BudgetExhausted` the submission used up its wall-clock budget
=======================  ===================================================
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from dataclasses import asdict

from pgcheck.calls import CallResult
from pgcheck.messages import error_text, stubbed_function

from autograder.sandbox import codec as protocol
from autograder.sandbox.confine import Config, Limits

MAX_RESTARTS = 8
HELLO_TIMEOUT = 30.0


class SubmissionProblem(Exception):
    """Base of everything that went wrong on the student's side; ``str`` is the feedback."""


class StudentError(SubmissionProblem):
    def __init__(self, error: dict):
        self.type = str(error.get("type", "Exception"))
        self.message = str(error.get("message", ""))
        self.traceback = str(error.get("traceback", ""))
        super().__init__(self.feedback())

    @property
    def not_implemented(self) -> bool:
        return self.type == "NotImplementedError"

    def function(self) -> str:
        """For NotImplementedError from a stub: the function it names."""
        return stubbed_function(self.message)

    def feedback(self) -> str:
        if self.type == "MissingFunction":
            return self.message
        return error_text(self.type, self.message, self.traceback)


class CallTimeout(SubmissionProblem):
    pass


class WorkerCrashed(SubmissionProblem):
    pass


class LoadFailure(SubmissionProblem):
    pass


class BudgetExhausted(SubmissionProblem):
    pass


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
            hello = protocol.recv(self.sock)
            if not hello.get("ready"):
                raise RuntimeError("the worker fork server did not start")
            self.ready = True
        ours, theirs = socket.socketpair()
        try:
            self.sock.settimeout(30)
            socket.send_fds(self.sock, [protocol.pack({"op": "server"})], [theirs.fileno()])
            return ours, int(protocol.recv(self.sock)["pid"])
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
    for any ``--jobs``); a Zygote made without one starts its own.
    """

    def __init__(self, factory: ForkFactory | None = None):
        self.own_factory = factory is None
        self.factory = factory or ForkFactory()
        self.sock: socket.socket | None = None
        self.pid = 0

    def wait_ready(self):
        """Connect to a server (forked now); call before forking grading processes."""
        if self.sock is None:
            self.sock, self.pid = self.factory.fork_server()
            self.sock.settimeout(None)

    def alive(self) -> bool:
        if self.sock is None:
            return True     # not connected yet
        try:                # not our child (the factory's): ask the kernel
            os.kill(self.pid, 0)
        except ProcessLookupError:
            return False
        return True

    def spawn(self, config: Config, fds: list[int]) -> int:
        if not self.alive():
            self.restart()
        self.wait_ready()
        payload = {"op": "spawn", "config": asdict(config)}
        socket.send_fds(self.sock, [protocol.pack(payload)], fds)
        return protocol.recv(self.sock)["pid"]

    def reap(self) -> str:
        """Kill whatever the last worker left; say how it ended."""
        if not self.alive():
            self.restart()
            return "its fork server was killed"
        try:
            self.wait_ready()
            self.sock.settimeout(60)
            protocol.send(self.sock, {"op": "reap"})
            reply = protocol.recv(self.sock)
            self.sock.settimeout(None)
            return str(reply.get("status", "?"))
        except (OSError, protocol.ProtocolError):
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
            try:
                os.kill(self.pid, 9)
            except ProcessLookupError:
                pass

    def close(self):
        self._disconnect()
        if self.own_factory:
            self.factory.close()


class _OutputDrain(threading.Thread):
    """Reads a worker's stdout/stderr, keeping the first ``limit`` bytes."""

    def __init__(self, fd: int, limit: int):
        super().__init__(daemon=True)
        self.fd, self.limit = fd, limit
        self.kept = bytearray()
        self.total = 0

    def run(self):
        with os.fdopen(self.fd, "rb", buffering=0) as pipe:
            while True:
                try:
                    chunk = pipe.read(1 << 16)
                except OSError:
                    return
                if not chunk:
                    return
                self.total += len(chunk)
                room = self.limit - len(self.kept)
                if room > 0:
                    self.kept += chunk[:room]

    def text(self) -> str:
        text = self.kept.decode("utf-8", "replace")
        if self.total > len(self.kept):
            text += f"\n[... {self.total - len(self.kept)} more bytes of output dropped]"
        return text


class Session:
    """One submission's worker, restarted on demand; every call goes through :meth:`call`."""

    def __init__(self, zygote: Zygote, load_message: dict, config: Config):
        self.zygote, self.load_message, self.config = zygote, load_message, config
        self.limits: Limits = config.limits
        self.sock: socket.socket | None = None
        self.protections: list[str] = []
        self.outputs: list[_OutputDrain] = []
        self.events: list[str] = []         # crashes, timeouts, restarts: for the report
        self.restarts = 0
        self.load_failure: SubmissionProblem | None = None
        self.started = time.monotonic()
        self.used = 0.0                     # seconds spent in calls and loads

    # -- lifecycle -----------------------------------------------------------
    def _remaining(self) -> float:
        return self.limits.wall_budget - self.used

    def _exchange(self, message: dict, timeout: float):
        """Send one request and wait for the reply, charging the time to the budget."""
        start = time.monotonic()
        try:
            self.sock.settimeout(max(timeout, 0.001))
            protocol.send(self.sock, message)
            return protocol.recv(self.sock)
        finally:
            self.used += time.monotonic() - start

    def _start(self) -> None:
        if self.load_failure:
            raise self.load_failure
        if self.restarts > MAX_RESTARTS:
            raise WorkerCrashed("the worker crashed too many times; remaining calls skipped")
        ours, theirs = socket.socketpair()
        out_read, out_write = os.pipe()
        try:
            self.zygote.spawn(self.config, [theirs.fileno(), out_write])
        finally:
            theirs.close()
            os.close(out_write)
        drain = _OutputDrain(out_read, self.limits.max_output)
        drain.start()
        self.outputs.append(drain)
        self.sock = ours
        try:
            hello = self._exchange_hello()
            self.protections = list(hello.get("protections", []))
            reply = self._exchange(self.load_message, min(self.limits.call_timeout * 3,
                                                          self._remaining()))
        except socket.timeout:
            self._kill()
            self.load_failure = LoadFailure(
                f"loading your code did not finish within "
                f"{self.limits.call_timeout * 3:.0f} s (an infinite loop at import time?)")
            raise self.load_failure from None
        except (protocol.ProtocolError, OSError):
            status = self._kill()
            self.load_failure = LoadFailure(f"the process running your code died while "
                                            f"loading it ({status})")
            raise self.load_failure from None
        if not reply.get("ok"):
            self._kill()
            self.load_failure = LoadFailure("your code could not be loaded: " +
                                            StudentError(reply.get("error", {})).feedback())
            raise self.load_failure

    def _exchange_hello(self) -> dict:
        self.sock.settimeout(HELLO_TIMEOUT)
        hello = protocol.recv(self.sock)
        if not isinstance(hello, dict) or not hello.get("hello"):
            raise protocol.ProtocolError("no greeting from the worker")
        return hello

    def _kill(self) -> str:
        if self.sock is not None:
            self.sock.close()
            self.sock = None
        status = self.zygote.reap()
        for drain in self.outputs:
            drain.join(timeout=2)
        return status

    def close(self) -> None:
        if self.sock is not None:
            self._kill()

    def output(self) -> str:
        return "".join(d.text() for d in self.outputs)

    # -- calls ---------------------------------------------------------------
    def request(self, message: dict, timeout: float | None = None):
        """Send a request to the worker (starting it if needed); return the decoded reply."""
        if self._remaining() <= 0:
            raise BudgetExhausted(f"the time budget of {self.limits.wall_budget:.0f} s for "
                                  "your whole submission is used up; this test was not run")
        if self.sock is None:
            self._start()
        timeout = min(timeout or self.limits.call_timeout, self._remaining())
        try:
            reply = self._exchange(message, timeout)
        except socket.timeout:
            self._kill()
            self.restarts += 1
            self.events.append(f"timeout in {message.get('fn') or message.get('entry')}")
            raise CallTimeout(f"{message.get('fn') or message.get('entry')} did not return "
                              f"within {timeout:.1f} s; it was stopped") from None
        except (protocol.ProtocolError, OSError) as exc:
            status = self._kill()
            self.restarts += 1
            self.events.append(f"crash in {message.get('fn') or message.get('entry')}: {status}")
            detail = "" if isinstance(exc, protocol.PeerClosed) else f"; {exc}"
            raise WorkerCrashed(f"the process running your code died during this call "
                                f"({status}{detail}); it was restarted for the next test") from None
        if not isinstance(reply, dict):
            raise WorkerCrashed("the worker sent a malformed reply")
        if not reply.get("ok"):
            raise StudentError(reply.get("error") or {})
        return reply

    def call(self, fn: str, args=(), kwargs=None, *, grad=None, echo_args=False,
             timeout=None) -> CallResult:
        message = {"op": "call", "fn": fn, "args": list(args), "kwargs": dict(kwargs or {})}
        if grad:
            message["grad"] = grad
        if echo_args:
            message["echo_args"] = True
        reply = self.request(message, timeout)
        return CallResult(reply.get("value"), reply.get("grads"), reply.get("grad_error"),
                          list(reply.get("args_after") or []),
                          dict(reply.get("kwargs_after") or {}))


class _Function:
    def __init__(self, session: Session, name: str):
        self._session, self.__name__ = session, name

    def __call__(self, *args, **kwargs):
        return self._session.call(self.__name__, args, kwargs).value

    def grad(self, *args, wrt, output=None, grad_output=None, **kwargs) -> CallResult:
        """Call, then return the gradient of the output w.r.t. the arguments ``wrt``
        (positions or keyword names); ``None`` entries mean no gradient flows."""
        spec = {"wrt": list(wrt), "output": output, "grad_output": grad_output}
        return self._session.call(self.__name__, args, kwargs, grad=spec)

    def echo(self, *args, **kwargs) -> CallResult:
        """Call, and also get back the arguments as they are after the call."""
        return self._session.call(self.__name__, args, kwargs, echo_args=True)


class Student:
    """The ``student`` fixture: ``student.fn(*args)`` runs ``fn`` in the worker."""

    def __init__(self, session: Session):
        self._session = session

    def __getattr__(self, name: str) -> _Function:
        if name.startswith("_"):
            raise AttributeError(name)
        return _Function(self._session, name)

    def run(self, entry: str, *, student_args: dict, timeout: float, **kwargs):
        """Run provided course code in the worker with the student's functions plugged in."""
        reply = self._session.request({"op": "run", "entry": entry, "kwargs": kwargs,
                                       "student_args": student_args}, timeout)
        return reply.get("value")
