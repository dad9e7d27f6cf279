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
    set up before them, which from then on serves the connection and marks a reply
    ``"tampered"`` once the submission has replaced a function it watches.
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

Replies: ``{"ok": True, "value", ...}`` or ``{"ok": False, "error": {"type",
"message", "traceback"}}`` with the traceback trimmed to the student's frames.
The lengths cut here are a courtesy: the student's code can replace anything in
this module (``describe`` included), so the grader checks every reply's size
before reading it and cuts every text again itself (:class:`.replies.Reply`).
"""
from __future__ import annotations

import sys
import traceback
import types

from pgcheck.answers import Step
from pgcheck.answers import run as run_answers
from pgcheck.calls import call_function
from pgcheck.loading import exec_work, new_module, register_source

from autograder.sandbox import codec

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


def load(msg: dict, state: dict) -> types.ModuleType:
    """Set up the harness the grader sent (:mod:`.harness`, never imported from here), build
    the provided modules, then the student's; exceptions propagate (described later)."""
    if msg.get("harness"):
        import torch

        import pgcheck.calls

        space = {"__name__": "_guard"}
        exec(compile(msg["harness"], "<harness>", "exec"), space)
        state["guard"] = space["Guard"](sys.modules[__name__], codec, pgcheck.calls, torch)
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
            state["module"] = load(msg, state)
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
    """Answer requests until the grader closes the connection."""
    state: dict = {}
    while True:
        try:
            msg = codec.recv(sock)
        except codec.PeerClosed:
            return
        reply = handle(state, msg)
        if state.get("guard") is not None:     # from now on the harness serves (see .harness)
            return state["guard"].serve(sock, state, reply)
        try:
            frame = codec.pack(reply)
        except BaseException as exc:  # noqa: BLE001 - a hostile result may break encoding
            reason = describe(exc)["message"] or type(exc).__name__   # MemoryError() says nothing
            frame = codec.pack(error_reply("UnencodableResult",
                                           f"the result could not be sent back: {reason}"))
        sock.sendall(frame)
