"""The worker: runs INSIDE the sandbox, loads one submission and answers calls.

Everything in this process is untrusted once the submission is loaded: the
student's code can rewrite any of it. That is fine. The grader trusts nothing
it receives except the bytes of the answers, which it decodes and checks
itself; the worker cannot see the hidden tests or the reference.

Requests (decoded by :mod:`.codec`):

``{"op": "load", "module", "filename", "kind": "py"|"ipynb", "source"|"cells", "provided",
"harness"?}``
    build the student's module (:func:`pgcheck.loading.exec_work`: for a notebook
    only top-level imports, defs, classes and literal assignments of its code
    cells run, no training loops, no plots); ``provided`` maps module names to trusted course
    code (the reference GAE, say) loaded first; ``harness`` is the text of :mod:`.harness`,
    which runs the student's process (below).
``{"op": "call", "fn", "args", "kwargs", "grad"?, "echo_args"?}``
    call a function; ``grad = {"wrt": [...], "output": i|None,
    "grad_output": tensor|None}`` also returns the gradient of the output
    with respect to the named arguments (``None`` where none flows).
``{"op": "map", "fn", "items": [[args...], ...]}``
    call a function once per item (a training run's ``verify`` on every completion of an
    update: one exchange, not one per completion) and answer the list of its values.

There is no operation that runs provided code with the student's functions plugged in: a
training run is driven by the grader (:mod:`autograder.training.remote`), which asks for
the student's functions' values one exchange at a time, so no code of this process (which
the student's module can rewrite) is ever in charge of a run.
``{"op": "answers", "filename", "cells", "tags", "steps", "graded"}``
    run a notebook's answer cells (:func:`pgcheck.answers.run`: ``cells`` are its code
    cells, ``tags`` its cells' nbgrader grade_ids as ``[index, grade_id]``, ``steps`` the
    ``[grade_id, [variables]]`` to run in order, ``graded`` the functions a cell may not
    call) and answer, per step, ``{"cell", "values", "error"}``. It needs nothing loaded: the
    grader runs it in a worker of its own, whose submission is empty.

Two processes answer them. This one (the worker) never runs student code: at the first
request it forks the student's process, which executes the harness the grader sent
(:mod:`.harness`) before anything of the submission, and from then on relays (:func:`relay`):
each request goes to the student's process, and each reply the grader gets is built here from
the data of that process's answer, whose frame must carry the harness's MAC (bytes the
student's code writes onto its socket are refused as tampering). The arguments of a call whose
inputs must stay unmodified (``echo_args``) are put in shared memory (a sealed memfd) that the
student's process maps; their values after the call are read here, from that memory, not
reported. Where no process may be started (no cgroup: the seccomp filter refuses ``fork``), the
harness serves this socket itself and the echo is its report (docs/security.md).

Replies: ``{"ok": True, "value", ...}`` or ``{"ok": False, "error": {"type",
"message", "traceback"}}`` with the traceback trimmed to the student's frames.
The lengths cut here are a courtesy: the grader checks every reply's size
before reading it and cuts every text again itself (:class:`.replies.Reply`).
"""
from __future__ import annotations

import builtins
import fcntl
import hashlib
import hmac
import os
import socket
import sys
import traceback
import types
from array import array

from pgcheck.answers import Step
from pgcheck.answers import run as run_answers
from pgcheck.calls import call_function
from pgcheck.loading import exec_work, new_module, register_source

from autograder.sandbox import codec
from autograder.sandbox.replies import REPLY_ALLOWANCE, REPLY_CEILING

#: what the worker reads of one answer of the student's process (the grader's own budget,
#: which follows the reference, is checked again when the worker's reply reaches it)
CHILD_BUDGET = codec.Budget(REPLY_CEILING.bytes + REPLY_ALLOWANCE.bytes,
                            REPLY_CEILING.values + REPLY_ALLOWANCE.values)
MAC_BYTES = 16
#: the dtypes the student's process can map from shared memory (:data:`.harness._NAMES`)
SHARED_DTYPES = ("float32", "float64", "float16", "int64", "int32", "int16", "int8", "uint8",
                 "bool")

STUDENT_FILES: set[str] = set()


