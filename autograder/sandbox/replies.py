"""What the grader accepts back from a worker: typed replies, their budgets, their texts cut.

Nothing a worker sends is trusted, so before the grader holds a reply it knows how much it will
read (:func:`reply_budget`, checked by the codec against the frame's declared lengths), and once
decoded the reply is checked field by field against the request it answers (:class:`Reply`):

=====================  ====================================================================
budget of a reply      64 times what the reference's answer on the same input takes
                       (:class:`ReferenceRun`; the call's arguments stand in when there is
                       no reference answer, and are added for a call that sends back
                       gradients or its arguments), plus a fixed allowance, under a ceiling
                       that only a reference answer of that size lifts (a notebook's answer
                       cells: the same, the reference's being the solution notebook's; one
                       function on many inputs, ``student.map``: its request stands in);
                       loading, the allowance
texts                  an exception's type name, message and traceback are cut here to
                       :data:`TYPE_CHARS`, :data:`MESSAGE_CHARS` and :data:`TRACEBACK_CHARS`
                       characters, whatever the worker's own code did
=====================  ====================================================================

A refused reply is worded for the student by :func:`too_large`: "your answer is 800 MB;
expected about 1.2 KB".
"""
from __future__ import annotations

from dataclasses import dataclass, field

from pgcheck.messages import Origin, clip

from autograder.sandbox import codec
from autograder.sandbox.codec import Budget, Size, human_bytes

#: a reply may take this many times what the reference's answer on the same input takes ...
REPLY_FACTOR = 64
#: ... plus this much (an exception's message and traceback, an answer of another type or a
#: broadcast shape; the values allow for every character of the longest error an honest worker
#: sends to be a comma); more than the ceiling only when the reference's own answer is that large
REPLY_ALLOWANCE = Size(bytes=256 << 10, values=8192)
REPLY_CEILING = Size(bytes=96 << 20, values=1 << 19)
#: the parts of a reported exception kept, in characters (the worker's own cuts count for nothing)
TYPE_CHARS, MESSAGE_CHARS, TRACEBACK_CHARS = 100, 1000, 1500


@dataclass(frozen=True)
class WorkerError:
    """An exception the worker reported: its type name, message and the student's frames,
    each cut to a fixed length here."""
    type: str = "Exception"
    message: str = ""
    traceback: str = ""
    #: the student's function and line that raised it, when the worker says so and it is one
    origin: Origin | None = None

    @classmethod
    def parse(cls, data) -> "WorkerError":
        if not isinstance(data, dict) or not all(
                isinstance(data.get(k, ""), str) for k in ("type", "message", "traceback")):
            raise codec.ProtocolError("the error of a reply is not three strings")
        return cls(clip(data.get("type") or "Exception", TYPE_CHARS),
                   clip(data.get("message", ""), MESSAGE_CHARS),
                   clip(data.get("traceback", ""), TRACEBACK_CHARS, keep="tail"),
                   Origin.parse(data.get("function"), data.get("line")))


#: the types of a reply's optional fields
_KINDS = {"grads": (list, type(None)), "grad_error": (str, type(None)), "args_after": (list,),
          "kwargs_after": (dict,), "reached": (list,)}


@dataclass(frozen=True)
class Reply:
    """A worker's reply to one request, every field checked (see :mod:`.worker`)."""
    ok: bool
    value: object = None
    grads: list | None = None           #: one gradient per ``wrt`` entry, or None
    grad_error: str | None = None
    #: per ``wrt`` entry: whether the output's graph reaches it through torch's own nodes
    #: (:mod:`.harness`); None: not said
    reached: tuple | None = None
    args_after: list = field(default_factory=list)
    kwargs_after: dict = field(default_factory=dict)
    error: WorkerError = WorkerError()
    #: what the worker's harness found replaced (:mod:`.harness`): (what, line or None)
    tampered: tuple = ()

    @classmethod
    def parse(cls, data, request: dict) -> "Reply":
        """ProtocolError unless ``data`` is a reply of the worker's shape to ``request``: one
        gradient per argument asked for, every argument echoed when asked (fewer would leave
        checks undone)."""
        if not isinstance(data, dict) or not isinstance(data.get("ok"), bool):
            raise codec.ProtocolError("the reply is not of the worker's shape")
        tampered = _tampered(data.get("tampered"))
        if not data["ok"]:
            return cls(False, error=WorkerError.parse(data.get("error")), tampered=tampered)
        for key, kind in _KINDS.items():
            if key in data and not isinstance(data[key], kind):
                raise codec.ProtocolError(f"field {key!r} of the reply has the wrong type")
        grads = data.get("grads")
        if request.get("grad") and grads is not None and len(grads) != len(request["grad"]["wrt"]):
            raise codec.ProtocolError("not one gradient per argument asked for")
        reached = data.get("reached")
        if reached is not None and (not request.get("grad") or len(reached) != len(
                request["grad"]["wrt"]) or not all(type(r) is bool for r in reached)):
            raise codec.ProtocolError("not one reach per argument asked for")
        after, kwargs_after = data.get("args_after", []), data.get("kwargs_after", {})
        if request.get("echo_args") and (len(after) != len(request["args"])
                                         or set(kwargs_after) != set(request["kwargs"])):
            raise codec.ProtocolError("not every argument sent back")
        return cls(True, data.get("value"), grads,
                   None if data.get("grad_error") is None else clip(data["grad_error"], 300),
                   None if reached is None else tuple(reached), after, kwargs_after,
                   tampered=tampered)


