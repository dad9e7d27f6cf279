"""The student's process: its code runs on threads of its own; what a verdict reads is not theirs.

Some results can only be seen where the student's code runs: whether a gradient flows into an
input (the autograd graph), whether the returned tensor is detached. This module is the code that
observes them. The worker (:mod:`.worker`, a process that never runs student code) forks the
student's process and sends it this module's text with the first request; it is executed there,
under a module name registered nowhere, before a line of the submission runs, and serves that
process's end of a private socket from then on (:func:`serve`). By construction:

* **student code never runs on this module's thread.** The import, each call, the gradient's
  backward pass (custom ``backward``, hooks) and the notebook's answer cells run on a thread
  of their own started from C (:func:`_run`), whose only other frame is a short loop; the
  main thread, which holds everything here, is not on any stack the student's code can walk,
  and an audit hook refuses the ways to reach it (``sys._current_frames``, the garbage
  collector's walks, frame access on the main thread by a finaliser), the ways to rewrite a
  running frame's variables (``sys.settrace``, ``sys.setprofile``), ``ctypes``' audited entry
  points, new sockets and ``/proc/*/mem``; each refusal is reported as ``tampered``. A call
  that leaves a thread of its own running is refused.
* **nothing is looked up after the import.** Every function, descriptor and type used here is
  bound when this text is executed, before the student's module exists: torch's engine (not
  ``torch.autograd.grad``), ``torch._C.TensorBase``'s own descriptors read with subclass
  dispatch turned off (never the returned object's class), the C JSON encoder and scanner,
  ``_socket``'s methods, a keyed BLAKE2 for the frames.
* **what a verdict judges is captured before the call**: the gradient query's inputs (their
  accumulators in the graph, so a later ``requires_grad_`` or hook on the argument changes
  nothing), the request's fields, the arguments' memory and layout.
* **"no gradient flows into X" is a property of the graph**: ``reached`` says whether X's
  accumulator is reachable from the output through torch's own backward nodes (a custom
  ``autograd.Function`` decides for itself), so no hook, dispatch mode or saved-tensor hook
  can hide a path that exists.

Frames to the worker carry a keyed MAC over their sequence number (the key exists only here
and in the worker), so bytes the student's code writes onto the socket are refused there. What
stays open (docs/security.md): ``ctypes``' unaudited memory access can still rewrite this
process's memory; then every in-process verdict is forgeable, and "inputs left unmodified"
still is not (the worker compares the shared memory itself).

Long because: it is one text, executed in a namespace the submission cannot reach; a second
module imported there would sit in ``sys.modules``, where the submission could rebind it. Its
encoder and decoder repeat :mod:`.codec`'s format for the same reason: the codec's functions
look their names up in a module the student's code shares.
"""
from __future__ import annotations

import _blake2
import _json
import _socket
import _thread
import array
import json.scanner
import mmap
import os
import struct
import sys
import time

import numpy
import torch

# -- everything used after the student's import, bound now -------------------------------
_TB = torch._C.TensorBase
_TENSOR = torch.Tensor
_NO_TF = torch._C.DisableTorchFunctionSubclass
_GRAD_ON = torch.enable_grad
_REQUIRES_GRAD = _TB.requires_grad.__get__
_GRAD_FN = _TB.grad_fn.__get__
_SHAPE = _TB.shape.__get__
_DTYPE = _TB.dtype.__get__
_DETACH, _CPU, _CONTIG, _TO, _NUMPY = _TB.detach, _TB.cpu, _TB.contiguous, _TB.to, _TB.numpy
_VIEW_AS, _RESHAPE, _NUMEL = _TB.view_as, _TB.reshape, _TB.numel
_DATA_PTR, _STRIDE, _OFFSET = _TB.data_ptr, _TB.stride, _TB.storage_offset
_SET_RG = _TB.requires_grad_
_KEYS, _PYTHON_KEY = torch._C._dispatch_keys, torch._C.DispatchKey.Python
_ENGINE = torch.autograd.Variable._execution_engine.run_backward
_ONES_LIKE, _FROM_NUMPY, _FROMBUFFER, _EMPTY = (torch.ones_like, torch.from_numpy,
                                                 torch.frombuffer, torch.empty)
