"""One submission's conversation with its worker: calls with time limits, restarts, and a
record of what went wrong.

A :class:`Session` asks its job slot's :class:`~.servers.Zygote` for a worker, sends it the
submission's source, and turns each request (a call of the student's function, a provided
training run, the notebook's answer cells) into one exchange. Whatever goes wrong on the other
side becomes an exception of :mod:`.problems` that says what happened in the student's terms,
and an :class:`~autograder.records.events.Event` in :attr:`Session.events`.

Every byte from a worker is bounded before it is held. One exchange (the request sent, the
reply read) has one deadline, so a worker that trickles its reply one byte a second is stopped
at the call's limit like one that hangs. A reply's declared size is checked against a budget
before it is read: 64 times what the reference's answer on the same input takes
(:class:`~.replies.ReferenceRun`; its arguments stand in when the reference gave none, and are
added for the gradients or arguments a call sends back) plus a fixed allowance; a training run
(``student.map``: one function on many inputs) has its request stand in. The texts of a reply (the exception's type, message and
traceback) are cut to fixed lengths, whatever the worker did, and the output it printed is
kept up to ``Limits.max_output`` in all (:mod:`.replies`).

A call's time limit follows the work: the caller passes the seconds the reference took on the
same input and :meth:`Limits.call_limit` turns them into a limit. Once a function has hung,
crashed the worker, run out of memory or sent a refused reply, the session keeps that first
event and answers every later call of that function at once with a :class:`CallSkipped` that
names it, while the other functions are graded as usual. A submission that cannot be loaded
is loaded once; every later call is answered with the same reason at once.
"""
from __future__ import annotations

import os
import re
import socket
import threading
import time
from dataclasses import asdict, replace
from pathlib import Path

from pgcheck.calls import CallResult
from pgcheck.messages import clip

from autograder.records.events import BREAKS_A_FUNCTION, FORGED_GRADIENT, Event, Kind
from autograder.records.grades import TimeSpent
from autograder.sandbox import cgroup, codec, kernel
from autograder.sandbox.codec import Size
from autograder.sandbox.confine import Config, Limits
from autograder.sandbox.problems import (AnswerTooLarge, BudgetExhausted, CallSkipped,
                                         CallTimeout, LoadFailure, MalformedReply, StudentError,
                                         SubmissionProblem, WorkerCrashed, out_of_memory)
from autograder.sandbox.replies import ReferenceRun, Reply, reply_budget, too_large
from autograder.sandbox.servers import Zygote

MAX_RESTARTS = 8
#: the student's process's harness (:mod:`.harness`), sent as text with every load request:
#: the worker never imports it, so it is in no file the submission's process can read (and
#: the grader does not import it either: it is only read)
HARNESS = (Path(__file__).parent / "harness.py").read_text()


def tampering_text(found: tuple) -> str:
    """``torch.autograd.grad, replaced at line 12``: what the harness found, for the record."""
    return "; ".join(what + (f", replaced at line {line}" if line else "") for what, line in found)

HELLO_TIMEOUT = 30.0


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


def tree_bound(spawned: dict, limits: Limits) -> str:
    """The bound on the whole tree, from the fork server's reply to the spawn (not the
    worker's word): its cgroup, or the single-process fallback and why."""
    if isinstance(spawned.get("bound"), str):
        return clip(spawned["bound"], 80)
    why = clip(str(spawned.get("why") or "no cgroup"), 60)
    # one process where the filter can stop a fork; without seccomp, per-process limits only
    return cgroup.describe_fallback(why, kernel.seccomp is not None, limits.memory_mb)


#: the module's name as code names it (``torch.optim``, ``from torch import optim``), not the
#: words "optimiser" or "optimizer" of a docstring
OPTIM = re.compile(r"\boptim\b")


def mentions_optimizer(message) -> bool:
    """Whether the student's texts in a load request (its source or cells) name ``optim``: its
    worker's server then pays torch's optimizer import first (:meth:`.Zygote.spawn`), outside
    the submission's call limits and budget. The provided modules are not read: the course's
    trainers run in the grader (:mod:`autograder.training.remote`), never in the worker."""
    if isinstance(message, str):
        return OPTIM.search(message) is not None
    if isinstance(message, dict):
        message = [v for k, v in message.items() if k != "provided"]
    return isinstance(message, (list, tuple)) and any(mentions_optimizer(m) for m in message)