def describe(exc: BaseException) -> dict:
    """type, message and the student's frames of an exception, all as short strings."""
    try:
        message = str(exc)
    except Exception:
        message = "<unprintable exception>"
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename in STUDENT_FILES]
    text = "".join(traceback.format_list(frames[-6:]))
    if isinstance(exc, SyntaxError):   # the offending line and a caret, no frames
        text += "".join(traceback.format_exception_only(type(exc), exc))
    else:
        text += f"{type(exc).__name__}: {message}"
    where = {"function": frames[-1].name, "line": frames[-1].lineno} if frames else {}
    return {"type": type(exc).__name__, "message": message[:2000], "traceback": text[-4000:],
            **where}


def _register(filename: str, text: str) -> None:
    STUDENT_FILES.add(filename)
    register_source(filename, text)


def load(msg: dict) -> types.ModuleType:
    """Build the provided modules, then the student's; exceptions propagate (described later)."""
    for name, text in (msg.get("provided") or {}).items():
        filename = f"<provided {name}.py>"
        register_source(filename, text)
        exec(compile(text, filename, "exec"), new_module(name, filename).__dict__)
    module = new_module(msg["module"], msg["filename"])
    exec_work(module, msg["kind"], msg["filename"], source=msg.get("source") or "",
              cells=msg.get("cells"), on_source=_register,
              note=lambda text: print(text + " while grading", file=sys.stderr))
    return module


def call(fn, msg: dict) -> dict:
    """Call the student's function ``fn`` as ``msg`` asks (gradients, arguments echoed)."""
    return call_function(fn, msg.get("args") or [], msg.get("kwargs") or {},
                         grad=msg.get("grad"), echo_args=bool(msg.get("echo_args")))


def map_calls(fn, msg: dict) -> dict:
    """Call ``fn`` on each item of ``items``: the list of its values."""
    return {"ok": True, "value": [fn(*item) for item in msg.get("items") or []]}


def answers(msg: dict) -> dict:
    """Run the answer cells of a notebook; each step's cell, variables and exception."""
    steps = [Step(cell, cell, tuple(names)) for cell, names in msg["steps"]]
    results = run_answers([(index, source) for index, source in msg["cells"]],
                  {index: grade_id for index, grade_id in msg.get("tags") or []},
                  steps, msg.get("graded") or [], msg["filename"], on_source=_register)
    return {"ok": True, "value": [
        {"cell": r.cell, "values": r.values,
         "error": None if r.error is None else describe(r.error)} for r in results]}


def error_reply(kind: str, message: str) -> dict:
    """A failed reply: an error of ``kind`` saying ``message``, with no frames to show."""
    return {"ok": False, "error": {"type": kind, "message": message, "traceback": ""}}


def handle(state: dict, msg) -> dict:
    if not isinstance(msg, dict):
        return error_reply("ProtocolError", "bad request")
    op = msg.get("op")
    try:
        if op == "load":
            state["module"] = load(msg)
            return {"ok": True, "value": None}
        if op == "answers":
            return answers(msg)
        if state.get("module") is None:
            return error_reply("NotLoaded", "no submission loaded")
        if op not in ("call", "map"):
            return error_reply("ProtocolError", f"unknown op {op!r}")
        fn = getattr(state["module"], msg["fn"], None)
        if not callable(fn):
            return error_reply("MissingFunction", f"missing function: {msg['fn']}")
        return (call if op == "call" else map_calls)(fn, msg)
    except BaseException as exc:  # noqa: BLE001 - student code may raise anything, even SystemExit
        return {"ok": False, "error": describe(exc)}


def serve(sock) -> None:
    """Answer requests until the grader closes the connection: through the student's process
    once a request brings the harness, else (a local test of this module) here."""
    try:
        msg = codec.recv(sock)
    except codec.PeerClosed:
        return
    if isinstance(msg, dict) and msg.get("harness"):
        return _fork_student(sock, msg)
    state: dict = {}
    while True:
        reply = handle(state, msg)
        try:
            frame = codec.pack(reply)
        except BaseException as exc:  # noqa: BLE001 - a hostile result may break encoding
            reason = describe(exc)["message"] or type(exc).__name__   # MemoryError() says nothing
            frame = codec.pack(error_reply("UnencodableResult",
                                           f"the result could not be sent back: {reason}"))
        sock.sendall(frame)
        try:
            msg = codec.recv(sock)
        except codec.PeerClosed:
            return