_FUNCTION_NODE = torch._C._FunctionBase
_EDGE = torch.autograd.graph.GradientEdge
_NEW_TUPLE = tuple.__new__
_BF16, _F32 = torch.bfloat16, torch.float32
_NDARRAY, _NPGENERIC = numpy.ndarray, numpy.generic
_TOBYTES, _NP_FROMBUFFER, _NP_COPY = numpy.ndarray.tobytes, numpy.frombuffer, numpy.ndarray.copy
_NP_RESHAPE, _NP_DTYPE_OF = numpy.ndarray.reshape, numpy.ndarray.dtype.__get__
_NP_SHAPE, _ITEM = numpy.ndarray.shape.__get__, numpy.generic.item
_NAMES = ("float32", "float64", "float16", "int64", "int32", "int16", "int8", "uint8", "bool")
_NP_DTYPES = {name: numpy.dtype(name) for name in _NAMES}
_NP_NAME = {dtype: name for name, dtype in _NP_DTYPES.items()}
_TORCH_NAME = {getattr(torch, name): name for name in _NAMES}
_TORCH_DTYPE = {name: dtype for dtype, name in _TORCH_NAME.items()}
_MRO = type.__dict__["__mro__"].__get__
_MODULE_DICT = type(sys).__dict__["__dict__"].__get__
_QUALNAME = type.__dict__["__qualname__"].__get__
_TYPE, _LEN, _LIST, _TUPLE, _ID, _CALLABLE = type, len, list, tuple, id, callable
_ISINSTANCE = isinstance
_STR_OF, _INT_OF, _FLOAT_OF = str.__str__, int.__int__, float.__float__
_FLOAT_REPR = float.__repr__
_TUPLE_ITEMS, _DICT_ITEMS, _DICT_GET = tuple.__iter__, dict.items, dict.get
_JOIN, _ENCODE = "".join, str.encode
_SCAN = json.scanner.c_make_scanner(json.JSONDecoder())
_ENCODER = _json.make_encoder(None, None, _json.encode_basestring_ascii, None, ":", ",",
                              False, False, False)
_HEADER, _LENGTH = struct.Struct(">II"), struct.Struct(">Q")
_UNPACK_LENGTHS = struct.unpack_from
_MAC = _blake2.blake2b
_SENDALL, _RECV_INTO, _RECVMSG = (_socket.socket.sendall, _socket.socket.recv_into,
                                  _socket.socket.recvmsg)
_FDS = _socket.CMSG_SPACE(4 * array.array("i").itemsize)
_FROMBYTES_INTS = array.array
_MMAP, _CLOSE = mmap.mmap, os.close
_START, _LOCK, _COUNT, _IDENT = (_thread.start_new_thread, _thread.allocate_lock,
                                 _thread._count, _thread.get_ident)
_SLEEP, _CLOCK = time.sleep, time.monotonic
_EXIT, _STDERR_FLUSH = os._exit, sys.stderr.flush
_BYTES, _BYTEARRAY, _MEMORYVIEW, _RANGE, _ZIP = bytes, bytearray, memoryview, range, zip
_EXC = BaseException
MAX_DEPTH = 32
#: seconds a call's threads get to end once it returned
THREADS_END = 1.0

#: audit events refused from the moment the harness starts, whatever thread raises them, and
#: (second set) refused on the main thread, where only this module's code should run
REFUSED = frozenset({"sys._current_frames", "sys._current_exceptions", "gc.get_objects",
                     "gc.get_referrers", "gc.get_referents", "sys.settrace", "sys.setprofile",
                     "socket.__new__", "ctypes.dlopen", "ctypes.dlsym", "ctypes.dlsym/handle",
                     "ctypes.cdata", "ctypes.cdata/buffer", "ctypes.string_at",
                     "ctypes.wstring_at", "ctypes.addressof", "ctypes.call_function",
                     "ctypes.get_errno", "ctypes.set_errno"})
