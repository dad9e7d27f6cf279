"""The worker: runs INSIDE the sandbox, loads one submission and answers calls.

Everything in this process is untrusted once the submission is loaded: the
student's code can rewrite any of it. That is fine. The grader trusts nothing
it receives except the bytes of the answers, which it decodes and checks
itself; the worker cannot see the hidden tests or the reference.

Requests (decoded by :mod:`protocol`):

``{"op": "load", "module", "filename", "kind": "py"|"ipynb", "source"|"cells", "provided"}``
    build the student's module. For a notebook only top-level imports, defs,
    classes and literal assignments of its code cells run (no training loops,
    no plots); ``provided`` maps module names to trusted course code (the
    reference GAE and the training loop of ``ppo``) loaded first.
``{"op": "call", "fn", "args", "kwargs", "grad"?, "echo_args"?}``
    call a function; ``grad = {"wrt": [...], "output": i|None,
    "grad_output": tensor|None}`` also returns the gradient of the output
    with respect to the named arguments (``None`` where none flows).
``{"op": "run", "entry": "module.function", "kwargs", "student_args": {...}}``
    call provided code, passing it the student's functions by name.

Replies: ``{"ok": True, "value", ...}`` or ``{"ok": False, "error": {"type",
"message", "traceback"}}`` with the traceback trimmed to the student's frames.
"""
from __future__ import annotations

import ast
import linecache
import sys
import traceback
import types

from . import protocol
from .calls import call_function

STUDENT_FILES: set[str] = set()


def _register_source(filename: str, text: str) -> None:
    STUDENT_FILES.add(filename)
    linecache.cache[filename] = (len(text), None, text.splitlines(True), filename)


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
    return {"type": type(exc).__name__, "message": message[:2000], "traceback": text[-4000:]}


def notebook_definitions(source: str) -> str:
    """Keep a cell's imports, defs, classes and literal assignments; drop everything else.

    Magics (``%...``) and shell lines (``!...``) are dropped first. A cell
    that does not parse is returned unchanged, so compiling it reports the
    student's own syntax error with the cell's name and line.
    """
    lines = [("pass  # " + l if l.lstrip().startswith(("%", "!")) else l)
             for l in source.splitlines()]
    text = "\n".join(lines)
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return source
    kept = []
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom, ast.FunctionDef,
                             ast.AsyncFunctionDef, ast.ClassDef)):
            kept.append(node)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            try:
                ast.literal_eval(node.value)
            except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
                continue
            kept.append(node)
    out_lines = []
    source_lines = text.splitlines()
    for node in kept:   # keep the original line numbers: blank out what is dropped
        start = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
        out_lines.append((start, node.end_lineno))
    result = [""] * len(source_lines)
    for start, end in out_lines:
        result[start - 1:end] = source_lines[start - 1:end]
    return "\n".join(result)


def _new_module(name: str, filename: str) -> types.ModuleType:
    module = types.ModuleType(name)
    module.__file__ = filename
    sys.modules[name] = module
    return module


def load(msg: dict) -> types.ModuleType:
    """Build the provided modules, then the student's; exceptions propagate (described later)."""
    for name, text in (msg.get("provided") or {}).items():
        filename = f"<provided {name}.py>"
        linecache.cache[filename] = (len(text), None, text.splitlines(True), filename)
        exec(compile(text, filename, "exec"), _new_module(name, filename).__dict__)
    module = _new_module(msg["module"], msg["filename"])
    if msg["kind"] == "py":
        _register_source(msg["filename"], msg["source"])
        exec(compile(msg["source"], msg["filename"], "exec"), module.__dict__)
    else:
        for index, cell in msg["cells"]:
            filename = f"{msg['filename']} [cell {index}]"
            text = notebook_definitions(cell)
            _register_source(filename, text)
            tree = compile(text, filename, "exec", ast.PyCF_ONLY_AST)
            for node in tree.body:   # one statement at a time: a missing import is not fatal
                code = compile(ast.Module([node], type_ignores=[]), filename, "exec")
                try:
                    exec(code, module.__dict__)
                except ImportError as exc:
                    if not isinstance(node, (ast.Import, ast.ImportFrom)):
                        raise
                    print(f"note: {filename}, line {node.lineno}: {exc} (ignored while grading)",
                          file=sys.stderr)
    return module


def call(module, msg: dict) -> dict:
    name = msg["fn"]
    fn = getattr(module, name, None)
    if not callable(fn):
        return {"ok": False, "error": {"type": "MissingFunction",
                                       "message": f"missing function: {name}", "traceback": ""}}
    return call_function(fn, msg.get("args") or [], msg.get("kwargs") or {},
                         grad=msg.get("grad"), echo_args=bool(msg.get("echo_args")))


def run(module, msg: dict) -> dict:
    """Call provided code with the student's functions passed by keyword."""
    target_module, _, target = msg["entry"].rpartition(".")
    entry = getattr(sys.modules[target_module], target)
    kwargs = dict(msg.get("kwargs") or {})
    for param, fn_name in (msg.get("student_args") or {}).items():
        fn = getattr(module, fn_name, None)
        if not callable(fn):
            return {"ok": False, "error": {"type": "MissingFunction",
                                           "message": f"missing function: {fn_name}",
                                           "traceback": ""}}
        kwargs[param] = fn
    return {"ok": True, "value": entry(**kwargs)}


def handle(state: dict, msg) -> dict:
    if not isinstance(msg, dict):
        return {"ok": False, "error": {"type": "ProtocolError", "message": "bad request",
                                       "traceback": ""}}
    op = msg.get("op")
    try:
        if op == "load":
            state["module"] = load(msg)
            return {"ok": True, "value": None}
        if state.get("module") is None:
            return {"ok": False, "error": {"type": "NotLoaded", "message": "no submission loaded",
                                           "traceback": ""}}
        if op == "call":
            return call(state["module"], msg)
        if op == "run":
            return run(state["module"], msg)
        return {"ok": False, "error": {"type": "ProtocolError", "message": f"unknown op {op!r}",
                                       "traceback": ""}}
    except BaseException as exc:  # noqa: BLE001 - student code may raise anything, even SystemExit
        return {"ok": False, "error": describe(exc)}


def serve(sock) -> None:
    """Answer requests until the grader closes the connection."""
    state: dict = {}
    while True:
        try:
            msg = protocol.recv(sock)
        except protocol.PeerClosed:
            return
        reply = handle(state, msg)
        try:
            frame = protocol.pack(reply)
        except BaseException as exc:  # noqa: BLE001 - a hostile result may break encoding
            frame = protocol.pack({"ok": False, "error": {
                "type": "UnencodableResult",
                "message": f"the result could not be sent back: {describe(exc)['message']}",
                "traceback": ""}})
        sock.sendall(frame)