class Session:
    """One submission's worker, restarted on demand; every call goes through :meth:`call`."""

    def __init__(self, zygote: Zygote, load_message: dict, config: Config):
        self.zygote, self.config = zygote, config
        self.load_message = {**load_message, "harness": HARNESS}
        self.optimizer = mentions_optimizer(load_message)
        self.limits: Limits = config.limits
        self.sock: socket.socket | None = None
        self.protections: list[str] = []
        self.outputs: list[_OutputDrain] = []
        self.events: list[Event] = []       # what went wrong, in order: for the report
        self.restarts = 0
        self.load_failure: str = ""         # why the submission could not be loaded, once known
        self.broken: dict[str, Event] = {}  # function -> the event after which it is not called
        self.tampered: tuple = ()           # what the harness found replaced: (what, line)
        self.where = "a call"               # where calls that name no case come from (the test)
        self.fresh = False                  # the worker has answered no call yet
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
                frame = codec.pack(message)
            except codec.ProtocolError as exc:     # our own request: not the student's doing
                raise RuntimeError(f"the grader's request could not be framed: {exc}") from None
            budget = reply_budget(message, Size.of(frame), reference)
            codec.send(self.sock, frame, deadline)
            return Reply.parse(codec.recv(self.sock, budget, deadline), message)
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
            spawned = self.zygote.spawn([theirs.fileno(), out_write], config.uid,
                                        self.limits.budget(), self.optimizer)
        finally:
            theirs.close()
            os.close(out_write)
        bound = tree_bound(spawned, self.limits)
        config = replace(config, single_process=bound.startswith("no-cgroup: one"))
        codec.send(ours, {"op": "confine", "config": asdict(config)})
        drain = _OutputDrain(out_read, self.limits.max_output)
        drain.start()
        self.outputs.append(drain)
        self.sock = ours
        self.fresh = True
        try:
            hello = self._exchange_hello()
            self.protections = [*hello.get("protections", []), bound]
            try:
                reply = self._exchange(self.load_message, min(self.limits.load_timeout,
                                                              self._remaining()))
            finally:
                self.spent.load += self.last
        except socket.timeout:
            self._kill()
            limit = self.limits.load_timeout
            raise self._load_failed(limit, f"loading stopped after {limit:g} s", (
                f"loading your code did not finish within {limit:g} s: the code at the top "
                "level of your file (outside every function) ran that long. An infinite loop, "
                "or a training run or demo left at the top level? Put such code under "
                "`if __name__ == \"__main__\":`, which grading never runs.")) from None
        except (codec.PeerClosed, OSError):
            status = self._kill()
            raise self._load_failed(self.last, f"the worker died while loading ({status})",
                f"the process running your code died while loading it ({status})") from None
        except codec.ProtocolError as exc:
            self._kill()
            raise self._load_failed(self.last, "the worker sent a malformed reply while loading",
                f"your code sent a malformed reply while it was loaded ({exc})") from None
        self._note_tampering(reply, "loading your code")
        if not reply.ok:
            self._kill()
            self.load_failure = ("your code could not be loaded: " +
                                 StudentError(reply.error).feedback())
            raise LoadFailure(self.load_failure)

    def _load_failed(self, seconds: float, detail: str, text: str) -> LoadFailure:
        """After a load that did not finish (its worker killed): the event recorded, ``text``
        kept as the answer to every later call; the exception that says it."""
        self._record(Event(Kind.LOAD_FAILURE, seconds=seconds, detail=detail))
        self.load_failure = text
        return LoadFailure(text)

    def _exchange_hello(self) -> dict:
        """The worker's greeting, sent before any student code ran: the protections in force."""
        deadline = time.monotonic() + HELLO_TIMEOUT
        hello = codec.recv(self.sock, reply_budget({"op": "hello"}, Size(0, 0), None), deadline)
        if not isinstance(hello, dict) or not hello.get("hello") or not isinstance(
                hello.get("protections", []), list):
            raise codec.ProtocolError("no greeting from the worker")
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
        function (or ``label``: what the request runs, in the student's words) broken: its later calls raise :class:`CallSkipped` at once.
        """
        name = label or message.get("fn") or "?"
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
        try:
            reply = self._exchange(message, timeout, reference)
        except socket.timeout:
            raise self._hung(name, where, timeout, limit, reference) from None
        except (codec.PeerClosed, OSError, codec.ProtocolError) as exc:
            raise self._refused(exc, name, where) from None
        self.fresh = False
        self.spent.calls += self.last
        self._note_tampering(reply, where)
        if not reply.ok:
            error = StudentError(reply.error)
            if out_of_memory(error):
                self._record(Event(Kind.OUT_OF_MEMORY, name, where, self.last))
            raise error
        return reply

    def _note_tampering(self, reply: Reply, where: str) -> None:
        """The first reply that says the harness found code replaced: a TAMPERED event (the
        grade then scores 0 every test the worker's results decided)."""
        if reply.tampered and not self.tampered:
            self.tampered = reply.tampered
            self._record(Event(Kind.TAMPERED, "your code", where, self.last,
                               tampering_text(reply.tampered)))

    def forged_gradient(self, fn: str, case: str) -> None:
        """Record that ``fn``'s reported gradient on ``case`` contradicted its own values
        (:mod:`autograder.engine.probes`), unless the harness already said why."""
        if not self.tampered:
            self._record(Event(Kind.TAMPERED, fn, f"case '{case}'", None, FORGED_GRADIENT))

    def _record(self, event: Event) -> None:
        """Keep ``event``; the first that breaks a function (:data:`BREAKS_A_FUNCTION`)
        stops its later calls."""
        self.events.append(event)
        if event.kind in BREAKS_A_FUNCTION:
            self.broken.setdefault(event.function, event)

    def _refused(self, exc: Exception, name: str, where: str) -> SubmissionProblem:
        """After a reply that was cut off (the worker died) or refused (too large, not a valid
        frame): kill the worker (it is restarted for the next call), record the event; the
        exception that says so."""
        then = f", and the remaining calls of {name} will be skipped"
        status = self._kill()
        self.restarts += 1
        if isinstance(exc, (codec.PeerClosed, OSError)):
            self.spent.crashed += self.last
            self._record(Event(Kind.CRASHED, name, where, self.last, status))
            detail = "" if isinstance(exc, codec.PeerClosed) else f"; {clip(exc, 200)}"
            return WorkerCrashed(f"the process running your code died during this call "
                                 f"({status}{detail}); it was restarted{then}")
        self.spent.calls += self.last
        if isinstance(exc, codec.ReplyTooLarge):
            size, expected = too_large(exc)
            self._record(Event(Kind.TOO_LARGE, name, where, self.last,
                               f"{size}; expected {expected}"))
            return AnswerTooLarge(f"your answer is {size}; expected {expected}. It was refused "
                                  f"unread (the process running your code was restarted)"
                                  f"{then}")
        self._record(Event(Kind.MALFORMED, name, where, self.last))
        return MalformedReply(f"your code sent a malformed reply ({exc}); the process running "
                              f"it was restarted{then}")

    def _hung(self, name, where, timeout, limit, reference) -> SubmissionProblem:
        """After a call that missed its deadline: the exception that says so."""
        self._kill()
        self.restarts += 1
        self.spent.hung += self.last
        if timeout < limit:     # the budget, not this call's own limit, cut it short
            self.spent.budget_exhausted = True
            self._record(Event(Kind.BUDGET, name, where, timeout))
            return BudgetExhausted(
                f"{name} was stopped after {timeout:.1f} s, when the time budget of "
                f"{self.limits.wall_budget:g} s for your whole submission ran out")
        self._record(Event(Kind.HUNG, name, where, timeout))
        seconds = reference.seconds if reference is not None else None
        took = ("" if seconds is None else
                f" (the reference solution takes {seconds * 1e3:.1f} ms on it)")
        return CallTimeout(f"{name} did not return within {timeout:.1f} s on this case"
                           f"{took}; it was stopped, and its remaining calls will be skipped")

    def skip_if_broken(self, name: str) -> None:
        """Raise :class:`CallSkipped` naming the first failure of ``name``, if it had one."""
        if name in self.broken:
            raise CallSkipped(f"skipped: {name} {self.broken[name].what}, so its remaining calls "
                              "were not run")

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
                          reply.kwargs_after, reply.reached)

