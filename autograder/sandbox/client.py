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
:class:`CallTimeout`     a call ran past its time limit; the worker was killed
:class:`WorkerCrashed`   the worker died (signal, exit, memory); restarted
                         for the next call
:class:`AnswerTooLarge`  the reply was far larger than the reference's answer
                         on the same input; refused unread, worker restarted
:class:`MalformedReply`  the reply was not a valid frame (forged, or the
                         worker's code was replaced); worker restarted
:class:`CallSkipped`     not run: this function already hung, crashed its
                         worker, ran out of memory or sent a refused reply
:class:`LoadFailure`     the submission could not even be loaded
:class:`BudgetExhausted` the submission used up its wall-clock budget
=======================  ===================================================

Every byte from a worker is bounded before it is held. One exchange (the
request sent, the reply read) has one deadline, so a worker that trickles its
reply one byte a second is stopped at the call's limit like one that hangs. A
reply's declared size is checked against a budget before it is read: 64 times
what the reference's answer on the same input takes (:class:`ReferenceRun`;
its arguments stand in when the reference gave none, and are added for the
gradients or arguments a call sends back) plus a fixed allowance; a training
run (``student.run``) gets a fixed budget. The texts of a reply (the
exception's type, message and traceback) are cut here to fixed lengths,
whatever the worker did, and the output it printed is kept up to
``Limits.max_output`` in all (:mod:`.replies`).

A call's time limit follows the work: the caller passes the seconds the
reference took on the same input and :meth:`Limits.call_limit` turns them into
a limit. Once a function has hung, crashed the worker or run out of memory,
the session remembers the first such case and answers every later call of that
function at once with a :class:`CallSkipped` that names it, while the other
functions are graded as usual. A submission that cannot be loaded is loaded
once; every later call is answered with the same reason at once.
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from dataclasses import asdict, dataclass, field, replace

from pgcheck.calls import CallResult
from pgcheck.messages import clip, error_text, stubbed_function

from autograder.sandbox import codec as protocol
from autograder.sandbox import uids
from autograder.sandbox.codec import Size
from autograder.sandbox.confine import Config, Limits
from autograder.sandbox.replies import ReferenceRun, Reply, WorkerError, reply_budget, too_large

MAX_RESTARTS = 8
HELLO_TIMEOUT = 30.0


class SubmissionProblem(Exception):
    """Base of everything that went wrong on the student's side; ``str`` is the feedback."""


class StudentError(SubmissionProblem):
    def __init__(self, error: WorkerError):
        self.type, self.message, self.traceback = error.type, error.message, error.traceback
        self.origin = error.origin
        super().__init__(self.feedback())

    @property
    def not_implemented(self) -> bool:
        return self.type == "NotImplementedError"

    def function(self) -> str:
        """For NotImplementedError: the function a stub names, else the one that raised it."""
        return stubbed_function(self.message) or (self.origin.function if self.origin else "")

    def feedback(self) -> str:
        if self.type == "MissingFunction":
            return self.message
        return error_text(self.type, self.message, self.traceback, self.origin)


class CallTimeout(SubmissionProblem):
    pass


class WorkerCrashed(SubmissionProblem):
    pass


class AnswerTooLarge(SubmissionProblem):
    pass


class MalformedReply(SubmissionProblem):
    pass


class CallSkipped(SubmissionProblem):
    pass


class LoadFailure(SubmissionProblem):
    pass


class BudgetExhausted(SubmissionProblem):
    pass


#: Python's and torch's ways of saying that an allocation failed (RLIMIT_AS), also while
#: the worker encoded a result
OUT_OF_MEMORY_TEXT = ("can't allocate memory", "not enough memory", "DefaultCPUAllocator",
                      "MemoryError")


def out_of_memory(error: "StudentError") -> bool:
    return error.type == "MemoryError" or (
        error.type in ("RuntimeError", "UnencodableResult")
        and any(t in error.message for t in OUT_OF_MEMORY_TEXT))


@dataclass
class TimeSpent:
    """Where a submission's time in the worker went (seconds), for the class summary."""
    load: float = 0.0           #: loading the submission, once per worker started
    calls: float = 0.0          #: calls that returned or raised
    hung: float = 0.0           #: calls stopped at their time limit
    crashed: float = 0.0        #: calls during which the worker died
    runs: float = 0.0           #: provided training runs (``student.run``)
    hangs: list = field(default_factory=list)   #: the function of each call stopped
    budget_exhausted: bool = False              #: the wall budget ran out


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

    def next_uid(self) -> int | None:
        """The uid for a new worker (``None``: not root, the worker keeps ours)."""
        return self.uids.next_uid() if self.uids else None

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

    def spawn(self, fds: list[int], uid: int | None) -> int:
        """Fork a worker on the call socket and output pipe ``fds``; the caller then sends it
        its :class:`Config` (never through the fork server)."""
        if not self.alive():
            self.restart()
        self.wait_ready()
        socket.send_fds(self.sock, [protocol.pack({"op": "spawn"})], fds)
        self.worker_uid = uid
        return protocol.recv(self.sock)["pid"]

    def reap(self) -> str:
        """Kill whatever the last worker left; say how it ended."""
        if not self.alive():
            self.restart()
            return "its fork server was killed"
        try:
            self.wait_ready()
            self.sock.settimeout(60)
            protocol.send(self.sock, {"op": "reap", "uid": self.worker_uid})
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
        if self.uids:
            self.uids.release()


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
        self.load_failure: str = ""         # why the submission could not be loaded, once known
        self.broken: dict[str, str] = {}    # function -> its first hang, crash or memory failure
        self.where = "a call"               # where calls that name no case come from (the test)
        self.fresh = False                  # the worker has answered no call yet
        self.started = time.monotonic()
        self.used = 0.0                     # seconds spent in calls and loads
        self.last = 0.0                     # seconds of the latest exchange
        self.spent = TimeSpent()

    # -- lifecycle -----------------------------------------------------------
    def _remaining(self) -> float:
        return self.limits.wall_budget - self.used

    def _exchange(self, message: dict, timeout: float, reference: ReferenceRun | None = None
                  ) -> Reply:
        """Send one request and read its reply, both before one deadline ``timeout`` seconds
        away and the reply within its budget (:func:`reply_budget`); the time is charged to
        the submission's budget. Raises TimeoutError, ReplyTooLarge or ProtocolError."""
        start = time.monotonic()
        deadline = start + max(timeout, 0.001)
        try:
            try:
                frame = protocol.pack(message)
            except protocol.ProtocolError as exc:     # our own request: not the student's doing
                raise RuntimeError(f"the grader's request could not be framed: {exc}") from None
            budget = reply_budget(message, Size.of(frame), reference)
            protocol.send(self.sock, frame, deadline)
            return Reply.parse(protocol.recv(self.sock, budget, deadline), message)
        finally:
            self.last = time.monotonic() - start
            self.used += self.last

    def _start(self) -> None:
        if self.load_failure:       # a fresh exception each time: a re-raised one grows its traceback
            raise LoadFailure(self.load_failure)
        if self.restarts > MAX_RESTARTS:
            raise WorkerCrashed(f"the process running your code had to be restarted more than "
                                f"{MAX_RESTARTS} times; the remaining calls were not run")
        ours, theirs = socket.socketpair()
        out_read, out_write = os.pipe()
        config = replace(self.config, uid=self.zygote.next_uid())    # a fresh uid per worker
        try:
            self.zygote.spawn([theirs.fileno(), out_write], config.uid)
        finally:
            theirs.close()
            os.close(out_write)
        protocol.send(ours, {"op": "confine", "config": asdict(config)})
        drain = _OutputDrain(out_read, self.limits.max_output)
        drain.start()
        self.outputs.append(drain)
        self.sock = ours
        self.fresh = True
        try:
            hello = self._exchange_hello()
            self.protections = list(hello.get("protections", []))
            try:
                reply = self._exchange(self.load_message, min(self.limits.load_timeout,
                                                              self._remaining()))
            finally:
                self.spent.load += self.last
        except socket.timeout:
            self._kill()
            self.events.append(f"loading stopped after {self.limits.load_timeout:g} s")
            self.load_failure = (
                f"loading your code did not finish within {self.limits.load_timeout:g} s: the "
                "code at the top level of your file (outside every function) ran that long. An "
                "infinite loop, or a training run or demo left at the top level? Put such code "
                "under `if __name__ == \"__main__\":`, which grading never runs.")
            raise LoadFailure(self.load_failure) from None
        except (protocol.PeerClosed, OSError):
            status = self._kill()
            self.events.append(f"the worker died while loading ({status})")
            self.load_failure = f"the process running your code died while loading it ({status})"
            raise LoadFailure(self.load_failure) from None
        except protocol.ProtocolError as exc:
            self._kill()
            self.events.append("the worker sent a malformed reply while loading")
            self.load_failure = f"your code sent a malformed reply while it was loaded ({exc})"
            raise LoadFailure(self.load_failure) from None
        if not reply.ok:
            self._kill()
            self.load_failure = ("your code could not be loaded: " +
                                 StudentError(reply.error).feedback())
            raise LoadFailure(self.load_failure)

    def _exchange_hello(self) -> dict:
        """The worker's greeting, sent before any student code ran: the protections in force."""
        deadline = time.monotonic() + HELLO_TIMEOUT
        hello = protocol.recv(self.sock, reply_budget({"op": "hello"}, Size(0, 0), None), deadline)
        if not isinstance(hello, dict) or not hello.get("hello") or not isinstance(
                hello.get("protections", []), list):
            raise protocol.ProtocolError("no greeting from the worker")
        return {"protections": [clip(p, 40) for p in hello.get("protections", [])[:32]]}

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
        """What the worker printed, over all its restarts: at most ``Limits.max_output``
        characters in all."""
        return clip("".join(d.text() for d in self.outputs), self.limits.max_output)

    # -- calls ---------------------------------------------------------------
    def request(self, message: dict, timeout: float | None = None, *, case: str = "",
                reference: ReferenceRun | None = None, label: str = "") -> Reply:
        """Send a request to the worker (starting it if needed); return its checked reply.

        ``timeout`` defaults to the floor of :meth:`Limits.call_limit`; a newly started
        worker's first call gets ``Limits.warmup`` seconds more. ``case`` names the input
        (default: the test being run) and ``reference`` is what the reference did on it (its
        time, for the messages; its answer's size, for the reply's budget). A call that hangs,
        crashes the worker, runs out of memory or sends a reply that is refused marks its
        function (or the entry of a run, or ``label``: what the request runs, in the
        student's words) broken: its later calls raise :class:`CallSkipped` at once.
        """
        name = label or message.get("fn") or message.get("entry") or "?"
        run = message.get("op") == "run"
        where = f"case '{case}'" if case else self.where
        if self._remaining() <= 0:
            self.spent.budget_exhausted = True
            raise BudgetExhausted(f"the time budget of {self.limits.wall_budget:g} s for your "
                                  "whole submission is used up; this test was not run")
        if self.sock is None:
            self._start()
        limit = (self.limits.call_limit(None) if timeout is None else timeout)
        if self.fresh:
            limit += self.limits.warmup
        timeout = min(limit, self._remaining())
        kind = "runs" if run else "calls"
        then = "" if run else f", and the remaining calls of {name} will be skipped"
        try:
            reply = self._exchange(message, timeout, reference)
        except socket.timeout:
            raise self._hung(name, where, run, timeout, limit, reference) from None
        except (protocol.PeerClosed, OSError) as exc:
            status = self._failed(name, f"crashed the process running it on {where}", crashed=True)
            detail = "" if isinstance(exc, protocol.PeerClosed) else f"; {clip(exc, 200)}"
            raise WorkerCrashed(f"the process running your code died during this call "
                                f"({status}{detail}); it was restarted{then}") from None
        except protocol.ReplyTooLarge as exc:
            size, expected = too_large(exc)
            self._failed(name, f"sent an answer too large to accept on {where} ({size}; "
                               f"expected {expected})")
            raise AnswerTooLarge(f"your answer is {size}; expected {expected}. It was refused "
                                 f"unread (the process running your code was restarted)"
                                 f"{then}") from None
        except protocol.ProtocolError as exc:
            self._failed(name, f"sent a malformed reply on {where}")
            raise MalformedReply(f"your code sent a malformed reply ({exc}); the process running "
                                 f"it was restarted{then}") from None
        self.fresh = False
        setattr(self.spent, kind, getattr(self.spent, kind) + self.last)
        if not reply.ok:
            error = StudentError(reply.error)
            if out_of_memory(error):
                what = f"ran out of memory on {where}"
                self.broken.setdefault(name, what)
                self.events.append(f"{name} {what}")
            raise error
        return reply

    def _failed(self, name: str, what: str, crashed: bool = False) -> str:
        """After a reply that was cut off or refused: kill the worker (it is restarted for the
        next call), note ``name`` as broken; how the worker ended."""
        status = self._kill()
        self.restarts += 1
        if crashed:
            self.spent.crashed += self.last
            what = f"{what} ({status})"
        else:
            self.spent.calls += self.last
        self.broken.setdefault(name, what)
        self.events.append(f"{name} {what}")
        return status

    def _hung(self, name, where, run, timeout, limit, reference) -> SubmissionProblem:
        """After a call that missed its deadline: the exception that says so."""
        self._kill()
        self.restarts += 1
        self.spent.hung += self.last
        if timeout < limit:     # the budget, not this call's own limit, cut it short
            self.spent.budget_exhausted = True
            self.events.append(f"the time budget ran out during {name} on {where}")
            return BudgetExhausted(
                f"{name} was stopped after {timeout:.1f} s, when the time budget of "
                f"{self.limits.wall_budget:g} s for your whole submission ran out")
        what = f"hung on {where} (stopped after {timeout:.1f} s)"
        self.broken.setdefault(name, what)
        self.spent.hangs.append(name)
        self.events.append(f"{name} {what}")
        if run:
            return CallTimeout(f"the training run ({name}) did not finish within "
                               f"{timeout:.1f} s; it was stopped")
        seconds = reference.seconds if reference is not None else None
        took = ("" if seconds is None else
                f" (the reference solution takes {seconds * 1e3:.1f} ms on it)")
        return CallTimeout(f"{name} did not return within {timeout:.1f} s on this case"
                           f"{took}; it was stopped, and its remaining calls will be skipped")

    def skip_if_broken(self, *names: str, then: str = "so its remaining calls were not run"):
        """Raise :class:`CallSkipped` naming the first failure of any of ``names``."""
        for name in names:
            if name in self.broken:
                raise CallSkipped(f"skipped: {name} {self.broken[name]}, {then}")

    def call(self, fn: str, args=(), kwargs=None, *, grad=None, echo_args=False,
             timeout=None, reference: ReferenceRun | None = None, case: str = "") -> CallResult:
        """Call the student's ``fn``; its time limit is ``timeout`` if given, else
        :meth:`Limits.call_limit` of what the reference took (``reference.seconds``), and its
        reply's budget follows the reference's answer (:func:`reply_budget`)."""
        self.skip_if_broken(fn)
        message = {"op": "call", "fn": fn, "args": list(args), "kwargs": dict(kwargs or {})}
        if grad:
            message["grad"] = grad
        if echo_args:
            message["echo_args"] = True
        if timeout is None and reference is not None and reference.seconds is not None:
            timeout = self.limits.call_limit(reference.seconds)
        reply = self.request(message, timeout, case=case, reference=reference)
        return CallResult(reply.value, reply.grads, reply.grad_error, reply.args_after,
                          reply.kwargs_after)


class _Function:
    """``student.fn``: each call runs in the worker, limited by what the reference does.

    ``timer(fn, args, kwargs)`` runs the reference on copies of the arguments and returns a
    :class:`ReferenceRun` (the ``student`` proxy of a grade has one); :meth:`on` gives the same
    function for one case whose reference run the caller already made (the ``compare``
    fixture).
    """

    def __init__(self, session: Session, name: str, timer=None,
                 reference: ReferenceRun | None = None, case: str = ""):
        self._session, self.__name__ = session, name
        self._timer, self._reference, self._case = timer, reference, case

    def on(self, case: str, reference_seconds: float | None, answer=None) -> "_Function":
        """This function for one named case on which the reference took ``reference_seconds``
        and answered ``answer`` (None: not known; the call's arguments stand in)."""
        return _Function(self._session, self.__name__, None,
                         ReferenceRun.of(answer, reference_seconds), case)

    def _limit(self, args, kwargs) -> dict:
        self._session.skip_if_broken(self.__name__)     # before timing the reference for nothing
        reference = self._reference
        if reference is None and self._timer is not None:
            reference = self._timer(self.__name__, args, kwargs)
        return {"reference": reference, "case": self._case}

    def __call__(self, *args, **kwargs):
        return self._session.call(self.__name__, args, kwargs, **self._limit(args, kwargs)).value

    def grad(self, *args, wrt, output=None, grad_output=None, **kwargs) -> CallResult:
        """Call, then return the gradient of the output w.r.t. the arguments ``wrt``
        (positions or keyword names); ``None`` entries mean no gradient flows."""
        spec = {"wrt": list(wrt), "output": output, "grad_output": grad_output}
        return self._session.call(self.__name__, args, kwargs, grad=spec,
                                  **self._limit(args, kwargs))

    def echo(self, *args, **kwargs) -> CallResult:
        """Call, and also get back the arguments as they are after the call."""
        return self._session.call(self.__name__, args, kwargs, echo_args=True,
                                  **self._limit(args, kwargs))

class Student:
    """The ``student`` fixture: ``student.fn(*args)`` runs ``fn`` in the worker.

    ``timer`` (see :class:`_Function`) sets each call's time limit from the reference's time
    on the same input; without one, calls get the floor of :meth:`Limits.call_limit`.
    """

    def __init__(self, session: Session, timer=None):
        self._session, self._timer = session, timer

    def __getattr__(self, name: str) -> _Function:
        if name.startswith("_"):
            raise AttributeError(name)
        return _Function(self._session, name, self._timer)

    def _context(self, where: str) -> None:
        """Say where the calls that follow and name no case come from (the test being run)."""
        self._session.where = where

    def run(self, entry: str, *, student_args: dict, timeout: float, **kwargs):
        """Run provided course code in the worker with the student's functions plugged in;
        not run at all when one of those functions already hung, crashed or ran out of memory."""
        self._session.skip_if_broken(*student_args.values(), entry,
                                     then="so this training run, which calls it, was not run")
        reply = self._session.request({"op": "run", "entry": entry, "kwargs": kwargs,
                                       "student_args": student_args}, timeout)
        return reply.value
