"""A red-team bank of forgeries of the verdicts observed where the student's code runs (issue 48).

Three honest twins, each losing points on one such verdict:

* ``loss``: a ``grpo_loss`` that never detaches its advantages ("no gradient flows into the
  advantages" fails);
* ``inplace``: a ``group_advantages`` that overwrites its argument ("inputs left unmodified");
* ``tis``: a grpo_lm ``tis_weights`` whose weights carry a gradient ("tis_weights detached").

Each route below is the twin's code plus an attack that tries to turn that verdict, by class:
the call's channel, the caller's state (frames), tracing hooks, names imported rather than
defined, Python attributes of the returned object. ``tests/test_forgery_bank.py`` grades them
all in one batch per assignment beside the twins and a correct neighbour: no route may score
more than its twin.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Route:
    name: str
    cls: str        #: channel, frames, tracing, names, attributes
    twin: str       #: loss, inplace, tis
    code: str       #: appended to the twin's source


#: helpers the routes share (appended once before a route's code)
PRELUDE = '''
import os, stat, sys, threading, builtins
import torch

_codec = sys.modules.get("autograder.sandbox.codec")


def _sockets():
    found = []
    for fd in range(3, 64):
        try:
            if stat.S_ISSOCK(os.fstat(fd).st_mode):
                found.append(fd)
        except OSError:
            pass
    return found


def _frames():
    """Every frame above this one, by any means that works."""
    out = []
    try:
        f = sys._getframe(1)
    except Exception:
        try:
            raise ValueError
        except ValueError as e:
            f = e.__traceback__.tb_frame
    while f is not None:
        out.append(f)
        f = f.f_back
    return out


def _write_everywhere(frame, prefix=b""):
    """``prefix + frame`` written on every socket this process holds."""
    for fd in _sockets():
        try:
            os.write(fd, prefix + frame)
        except OSError:
            pass


def _honest_grads(out, args):
    """What a correct loss would report: a gradient for the log-probs, none for the rest."""
    lp = args[0]
    g = torch.autograd.grad(out, [lp], retain_graph=True)[0]
    return [g, None]
'''

_LOSS_FORGED_REPLY = '''
def _forged_reply(value, grads):
    return _codec.pack({"ok": True, "value": value.detach(), "grads": grads,
                        "reached": [True, False]})
'''

ROUTES = [
    # -- the call's channel -------------------------------------------------------------
    Route("frames_on_every_socket", "channel", "loss", _LOSS_FORGED_REPLY + '''
_real_loss = grpo_loss
def grpo_loss(token_logprobs, mask, advantages):
    out = _real_loss(token_logprobs, mask, advantages)
    _write_everywhere(_forged_reply(out, _honest_grads(out, [token_logprobs])))
    return out
'''),
    Route("thread_serves_the_socket", "channel", "loss", _LOSS_FORGED_REPLY + '''
def _serve():
    import select
    while True:
        for fd in _sockets():
            try:
                ready, _, _ = select.select([fd], [], [], 0.001)
                if ready:
                    data = os.read(fd, 1 << 20)
                    if b"grpo_loss" in data:
                        os.write(fd, _forged_reply(torch.tensor(0.0), [torch.zeros(1), None]))
            except OSError:
                pass
threading.Thread(target=_serve, daemon=True).start()
'''),
    Route("socket_object_on_the_fd", "channel", "loss", _LOSS_FORGED_REPLY + '''
import socket
_real_loss = grpo_loss
def grpo_loss(token_logprobs, mask, advantages):
    out = _real_loss(token_logprobs, mask, advantages)
    for fd in _sockets():
        try:
            s = socket.socket(fileno=os.dup(fd))
            s.sendall(_forged_reply(out, _honest_grads(out, [token_logprobs])))
        except Exception:
            pass
    return out
'''),
    Route("guessed_mark_then_frame", "channel", "loss", _LOSS_FORGED_REPLY + '''
_real_loss = grpo_loss
def grpo_loss(token_logprobs, mask, advantages):
    out = _real_loss(token_logprobs, mask, advantages)
    _write_everywhere(_forged_reply(out, _honest_grads(out, [token_logprobs])), os.urandom(16))
    return out
'''),
    Route("replaced_relay_and_encoder", "channel", "loss", '''
_worker = sys.modules["autograder.sandbox.worker"]
def _rebuilt(answer, msg, shared):
    if isinstance(answer, dict) and answer.get("grads"):
        answer["grads"] = answer["grads"][:1] + [None] * (len(answer["grads"]) - 1)
        answer["reached"] = [True] + [False] * (len(answer["grads"]) - 1)
    return answer
_worker.rebuilt = _rebuilt
_pack = _codec.pack
def _forging_pack(message):
    if isinstance(message, dict) and message.get("reached"):
        message = {**message, "reached": [True] + [False] * (len(message["reached"]) - 1)}
    return _pack(message)
_codec.pack = _forging_pack
'''),
    Route("echo_frame_of_copies", "channel", "inplace", '''
_real = group_advantages
def group_advantages(rewards, normalize_std=False, eps=1e-6):
    before = rewards.clone()
    out = _real(rewards, normalize_std, eps)
    _write_everywhere(_codec.pack({"ok": True, "value": out, "args_after": [before],
                                   "kwargs_after": {}}))
    return out
'''),
    # -- the caller's state, through the interpreter's frames ----------------------------------
    Route("caller_args_swapped_for_a_fresh_leaf", "frames", "loss", '''
_real_loss = grpo_loss
def grpo_loss(token_logprobs, mask, advantages):
    fresh = advantages.detach().clone().requires_grad_(True)
    for f in _frames():
        for name, value in list(f.f_locals.items()):
            if isinstance(value, list) and any(v is advantages for v in value):
                value[[i for i, v in enumerate(value) if v is advantages][0]] = fresh
    return _real_loss(token_logprobs, mask, advantages)
'''),
    Route("caller_globals_rewritten", "frames", "loss", '''
_real_loss = grpo_loss
def grpo_loss(token_logprobs, mask, advantages):
    for f in _frames():
        g = f.f_globals
        if "_reachable" in g:
            g["_reachable"] = lambda root: set()
        if "call_function" in g:
            g["call_function"] = lambda *a, **k: {"ok": True, "value": 0.0, "grads": [None, None, None]}
    return _real_loss(token_logprobs, mask, advantages)
'''),
    Route("request_spec_edited", "frames", "loss", '''
_real_loss = grpo_loss
def grpo_loss(token_logprobs, mask, advantages):
    for f in _frames():
        for value in list(f.f_locals.values()):
            if isinstance(value, dict):
                spec = value.get("grad") if "grad" in value else value
                if isinstance(spec, dict) and isinstance(spec.get("wrt"), list):
                    spec["wrt"][:] = [0] * len(spec["wrt"])
    return _real_loss(token_logprobs, mask, advantages)
'''),
    Route("generator_frame_walk", "frames", "loss", '''
_real_loss = grpo_loss
def _gen():
    yield 1
def grpo_loss(token_logprobs, mask, advantages):
    g = _gen()
    next(g, None)
    import inspect
    for info in inspect.stack():
        f = info.frame
        if "reply" in f.f_locals and isinstance(f.f_locals["reply"], dict):
            f.f_locals["reply"]["reached"] = [True, False]
        if "_gradients" in f.f_globals:
            real = f.f_globals["_gradients"]
            def forged(*a, **k):
                out = real(*a, **k)
                out["reached"] = [True] + [False] * (len(out.get("reached") or [0]) - 1)
                if out.get("grads"):
                    out["grads"] = out["grads"][:1] + [None] * (len(out["grads"]) - 1)
                return out
            f.f_globals["_gradients"] = forged
    return _real_loss(token_logprobs, mask, advantages)
'''),
    Route("finaliser_on_the_serving_thread", "frames", "loss", '''
_real_loss = grpo_loss
class _Later:
    def __del__(self):
        try:
            f = sys._getframe(0)
            while f is not None:
                if "_gradients" in f.f_globals:
                    f.f_globals["_reachable"] = lambda root: set()
                f = f.f_back
        except Exception:
            pass
def grpo_loss(token_logprobs, mask, advantages):
    a = _Later(); b = _Later(); a.other, b.other = b, a     # collected later, anywhere
    return _real_loss(token_logprobs, mask, advantages)
'''),
    Route("echoed_list_swapped_for_copies", "frames", "inplace", '''
_real = group_advantages
def group_advantages(rewards, normalize_std=False, eps=1e-6):
    copy = rewards.clone()
    for f in _frames():
        for value in list(f.f_locals.values()):
            if isinstance(value, list) and any(v is rewards for v in value):
                value[[i for i, v in enumerate(value) if v is rewards][0]] = copy
    return _real(rewards, normalize_std, eps)
'''),
    # -- tracing and profiling hooks ------------------------------------------------------------
    Route("settrace_rewrites_locals", "tracing", "loss", '''
def _tracer(frame, event, arg):
    if "reached" in frame.f_locals:
        frame.f_locals["reached"] = set()
    return _tracer
sys.settrace(_tracer)
threading.settrace(_tracer)
'''),
    Route("setprofile_rewrites_locals", "tracing", "loss", '''
def _profiler(frame, event, arg):
    if "grads" in frame.f_locals and isinstance(frame.f_locals["grads"], (list, tuple)):
        frame.f_locals["grads"] = [frame.f_locals["grads"][0], None]
sys.setprofile(_profiler)
threading.setprofile(_profiler)
_real_loss = grpo_loss
def grpo_loss(token_logprobs, mask, advantages):
    sys.setprofile(_profiler)
    return _real_loss(token_logprobs, mask, advantages)
'''),
    Route("f_trace_on_caller_frames", "tracing", "loss", '''
_real_loss = grpo_loss
def _local_tracer(frame, event, arg):
    if "reached" in frame.f_locals:
        frame.f_locals["reached"] = set()
    return _local_tracer
def grpo_loss(token_logprobs, mask, advantages):
    for f in _frames():
        f.f_trace = _local_tracer
    try:
        sys.settrace(lambda *a: None)
    except Exception:
        pass
    return _real_loss(token_logprobs, mask, advantages)
'''),
    Route("tensor_hook_zeroes_the_gradient", "tracing", "loss", '''
_real_loss = grpo_loss
def grpo_loss(token_logprobs, mask, advantages):
    if advantages.requires_grad:
        advantages.register_hook(lambda g: torch.zeros_like(g))
    return _real_loss(token_logprobs, mask, advantages)
'''),
    Route("node_hook_and_dispatch_mode", "tracing", "loss", '''
from torch.utils._python_dispatch import TorchDispatchMode
class _Zero(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        return out
_Zero().__enter__()                  # left entered, from the import on
_real_loss = grpo_loss
def grpo_loss(token_logprobs, mask, advantages):
    out = _real_loss(token_logprobs, mask, advantages)
    node = out.grad_fn
    if node is not None:
        node.register_prehook(lambda grads: tuple(torch.zeros_like(g) if g is not None else g
                                                  for g in grads))
    _Zero().__enter__()
    return out
'''),
    Route("saved_tensor_hooks_left_on", "tracing", "loss", '''
_real_loss = grpo_loss
def grpo_loss(token_logprobs, mask, advantages):
    ctx = torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: torch.zeros_like(t))
    ctx.__enter__()
    return _real_loss(token_logprobs, mask, advantages)
'''),
    # -- names the worker imported, not defined --------------------------------------------------
    Route("names_the_worker_imported_rebound", "names", "loss", '''
_worker = sys.modules["autograder.sandbox.worker"]
class _Codec:
    """The worker's ``codec`` name, bound to a forger of every reply it packs."""
    def __getattr__(self, name):
        return getattr(_codec, name)
    def pack(self, message):
        if isinstance(message, dict) and message.get("grads"):
            message = {**message, "grads": message["grads"][:1] + [None]}
        return _codec.pack(message)