MAIN_ONLY = frozenset({"sys._getframe", "sys._getframemodulename"})
#: attributes whose reading (audited as ``object.__getattr__``) hands out a frame
FRAME_ATTRIBUTES = frozenset({"tb_frame", "gi_frame", "cr_frame", "ag_frame"})
_FUNCTION = type(lambda: 0)
_CODE = _FUNCTION.__dict__["__code__"].__get__
_found: list = []           # what was refused or replaced: {"what", "line"}; in every reply
_MAIN: list = []            # the thread that serves (set by :func:`serve`)


def _memory_file(path) -> bool:
    """Whether ``path`` names a process's memory (``/proc/<pid>/mem``, ``mem`` once in
    ``/proc/self``): any file called ``mem``, which no solution opens."""
    kind = _TYPE(path)
    if kind is bytes:
        return path.rstrip(b"/").rsplit(b"/", 1)[-1] == b"mem"
    return kind is str and path.rstrip("/").rsplit("/", 1)[-1] == "mem"


def _audit(event, args):
    on_main = _IDENT() == _MAIN[0]
    if event in REFUSED or (on_main and (event in MAIN_ONLY or (
            event == "object.__getattr__" and _LEN(args) > 1 and _TYPE(args[1]) is str
            and args[1] in FRAME_ATTRIBUTES))) or (
            event == "open" and _LEN(args) and _memory_file(args[0])):
        what = f"refused: {event}"
        if _LEN(_found) < 8 and all(f["what"] != what for f in _found):
            _found.append({"what": what, "line": None})
        raise RuntimeError(f"{event} is not allowed while grading")



# -- the trampoline: the only frame of ours on a student thread ------------------------
_TRAMPOLINE = """
def loop(jobs, posted):
    while True:
        posted.acquire()
        fn, args, kwargs, box, done, describe = jobs.pop()
        try:
            box.append((True, fn(*args, **kwargs)))
        except BaseException as exc:
            box.append((False, describe(exc)))
        done.release()


def each(fn, items):
    return [fn(*item) for item in items]
"""
_space: dict = {}
exec(compile(_TRAMPOLINE, "<grading thread>", "exec"), _space)
_LOOP, _EACH = _space.pop("loop"), _space.pop("each")
del _space
#: the student's thread: its job list and the lock that says one was posted (set by :func:`serve`)
_STUDENT: list = []


def _student_thread() -> None:
    """Start the thread every piece of student code runs on, from C: its only frame of ours
    is the trampoline's loop, which holds nothing but the job at hand."""
    jobs, posted = [], _LOCK()
    posted.acquire()
    alone = _COUNT()
    _START(_LOOP, (jobs, posted))
    while _COUNT() <= alone:          # counted once it runs: every call's baseline holds it
        _SLEEP(0)
    _STUDENT.extend((jobs, posted))


def _run(fn, args, kwargs, describe):
    """``(True, fn(*args, **kwargs))`` or ``(False, describe(exception))``, computed on the
    student's thread; once it returned, every thread the call started must have ended."""
    jobs, posted = _STUDENT
    box, done = [], _LOCK()
    done.acquire()
    before = _COUNT()
    jobs.append((fn, args, kwargs, box, done, describe))
    posted.release()
    done.acquire()
    deadline = _CLOCK() + THREADS_END
    while _COUNT() > before:                  # a thread the call started, still running
        if _CLOCK() > deadline:
            return False, {"type": "ThreadLeftRunning", "traceback": "", "message": (
                "your code left a thread running after it returned; its results are not "
                "accepted")}
        _SLEEP(0.0005)
    if _LEN(box) != 1 or _TYPE(box[0]) is not _TUPLE:
        return False, {"type": "ProtocolError", "message": "the call's result was tampered with",
                       "traceback": ""}
    return box[0]


# -- values: the student's objects read as plain data (no code of theirs runs) ----------------
def _has(mro: tuple, cls) -> bool:
    """``cls in mro`` by identity (``in`` would call a metaclass's ``__eq__``: student code)."""
    for c in mro:
        if c is cls:
            return True
    return False


def _is_tensor(value) -> bool:
    return _has(_MRO(_TYPE(value)), _TB)


