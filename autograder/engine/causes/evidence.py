"""The evidence a grade leaves for the causes: every compared case, and how answers agree.

Every call a hidden test makes through ``compare`` is kept as an :class:`Observation`: the
function, its inputs, what the student's function answered and what the reference answered
(a value, gradients, the arguments after the call, or the type of the exception raised), and
how the test judged it. Everything in :mod:`autograder.engine.causes` reads these, and nothing
here imports :mod:`autograder.engine.compare` (which imports this).
"""
from __future__ import annotations

import ast
import hashlib
import math
import re
from dataclasses import dataclass

import torch

from pgcheck.messages import clip


@dataclass(frozen=True)
class Raised:
    """An answer that was an exception. Any two agree: one bit of evidence, whatever the
    type (an input the codec carries as another type, bytes say, raises another error in
    the worker than in a replay here). A student's exception also keeps where the worker
    said it was raised (the last frame inside the submission: its function and line, checked
    by :class:`pgcheck.messages.Origin`) and its message made :func:`one_line`; they are what
    :func:`autograder.engine.causes.raised.everywhere` names, never what decides agreement."""
    type: str
    message: str = ""
    function: str = ""
    line: int = 0

    def __eq__(self, other):
        return isinstance(other, Raised)

    def __hash__(self):
        return 0


@dataclass
class Observation:
    """One compared case: ``fn(*args, **kwargs)`` on both sides, and how it was judged."""
    fn: str
    kind: str                   #: "value", "grad" (value and gradients) or "echo" (inputs after)
    args: tuple
    kwargs: dict
    student: object             #: the student's answer (a value, a reply, args after, Raised)
    reference: object           #: the reference's answer, in the same form
    judge: object               #: judge(actual, expected) raises Mismatch when they differ
    spec: dict | None = None    #: the gradient request of a "grad" case
    key: str = ""               #: digest of fn, kind, inputs and request (the replay cache's key)

    def __post_init__(self):
        if not self.key:
            self.key = digest((self.fn, self.kind, self.args, self.kwargs, self.spec))


#: an exception's message kept for a cause: a torch or Python message that says what went wrong
#: ("unsupported operand type(s) for &: 'Tensor' and 'float'", a shape mismatch naming both
#: shapes) fits in half of this; a longer one is cut, saying so
MESSAGE_CHARS = 200
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069]+")


def one_line(message: str, limit: int = MESSAGE_CHARS) -> str:
    """An untrusted exception message as one short line: control, line-breaking and
    direction-changing characters become a space, runs of spaces one, then at most ``limit``
    characters (:func:`pgcheck.messages.clip`).

    >>> one_line("shape\\n\\x1b[31m (2, 3)\\t and (3,)")
    'shape [31m (2, 3) and (3,)'
    """
    text = " ".join(_CONTROL.sub(" ", str(message)).split())
    return clip(text, limit)


def digest(value) -> str:
    """A stable digest of call inputs (tensors by dtype, shape, grad flag and bytes)."""
    h = hashlib.blake2b(digest_size=16)

    def feed(v):
        if isinstance(v, torch.Tensor):
            t = v.detach().contiguous().cpu()
            h.update(f"T{t.dtype}{tuple(t.shape)}{v.requires_grad}".encode())
            h.update(t.reshape(-1).view(torch.uint8).numpy().tobytes() if t.numel() else b"")
        elif isinstance(v, (list, tuple)):
            h.update(f"{type(v).__name__}{len(v)}(".encode())
            for item in v:
                feed(item)
            h.update(b")")
        elif isinstance(v, dict):
            h.update(b"{")
            for k in sorted(v, key=str):
                h.update(repr(k).encode())
                feed(v[k])
            h.update(b"}")
        else:
            h.update(f"{type(v).__name__}:{v!r}".encode())

    feed(value)
    return h.hexdigest()


def agree(obs: Observation, actual, expected) -> bool:
    """Whether ``actual`` passes ``obs``'s own check against ``expected``."""
    if isinstance(actual, Raised) or isinstance(expected, Raised):
        return actual == expected
    try:
        obs.judge(actual, expected)     # a Mismatch when they differ
    except Exception:  # noqa: BLE001 - a student's answer is untrusted: any odd value disagrees
        return False
    return True


def compared(fn: str, observations: list[Observation]) -> list[Observation]:
    """The cases of ``fn`` that compared answers (values, or values and gradients)."""
    return [o for o in observations if o.fn == fn and o.kind in ("value", "grad")]


def wrong(cases: list[Observation]) -> list[Observation]:
    """The cases whose student's answer fails the case's own check."""
    return [o for o in cases if not agree(o, o.student, o.reference)]


def _numbers(answer) -> list[float]:
    if isinstance(answer, torch.Tensor):
        return answer.detach().to(torch.float64).reshape(-1).tolist()
    if isinstance(answer, (bool, int, float)):
        return [float(answer)]
    if isinstance(answer, (list, tuple)):
        return [x for item in answer for x in _numbers(item)]
    if hasattr(answer, "value"):
        return _numbers(answer.value) + _numbers(list(getattr(answer, "grads", None) or []))
    return [] if answer is None else [hash(str(answer))]


def informative(answer) -> bool:
    """More than a bit: not an exception, and not one number repeated that is 0, 1, inf or NaN
    (the answer of countless different mistakes)."""
    if isinstance(answer, Raised):
        return False
    numbers = {"nan" if math.isnan(x) else x for x in _numbers(answer)}
    if len(numbers) != 1:
        return len(numbers) > 1
    (only,) = numbers
    return not (only == "nan" or only in (0.0, 1.0) or math.isinf(only))


def helpers(source: str) -> dict[str, set[str]]:
    """For each function of a module: itself and the module's functions it calls, transitively.

    >>> sorted(helpers("def f(x):\\n    return g(x)\\ndef g(x):\\n    return x\\n")["f"])
    ['f', 'g']
    """
    tree = ast.parse(source)
    defs = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    calls = {name: {c.func.id for c in ast.walk(node) if isinstance(c, ast.Call)
                    and isinstance(c.func, ast.Name) and c.func.id in defs}
             for name, node in defs.items()}
    closure = {}
    for name in defs:
        seen, todo = {name}, [name]
        while todo:
            for callee in calls[todo.pop()] - seen:
                seen.add(callee)
                todo.append(callee)
        closure[name] = seen
    return closure


@dataclass(frozen=True)
class Cause:
    """What the evidence of a whole grade says about one function's failures."""

    #: the likely cause, as the student reads it; None when no known mistake fits every case
    hint: str | None = None
    #: the known mistake's name when exactly one fits (the mutation benchmark counts these),
    #: or ``relation:<name>`` for a relation (:mod:`autograder.engine.causes.relations`)
    mistake: str = ""
    #: the cause explains some failed cases only; on the others the student's answer differs
    #: in another way (shown as "another difference remains")
    partial: bool = False

    @property
    def text(self) -> str | None:
        """What the student reads after "likely cause:"."""
        if not self.hint:
            return None
        return self.hint + ("; another difference remains, which this does not explain"
                            if self.partial else "")


#: no cause named
UNKNOWN = Cause()