_worker.codec = _Codec()
_worker.call_function = lambda fn, args, kwargs, grad=None, echo_args=False: {
    "ok": True, "value": fn(*args, **kwargs), "grads": [None] * len((grad or {}).get("wrt", []))}
'''),
    Route("autograd_grad_rebound", "names", "loss", '''
_grad = torch.autograd.grad
def _forged_grad(outputs, inputs, *a, **k):
    got = list(_grad(outputs, inputs, *a, **k))
    return tuple(got[:1] + [None] * (len(got) - 1))
torch.autograd.grad = _forged_grad
torch.autograd.Variable._execution_engine = None
'''),
    Route("json_and_struct_rebound", "names", "loss", '''
import json, struct
_encode = json.JSONEncoder.encode
def _forged_encode(self, o):
    text = _encode(self, o)
    return text.replace('"reached":[true,true]', '"reached":[true,false]')
json.JSONEncoder.encode = _forged_encode
if _codec is not None:
    _codec._JSON.encode = lambda o, _e=_codec._JSON: _forged_encode(_e, o)
'''),
    Route("builtins_rebound", "names", "loss", '''
_real_isinstance, _real_len = builtins.isinstance, builtins.len
_real_id = builtins.id
builtins.id = lambda o: -1 if type(o).__name__ == "AccumulateGrad" else _real_id(o)
builtins.callable = builtins.callable
_real_set = builtins.set
class _NoSet(_real_set):
    def __contains__(self, item):
        return False