def _plain(value, buffers: list, depth: int = 0):
    """JSON-able data in the codec's format (:mod:`.codec`) for ``value``, its tensors' bytes
    appended to ``buffers``: read through the builtin types' and ``TensorBase``'s own methods."""
    if depth > MAX_DEPTH:
        raise ValueError("value nested too deeply")
    kind = _TYPE(value)
    if value is None or kind is bool or kind is str or kind is int:
        return value
    mro = _MRO(kind)
    if _has(mro, _TB):
        return _plain_tensor(value, buffers)
    if _has(mro, float):
        number = _FLOAT_OF(value)
        return number if number - number == 0 else {"t": "float", "v": _FLOAT_REPR(number)}
    if _has(mro, int):
        return _INT_OF(value)
    if _has(mro, str):
        return _STR_OF(value)
    is_list = _has(mro, list)
    if is_list or _has(mro, tuple):
        items = [_plain(v, buffers, depth + 1)
                 for v in (list.__iter__(value) if is_list else _TUPLE_ITEMS(value))]
        return items if is_list else {"t": "tuple", "v": items}
    if _has(mro, dict):
        return {"t": "dict", "v": {_key(k): _plain(v, buffers, depth + 1)
                                   for k, v in _DICT_ITEMS(value)}}
    if _has(mro, _NPGENERIC):
        return _plain(_ITEM(value), buffers, depth + 1)
    if _has(mro, _NDARRAY):
        return _array("ndarray", value, buffers)
    return {"t": "opaque", "type": _QUALNAME(kind)[:100], "repr": ""}


def _key(key) -> str:
    kind = _TYPE(key)
    if kind is str:
        return key
    if _has(_MRO(kind), str):
        return _STR_OF(key)
    if kind is int or kind is bool:
        return int.__repr__(key)
    return "<key>"


def _plain_tensor(value, buffers: list) -> dict:
    if _KEYS(value).has(_PYTHON_KEY):     # its every operation would run the student's code
        return {"t": "opaque", "type": "tensor subclass with __torch_dispatch__", "repr": ""}
    with _NO_TF():
        data = _CONTIG(_CPU(_DETACH(value)))
        if _DTYPE(data) is _BF16:
            data = _TO(data, _F32)
        name = _TORCH_NAME.get(_DTYPE(data))
        if name is None:
            return {"t": "opaque", "type": f"tensor of {_DTYPE(data)}", "repr": ""}
        buffers.append(_TOBYTES(_NUMPY(data)))
        return {"t": "tensor", "dtype": name, "shape": _LIST(_SHAPE(data)),
                "buf": _LEN(buffers) - 1, "requires_grad": _REQUIRES_GRAD(value)}


def _array(tag: str, value, buffers: list) -> dict:
    name = _NP_NAME.get(_NP_DTYPE_OF(value))
    if name is None:
        return {"t": "opaque", "type": f"{tag} of another dtype", "repr": ""}
    buffers.append(_TOBYTES(value))
    return {"t": tag, "dtype": name, "shape": _LIST(_NP_SHAPE(value)), "buf": _LEN(buffers) - 1}


# -- frames ---------------------------------------------------------------------------------
def _frame(message: dict) -> bytes:
    buffers: list = []
    body = _ENCODE(_JOIN(_ENCODER(_plain(message, buffers), 0)))
    head = [_HEADER.pack(_LEN(body), _LEN(buffers)), *[_LENGTH.pack(_LEN(b)) for b in buffers]]
    return b"".join([*head, body, *buffers])


def _exactly(sock, n: int, fds: list) -> bytearray:
    """``n`` bytes from ``sock``, keeping any file descriptor passed with them in ``fds``."""
    buf, got = _BYTEARRAY(n), 0
    view = _MEMORYVIEW(buf)
    while got < n:
        try:
            data, ancillary, _, _ = _RECVMSG(sock, n - got, _FDS)
        except OSError:
            data = b""
        if not data:
            _EXIT(0)                # the worker hung up: nothing more to do
        view[got:got + _LEN(data)] = data
        got += _LEN(data)
        for level, kind, raw in ancillary:
            fds.extend(_FROMBYTES_INTS("i", raw[:_LEN(raw) - _LEN(raw) % 4]))
    return buf