def _fork_student(sock, first: dict) -> None:
    """Fork the student's process and relay to it; where no process may be started, become
    it (the harness then serves the grader's socket itself, without a MAC)."""
    text = first.pop("harness")
    key = os.urandom(32)
    ours, theirs = socket.socketpair()
    try:
        pid = os.fork()
    except OSError:
        ours.close()
        theirs.close()
        _student(sock, first, None, text)
    if pid == 0:
        ours.close()
        sock.close()
        _student(theirs, None, key, text)       # the relay sends it ``first``
    theirs.close()
    relay(sock, ours, pid, key, first)


#: the harness's code, compiled by the fork server before it forks any worker (:func:`compiled`)
_COMPILED: dict[str, types.CodeType] = {}


def compiled(text: str) -> types.CodeType:
    """The harness ``text`` compiled (about 8 ms): once in the fork server, whose workers
    inherit it; a text it has not seen (another version sent by the grader) is compiled here."""
    code = _COMPILED.get(text)
    if code is None:
        code = _COMPILED[text] = compile(text, "<harness>", "exec")
    return code


def _student(sock, first: dict | None, key, text: str) -> None:
    """In the student's process: the harness, run in a namespace of its own with its own copy
    of the builtins, serves ``sock`` until it closes; never returns."""
    space = {"__name__": "_harness", "__builtins__": dict(builtins.__dict__)}
    exec(compiled(text), space)
    space.pop("serve")(sock, first, key, sys.modules[__name__])
    os._exit(0)


def relay(sock, child, pid: int, key: bytes, msg) -> None:
    """Send each request to the student's process and the grader a reply built here from its
    answer (:func:`rebuilt`); mirror that process's end when it dies."""
    received, raw = 0, None
    while True:
        shared = Shared.of(msg, raw)
        try:
            _send(child, shared.request, shared.fd)
            received += 1
            try:
                reply = rebuilt(_answer(child, key, received), msg, shared)
            except codec.PeerClosed:
                raise
            except codec.ReplyTooLarge as exc:    # the grader refuses it by its header alone
                sock.sendall(_declaring(exc.size))
                _end_like(pid)
            except codec.ProtocolError as exc:
                reply = {"ok": False, "tampered": [{"what": "the channel to the grader",
                                                    "line": None}],
                         "error": {"type": "ProtocolError", "traceback": "", "message": (
                             f"the process running your code answered out of turn ({exc})")}}
                sock.sendall(codec.pack(reply))
                _end_like(pid)
        except (codec.PeerClosed, OSError):
            _end_like(pid)
        finally:
            shared.close()
        sock.sendall(codec.pack(reply))
        try:
            msg, raw = _raw_frame(sock)
        except codec.PeerClosed:
            return


def _declaring(size: codec.Size) -> bytes:
    """The head of a frame declaring ``size`` (at least twice what the worker reads of one
    answer, where the JSON's values were too many): the grader refuses it unread, as it would
    the student's process's own frame, and says how large it was."""
    total = max(size.bytes, 2 * CHILD_BUDGET.bytes if size.values else 0)
    count = min(codec.MAX_BUFFERS, -(-total // codec.MAX_BUFFER))
    return codec.HEADER.pack(2, count) + b"".join(
        codec.LENGTH.pack(min(codec.MAX_BUFFER, total - i * codec.MAX_BUFFER))
        for i in range(count))


def _end_like(pid: int) -> None:
    """Exit as the student's process ended (a signal as 128 + its number), once it has."""
    os.kill(pid, 9)
    _, status = os.waitpid(pid, 0)
    os._exit(128 + os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status))


def _send(child, frame: bytes, fd: int | None) -> None:
    if fd is None:
        child.sendall(frame)
        return
    sent = child.sendmsg([frame], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array("i", [fd]))])
    child.sendall(frame[sent:])


def _raw_frame(sock, budget: codec.Budget = codec.Budget()) -> tuple:
    """(the decoded frame, its bytes) read from ``sock`` within ``budget``."""
    raw = bytearray()

    def read(n, first=0, check=None):
        data = codec._recv_exact(sock, n, None, first, check)
        raw.extend(data)
        return data
    return codec._read_frame(read, budget), raw


def _answer(child, key: bytes, number: int):
    """The student's process's answer to request ``number``: its MAC checked, then decoded."""
    mac = codec._recv_exact(child, MAC_BYTES, None)
    data, raw = _raw_frame(child, CHILD_BUDGET)
    if not hmac.compare_digest(mac, _mac(key, number, raw)):
        raise codec.ProtocolError("a frame without the harness's mark")
    return data


def _mac(key: bytes, number: int, frame) -> bytes:
    digest = hashlib.blake2b(number.to_bytes(8, "big"), key=key, digest_size=MAC_BYTES)
    digest.update(frame)
    return digest.digest()