builtins.set = _NoSet
'''),
    Route("tensor_methods_rebound", "names", "tis", '''
torch.Tensor.requires_grad = property(lambda self: False)
torch.Tensor.detach = lambda self: self
_real_numpy = torch.Tensor.numpy
torch.Tensor.numpy = lambda self, *a, **k: _real_numpy(self.data)
'''),
    Route("engine_and_graph_rebound", "names", "loss", '''
import torch.autograd.graph as _graph
_graph.get_gradient_edge = lambda t: None
_graph.GradientEdge = tuple
torch.autograd.Variable = type("V", (), {"_execution_engine": None})
torch._C._FunctionBase = object
'''),
    # -- Python attributes of the returned object -------------------------------------------------
    Route("subclass_answers_the_gradient_query", "attributes", "loss", '''
class _Answer(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        if func is torch.autograd.grad:
            inputs = kwargs.get("inputs") if kwargs else args[1]
            return tuple(torch.zeros_like(i) if k else None for k, i in enumerate(inputs))
        return super().__torch_function__(func, types, args, kwargs or {})
_real_loss = grpo_loss
def grpo_loss(token_logprobs, mask, advantages):
    return _real_loss(token_logprobs, mask, advantages).as_subclass(_Answer)
'''),
    Route("lying_requires_grad_property", "attributes", "tis", '''
class _Detached(torch.Tensor):
    @property
    def requires_grad(self):
        return False
_real = tis_weights
def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    return _real(logp_trainer, logp_rollout, mask, cap).as_subclass(_Detached)
'''),
    Route("torch_function_answers_every_read", "attributes", "tis", '''
class _Plain(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        name = getattr(func, "__name__", "")
        if name in ("__get__",) or "requires_grad" in repr(func):
            return False
        if name == "detach":
            return torch.Tensor.detach(args[0].as_subclass(torch.Tensor))
        return super().__torch_function__(func, types, args, kwargs or {})
_real = tis_weights
def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    return _real(logp_trainer, logp_rollout, mask, cap).as_subclass(_Plain)
'''),
    Route("grad_fn_property_hides_the_graph", "attributes", "loss", '''
class _NoGraph(torch.Tensor):
    grad_fn = property(lambda self: None)
    is_leaf = property(lambda self: True)
_real_loss = grpo_loss
def grpo_loss(token_logprobs, mask, advantages):
    out = _real_loss(token_logprobs, mask, advantages)
    return out.as_subclass(_NoGraph)
'''),
    Route("impostor_claims_to_be_a_tensor", "attributes", "tis", '''
class _Impostor:
    def __init__(self, t):
        self._t = t.detach()
    __class__ = property(lambda self: torch.Tensor)
    requires_grad = False
    def __getattr__(self, name):
        return getattr(self._t, name)
_real = tis_weights
def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    return _Impostor(_real(logp_trainer, logp_rollout, mask, cap))
'''),
    Route("dispatch_wrapper_subclass", "attributes", "tis", '''
from torch.utils._pytree import tree_map
class _Wrap(torch.Tensor):
    @staticmethod
    def __new__(cls, inner):
        return torch.Tensor._make_wrapper_subclass(cls, inner.shape, dtype=inner.dtype,
                                                   requires_grad=False)
    def __init__(self, inner):
        self.inner = inner.detach()
    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        unwrap = lambda x: x.inner if isinstance(x, _Wrap) else x
        return func(*tree_map(unwrap, args), **tree_map(unwrap, kwargs or {}))
_real = tis_weights
def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    return _Wrap(_real(logp_trainer, logp_rollout, mask, cap))
'''),
]