def _receive(sock, fds: list):
    """One request frame (from the worker or the grader: trusted, so not validated here)."""
    size, count = _HEADER.unpack(_exactly(sock, 8, fds))
    lengths = _UNPACK_LENGTHS(f">{count}Q", _exactly(sock, 8 * count, fds)) if count else ()
    body = _exactly(sock, size, fds)
    buffers = [_exactly(sock, n, fds) for n in lengths]
    data, _ = _SCAN(_STR_OF(body.decode()), 0)
    return _decoded(data, buffers)


def _decoded(data, buffers: list):
    kind = _TYPE(data)
    if kind is list:
        return [_decoded(v, buffers) for v in data]
    if kind is not dict:
        return data
    tag = data.get("t")
    if tag == "tensor":
        raw = buffers[data["buf"]]
        array = _NP_RESHAPE(_NP_FROMBUFFER(raw, dtype=_NP_DTYPES[data["dtype"]]),
                            data["shape"])
        tensor = _FROM_NUMPY(array)
        if data.get("requires_grad"):
            _SET_RG(tensor, True)
        return tensor
    if tag == "ndarray":
        return _NP_RESHAPE(_NP_FROMBUFFER(buffers[data["buf"]],
                                          dtype=_NP_DTYPES[data["dtype"]]), data["shape"])
    if tag == "tuple":
        return _TUPLE(_decoded(v, buffers) for v in data["v"])
    if tag == "dict":
        return {k: _decoded(v, buffers) for k, v in data["v"].items()}
    if tag == "float":
        return float(data["v"])
    return data


def _watched(worker) -> list:
    """(namespace, name, object, label) of what the grader's code in this process was before
    the student's: replacing one no longer changes a result (nothing here looks it up), but it
    still says what the submission tried, and the grade counts it as tampering."""
    import pgcheck.calls

    codec = sys.modules["autograder.sandbox.codec"]
    out = [(vars(owner), name, fn, f"{label}'s {name}")
           for owner, label in ((worker, "the worker"), (codec, "the codec"),
                                (pgcheck.calls, "pgcheck.calls"))
           for name, fn in vars(owner).items() if _TYPE(fn) is _FUNCTION]
    for owner, name, label in ((torch.autograd, "grad", "torch.autograd.grad"),
                               (torch.autograd, "backward", "torch.autograd.backward"),
                               (torch.Tensor, "clone", "torch.Tensor.clone"),
                               (torch.Tensor, "detach", "torch.Tensor.detach"),
                               (torch.Tensor, "requires_grad_", "torch.Tensor.requires_grad_"),
                               (torch, "equal", "torch.equal")):
        out.append((owner.__dict__, name, owner.__dict__.get(name), label))
    return out


def _replaced(watched: list, student_files) -> None:
    """Note in :data:`_found` each watched function that was replaced, with the line of the
    student's file that defined the replacement where it is a function of that file."""
    for space, name, fn, label in watched:
        now = space.get(name)
        if now is fn or _LEN(_found) >= 8:
            continue
        line = None
        if _TYPE(now) is _FUNCTION:
            code = _CODE(now)
            if _TYPE(code.co_filename) is str and code.co_filename in student_files:
                line = code.co_firstlineno
        if all(f["what"] != label for f in _found):
            _found.append({"what": label, "line": line})


class _Channel:
    """This process's end of its socket: frames out carry a MAC over their sequence number
    under ``key`` (None: the grader's own socket, in a worker that could not fork)."""

    def __init__(self, sock, key, watched: list, student_files):
        self.sock, self.key, self.sent = sock, key, 0
        self.watched, self.student_files = watched, frozenset(student_files)

    def send(self, reply: dict) -> None:
        _replaced(self.watched, self.student_files)
        if _found:
            reply["tampered"] = [dict(f) for f in _found]
        try:
            frame = _frame(reply)
        except _EXC as exc:   # noqa: BLE001 - a value too deep or too odd to send
            frame = _frame({"ok": False, "error": {
                "type": "UnencodableResult", "traceback": "",
                "message": f"the result could not be sent back: {_QUALNAME(_TYPE(exc))}"},
                **({"tampered": [dict(f) for f in _found]} if _found else {})})
        if self.key is not None:
            self.sent += 1
            mac = _MAC(_LENGTH.pack(self.sent), key=self.key, digest_size=16)
            mac.update(frame)
            frame = mac.digest() + frame
        _SENDALL(self.sock, frame)