def _tampered(found) -> tuple:
    """The harness's findings as ``((what, line or None), ...)``; anything else that claims
    to be findings still counts as one (a tampered reply of the wrong shape)."""
    if found is None:
        return ()
    if not isinstance(found, list) or not found:
        return (("the harness's report", None),)
    out = []
    for item in found[:8]:
        what = item.get("what") if isinstance(item, dict) else None
        line = item.get("line") if isinstance(item, dict) else None
        out.append((clip(what, 80) if isinstance(what, str) else "the harness's report",
                    line if type(line) is int and line > 0 else None))
    return tuple(out)


@dataclass(frozen=True)
class StepReply:
    """One answer cell as the worker ran it (``{"op": "answers"}``): the cell it found (its
    index in the notebook; None: none), the step's variables it defined, and the exception
    it raised (None: none)."""
    cell: int | None
    values: dict
    error: WorkerError | None = None

    @classmethod
    def parse_all(cls, value, request: dict) -> tuple["StepReply", ...]:
        """ProtocolError unless ``value`` holds one result per step of ``request``: a cell of
        the notebook sent (or None), variables of that step only, an error or None."""
        steps, cells = request["steps"], {index for index, _ in request["cells"]}
        if not isinstance(value, list) or len(value) != len(steps):
            raise codec.ProtocolError("not one result per answer cell")
        out = []
        for item, (_, names) in zip(value, steps):
            if not isinstance(item, dict) or set(item) != {"cell", "values", "error"}:
                raise codec.ProtocolError("an answer cell's result is not of the worker's shape")
            index, values = item["cell"], item["values"]
            if index is not None and (type(index) is not int or index not in cells):
                raise codec.ProtocolError("an answer cell's result names no cell sent")
            if not isinstance(values, dict) or not set(values) <= set(names):
                raise codec.ProtocolError("an answer cell's result holds other variables")
            out.append(cls(index, values,
                           None if item["error"] is None else WorkerError.parse(item["error"])))
        return tuple(out)


@dataclass(frozen=True)
class ReferenceRun:
    """What the reference solution did on the input of a student's call, measured in the
    grader: the call's time limit follows ``seconds`` (None: not measured, the floor applies)
    and its reply budget follows ``answer``, the size of the reference's encoded answer
    (None: unknown; the call's own arguments stand in)."""
    seconds: float | None = None
    answer: Size | None = None

    @classmethod
    def of(cls, answer, seconds: float | None) -> "ReferenceRun":
        """The run that answered ``answer`` (None: unknown) in ``seconds``."""
        return cls(seconds, None if answer is None else Size.of(codec.pack(answer)))


def reply_budget(message: dict, request: Size, reference: ReferenceRun | None) -> Budget:
    """How much of the worker's reply to ``message`` (whose frame is ``request``) the grader
    will read: see the module docstring."""
    if message.get("op") not in ("call", "answers", "map"):
        return Budget.around(Size(0, 0), REPLY_FACTOR, REPLY_ALLOWANCE, REPLY_CEILING)
    answer = reference.answer if reference is not None else None
    basis = answer if answer is not None else request
    if message.get("grad") or message.get("echo_args"):    # gradients, arguments after
        basis = basis + request
    budget = Budget.around(basis, REPLY_FACTOR, REPLY_ALLOWANCE, REPLY_CEILING)
    return Budget(budget.bytes, budget.values, answer)


def too_large(exc: codec.ReplyTooLarge) -> tuple[str, str]:
    """How large a refused reply was, and what was expected instead: ('800 MB', 'about 1.2
    KB'), or in JSON values when those were too many."""
    size, budget, expected = exc.size, exc.budget, exc.budget.expected
    if size.bytes > budget.bytes:
        return (human_bytes(size.bytes), f"about {human_bytes(expected.bytes)}" if expected
                else f"at most {human_bytes(budget.bytes)}")
    return (f"made of {size.values:,} values (numbers, strings, lists)",
            f"about {expected.values:,}" if expected else f"at most {budget.values:,}")
