"""The worker's harness: watches, from inside the sandbox, the code whose results it reports.

Some results can only be seen inside the worker: whether a gradient flows into an input
(``torch.autograd.grad`` there), whether a function changed its arguments in place (the
arguments echoed after the call). The submission runs in that process and could rewrite the
code that observes them (``pgcheck.calls.call_function``, the worker's handlers, the codec,
``torch.autograd.grad``) and so forge them. This module is what notices.

It is not in ``pgcheck`` and not in the student's bundle: the grader reads this file and
sends its text with the load request, and the worker runs it, making a :class:`Guard`, before
the student's module is imported, under a module name it does not register. :class:`Guard`
records, at that moment, the identity and the code object of every function it relies on,
and checks them again after the import and after every call; it also serves the
connection from then on (:meth:`Guard.serve`) with the functions it recorded, so that a
replaced ``worker.serve`` or ``codec.pack`` does not carry the replies. A replacement found
is put back, and every later reply carries ``"tampered"``: what was replaced and the line
of the student's file that defined the replacement, if it is a function of that file. The
grader records a :data:`~autograder.records.events.Kind.TAMPERED` event and scores 0 every
test whose result the worker reported (:mod:`autograder.engine.grade`).

What this cannot do: code that runs in the same process can, with enough work (walking the
garbage collector to this guard's closures), undo anything here. It raises the cost of a
forgery from one line to a search for code the student never sees; docs/security.md lists
which results stay the worker's word.
"""
from __future__ import annotations

import types

MAX_REPORTED = 8


def _functions(module) -> dict:
    """Name -> function of the plain functions a module defines itself."""
    return {name: fn for name, fn in vars(module).items()
            if isinstance(fn, types.FunctionType) and fn.__module__ == module.__name__}


class Guard:
    """The functions watched, as found before the student's code ran."""

    def __init__(self, worker, codec, calls, torch):
        self.watched = []       # (owner, attribute, object, code or None, label)
        for owner, label in ((worker, "the worker"), (codec, "the codec"),
                             (calls, "pgcheck.calls")):
            for name, fn in _functions(owner).items():
                self.watched.append((owner, name, fn, fn.__code__, f"{label}'s {name}"))
        for owner, name, label in ((torch.autograd, "grad", "torch.autograd.grad"),
                                   (torch.autograd, "backward", "torch.autograd.backward"),
                                   (torch.Tensor, "clone", "torch.Tensor.clone"),
                                   (torch.Tensor, "detach", "torch.Tensor.detach"),
                                   (torch.Tensor, "requires_grad_", "torch.Tensor.requires_grad_"),
                                   (torch, "equal", "torch.equal")):
            fn = getattr(owner, name)
            self.watched.append((owner, name, fn, getattr(fn, "__code__", None), label))
        for name, fn in vars(Guard).items():
            if isinstance(fn, types.FunctionType):
                self.watched.append((Guard, name, fn, fn.__code__, f"the harness's {name}"))
        self.found: list[dict] = []
        self.student_files: set = worker.STUDENT_FILES
        self._recv, self._pack = codec.recv, codec.pack
        self._closed = codec.PeerClosed
        self._handle, self._describe = worker.handle, worker.describe

    def check(self) -> list[dict]:
        """Put back every watched function that was replaced (or whose code was), noting it;
        all that was found so far."""
        for owner, name, fn, code, label in self.watched:
            now = getattr(owner, name, None)
            if now is fn and (code is None or fn.__code__ is code):
                continue
            # the replacement's code (a new function, or new code in the old one) tells the line
            origin = getattr(now, "__code__", None) if now is not fn else fn.__code__
            line = (origin.co_firstlineno if origin is not None
                    and origin.co_filename in self.student_files else None)
            if code is not None and fn.__code__ is not code:
                fn.__code__ = code
            if now is not fn:
                setattr(owner, name, fn)
            if len(self.found) < MAX_REPORTED and all(f["what"] != label for f in self.found):
                self.found.append({"what": label, "line": line})
        return self.found

    def answer(self, reply) -> bytes:
        """The frame of ``reply``, marked when something was replaced."""
        found = self.check()
        if found and isinstance(reply, dict):
            reply = {**reply, "tampered": [dict(f) for f in found]}
        try:
            return self._pack(reply)
        except BaseException as exc:  # noqa: BLE001 - a hostile result may break encoding
            error = {"type": "UnencodableResult", "traceback": "",
                     "message": f"the result could not be sent back: {type(exc).__name__}"}
            return self._pack({"ok": False, "error": error,
                               **({"tampered": [dict(f) for f in found]} if found else {})})

    def serve(self, sock, state: dict, first_reply) -> None:
        """Send ``first_reply`` (the load's), then answer requests until the grader closes."""
        sock.sendall(self.answer(first_reply))
        while True:
            try:
                msg = self._recv(sock)
            except self._closed:
                return
            self.check()
            sock.sendall(self.answer(self._handle(state, msg)))