# -- requests ---------------------------------------------------------------------------------
def _edge(x):
    """The accumulator of the leaf ``x`` in the graph, or None where no gradient can reach it."""
    if not _is_tensor(x):
        return None
    with _NO_TF():
        if not _REQUIRES_GRAD(x) or _GRAD_FN(x) is not None:
            return None
        with _GRAD_ON():
            return _NEW_TUPLE(_EDGE, _GRAD_FN(_VIEW_AS(x, x)).next_functions[0])


def _reachable(root) -> set:
    """ids of the nodes reachable from ``root`` through torch's own backward nodes (a Python
    ``autograd.Function``'s node is included, not walked: its ``backward`` decides)."""
    seen, keep, stack = set(), [], [root]
    while stack:
        node = stack.pop()
        key = None if node is None else _ID(node)   # once: each id() is an audit event
        if key is None or key in seen:
            continue
        seen.add(key)
        keep.append(node)
        if not _has(_MRO(_TYPE(node)), _FUNCTION_NODE):
            stack.extend(pair[0] for pair in node.next_functions)
    return seen


def _layout(x):
    """What says the argument ``x`` is still the tensor that was passed (its type is compared
    by identity, the rest are ints and torch's dtypes)."""
    with _NO_TF():
        return _TYPE(x), (_DATA_PTR(x), _TUPLE(_SHAPE(x)), _STRIDE(x), _OFFSET(x), _DTYPE(x))


def _moved(x, layout) -> bool:
    if layout is None:
        return False
    if not _is_tensor(x):
        return True
    kind, rest = _layout(x)
    return kind is not layout[0] or rest != layout[1]


def _gradients(value, spec, edges, describe) -> dict:
    """``grads``, ``reached`` (or ``grad_error``) of the output ``spec`` asks for."""
    output, weights = spec.get("output"), spec.get("grad_output")
    out = value
    if output is not None:
        kind = _TYPE(value)
        if kind is _TUPLE or kind is _LIST:
            out = value[output] if -_LEN(value) <= output < _LEN(value) else None
        elif _is_tensor(value):
            with _NO_TF():
                out = _TB.__getitem__(value, output)
        else:
            out = None
    if not _is_tensor(out) or _KEYS(out).has(_PYTHON_KEY):
        return {"grads": None, "grad_error": "the output is not a plain tensor"}
    with _NO_TF():
        if not _REQUIRES_GRAD(out):
            return {"grads": None, "grad_error": "the output carries no gradient (was it detached?)"}
        shape = _TUPLE(_SHAPE(out))
        if weights is None:
            if _NUMEL(out) != 1:
                return {"grads": None, "grad_error": f"returned a tensor of shape {shape}; "
                        "this check expects a scalar"}
            weights = _ONES_LIKE(out)
        elif _TUPLE(_SHAPE(weights)) != shape:
            return {"grads": None, "grad_error": f"returned a tensor of shape {shape}; this "
                    f"check expects shape {_TUPLE(_SHAPE(weights))}"}
        reached = _reachable(_GRAD_FN(out))
    asked = _TUPLE(e for e in edges if e is not None)
    ok, grads = _run(_ENGINE, ((out,), (weights,), False, False, asked, True, False), {},
                     describe) if asked else (True, ())
    if not ok:
        return {"grads": None, "grad_error": f"computing the gradient raised "
                f"{grads.get('type')}: {grads.get('message')}"[:300]}
    found = iter(grads)
    return {"grads": [None if e is None else next(found) for e in edges],
            "reached": [e is not None and _ID(e[0]) in reached for e in edges]}