class Shared:
    """A request as the student's process gets it: a call whose inputs must stay unmodified
    has its tensor arguments in a sealed memfd (``fd``) that process maps, read back here."""

    def __init__(self, request, fd: int | None = None, places: dict | None = None):
        self.request, self.fd, self.places = request, fd, places or {}

    @classmethod
    def of(cls, msg, raw: bytes | None = None) -> "Shared":
        """``msg`` as the student's process gets it (``raw``: its frame as the grader sent it,
        passed on as it is where nothing is shared)."""
        if not (isinstance(msg, dict) and msg.get("op") == "call" and msg.get("echo_args")):
            return cls(raw if raw is not None else codec.pack(msg))
        import torch

        args, places, chunks, size = list(msg.get("args") or []), {}, [], 0
        for i, arg in enumerate(args):
            name = str(arg.dtype).removeprefix("torch.") if isinstance(arg, torch.Tensor) else ""
            if name not in SHARED_DTYPES:
                continue
            data = arg.detach().contiguous().numpy().tobytes()
            places[i] = (size, len(data), name, list(arg.shape), bool(arg.requires_grad))
            chunks.append((size, data))
            size += -(-len(data) // 64) * 64 or 64
            args[i] = None
        if not places:
            return cls(codec.pack(msg))
        fd = os.memfd_create("arguments", os.MFD_CLOEXEC | os.MFD_ALLOW_SEALING)
        os.ftruncate(fd, size)
        for offset, data in chunks:
            os.pwrite(fd, data, offset)
        fcntl.fcntl(fd, fcntl.F_ADD_SEALS,
                    fcntl.F_SEAL_SHRINK | fcntl.F_SEAL_GROW | fcntl.F_SEAL_SEAL)
        request = {**msg, "args": args, "shm_size": size,
                   "shm": [[i, p[0], p[2], p[3], p[4]] for i, p in places.items()]}
        return cls(codec.pack(request), fd, places)

    def after(self, i: int):
        """Argument ``i`` as the shared memory holds it now."""
        import numpy
        import torch

        offset, length, name, shape, grad = self.places[i]
        data = os.pread(self.fd, length, offset)
        if len(data) != length:
            raise codec.ProtocolError("the shared arguments were cut short")
        tensor = torch.from_numpy(numpy.frombuffer(data, dtype=name).reshape(shape).copy())
        return tensor.requires_grad_(grad and tensor.is_floating_point())

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


#: the fields of an answer passed on, and their types (:class:`.replies.Reply` checks them again)
_FIELDS = {"grads": (list, type(None)), "grad_error": (str, type(None)), "reached": (list,)}


def _after(i: int, value, shared: Shared, reported: list, rebound: list):
    """Argument ``i`` after the call: from the shared memory unless the call put another tensor
    in its place; a tensor not shared, as reported; anything else, as it was sent."""
    if i in shared.places:
        return shared.after(i) if rebound[i] is False else reported[i]
    return reported[i] if type(value).__name__ == "Tensor" else value


def rebuilt(answer, msg, shared: Shared) -> dict:
    """The grader's reply, built from the student's process's ``answer`` taken as data: its
    value and gradients, the harness's findings; the arguments after the call from the shared
    memory (a tensor argument the call replaced by another, ``rebound``, as that process saw it)."""
    if not isinstance(answer, dict) or not isinstance(answer.get("ok"), bool):
        raise codec.ProtocolError("an answer not of the harness's shape")
    reply = {"ok": answer["ok"]}
    if "tampered" in answer:
        reply["tampered"] = answer["tampered"]
    if not answer["ok"]:
        reply["error"] = answer.get("error")
        return reply
    reply["value"] = answer.get("value")
    for key, kind in _FIELDS.items():
        if key in answer and isinstance(answer[key], kind):
            reply[key] = answer[key]
    if isinstance(msg, dict) and msg.get("echo_args"):
        reported = answer.get("args_after")
        rebound = answer.get("rebound")
        original = list(msg.get("args") or [])
        if not isinstance(reported, list) or len(reported) != len(original):
            reported = original
        if not isinstance(rebound, list) or len(rebound) != len(original):
            rebound = [True] * len(original)
        reply["args_after"] = [_after(i, value, shared, reported, rebound)
                               for i, value in enumerate(original)]
        reply["kwargs_after"] = msg.get("kwargs") or {}
    return reply