def _shared(msg: dict, fds: list) -> None:
    """The arguments the worker placed in shared memory (``msg["shm"]``), as tensors over it."""
    if not msg.get("shm"):
        return
    memory = _MMAP(fds[0], msg["shm_size"]) if msg["shm_size"] else None
    for index, offset, name, shape, grad in msg["shm"]:
        dtype = _TORCH_DTYPE[name]
        count = 1
        for n in shape:
            count *= n
        tensor = (_RESHAPE(_FROMBUFFER(memory, dtype=dtype, count=count, offset=offset), shape)
                  if count else _EMPTY(shape, dtype=dtype))
        if grad:
            _SET_RG(tensor, True)
        msg["args"][index] = tensor


def _call(msg: dict, module: dict, describe, fds: list) -> dict:
    fn = _DICT_GET(module, msg["fn"])
    if not _CALLABLE(fn):
        return {"ok": False, "error": {"type": "MissingFunction", "traceback": "",
                                       "message": f"missing function: {msg['fn']}"}}
    _shared(msg, fds)
    args, kwargs = msg.get("args") or [], msg.get("kwargs") or {}
    spec, echo = msg.get("grad"), bool(msg.get("echo_args"))
    edges = _TUPLE(_edge(args[k] if _TYPE(k) is int else kwargs.get(k))
                   for k in spec["wrt"]) if spec else ()
    layouts = [_layout(a) if _is_tensor(a) else None for a in args] if echo else []
    ok, value = _run(fn, _LIST(args), dict(kwargs), describe)
    if not ok:
        return {"ok": False, "error": value}
    reply = {"ok": True, "value": value}
    if spec:
        reply.update(_gradients(value, spec, edges, describe))
    if echo:
        reply["args_after"], reply["kwargs_after"] = args, kwargs
        reply["rebound"] = [_moved(a, layout) for a, layout in _ZIP(args, layouts)]
    return reply


def serve(sock, first: dict | None, key, worker) -> None:
    """Answer ``first`` (None: the first request on ``sock``) and every later request on ``sock`` until the other end hangs up;
    ``worker`` is the worker's module as it was before the student's code (its functions are
    taken now)."""
    _MAIN.append(_IDENT())
    sys.addaudithook(_audit)        # before the student's code: it cannot be removed
    _student_thread()
    channel = _Channel(sock, key, _watched(worker), ())
    files = worker.STUDENT_FILES
    load, answers, describe = worker.load, worker.answers, worker.describe
    module: dict = {}
    fds: list = []
    msg = first if first is not None else _receive(sock, fds)
    while True:
        op = msg.get("op") if _TYPE(msg) is dict else None
        if op == "load":
            ok, built = _run(load, (msg,), {}, describe)
            module = _MODULE_DICT(built) if ok and _has(_MRO(_TYPE(built)), type(sys)) else {}
            reply = {"ok": True, "value": None} if ok else {"ok": False, "error": built}
            channel.student_files = frozenset(f for f in files if _TYPE(f) is str)
        elif op == "answers":
            ok, reply = _run(answers, (msg,), {}, describe)
            reply = reply if ok else {"ok": False, "error": reply}
        elif op == "call":
            reply = _call(msg, module, describe, fds)
        elif op == "map":
            fn = _DICT_GET(module, msg["fn"])
            ok, values = _run(_EACH, (fn, msg.get("items") or []), {}, describe) if _CALLABLE(
                fn) else (
                False, {"type": "MissingFunction", "message": f"missing function: {msg['fn']}",
                        "traceback": ""})
            reply = {"ok": True, "value": values} if ok else {"ok": False, "error": values}
        else:
            reply = {"ok": False, "error": {"type": "ProtocolError", "message": "bad request",
                                            "traceback": ""}}
        if op in ("call", "map") and not module and not reply["ok"] and _TYPE(
                reply.get("error")) is dict and reply["error"].get("type") == "MissingFunction":
            reply["error"] = {"type": "NotLoaded", "message": "no submission loaded",
                              "traceback": ""}
        channel.send(reply)
        for fd in fds:
            _CLOSE(fd)
        fds = []
        msg = _receive(sock, fds)
