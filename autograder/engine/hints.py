"""Likely causes, named only on specific evidence.

Every call a hidden test makes through ``compare`` is kept as an
:class:`Observation`: the function, its inputs, what the student's function
answered and what the reference answered (a value, gradients, the arguments
after the call, or the type of the exception raised). When the grade is over,
:meth:`Hints.conclude` looks at each function whose tests failed and replays
every known mistake of the bank (``hidden/<name>/mutants``: our own code, run
here, never the student's) on the observed inputs of that function and of the
functions it calls. A mistake is named only when

* its answers agree with the student's on every one of those cases (a student
  whose code the mistake explains everywhere, not on one lucky input), and
* the cases where it differs from the reference carry enough information: at
  least two of them, or one whose answer is more than a bit (a tensor of
  ordinary numbers, not a lone 0.0, 1.0, NaN, inf or an exception), and
* no other known mistake fits as well; when several do (they agree on every
  case the suite tried), the feedback says "one of: ...", and when none does,
  nothing.

Replays are cached per process by the digest of their inputs: a batch grades
many submissions on the same hidden inputs, so each mistake runs once per case.
"""
from __future__ import annotations

import ast
import hashlib
import math
from dataclasses import dataclass
from functools import cache

import torch

from autograder.engine.assertions import Mismatch
from pgcheck.calls import call_function


@dataclass(frozen=True)
class Raised:
    """An answer that was an exception. Any two agree: one bit of evidence, whatever the
    type (an input the codec carries as another type, bytes say, raises another error in
    the worker than in a replay here)."""
    type: str

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
        obs.judge(actual, expected)
    except Mismatch:
        return False
    except Exception:  # noqa: BLE001 - a student's answer is untrusted: any odd value disagrees
        return False
    return True


def _numbers(answer) -> list[float]:
    if isinstance(answer, torch.Tensor):
        return answer.detach().to(torch.float64).reshape(-1).tolist()
    if isinstance(answer, bool):
        return [float(answer)]
    if isinstance(answer, (int, float)):
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
    #: the known mistake's name when exactly one fits (the mutation benchmark counts these)
    mistake: str = ""


#: no cause named
UNKNOWN = Cause()


@dataclass(frozen=True)
class Mistake:
    name: str           #: the mutant file's name
    hint: str
    namespace: dict     #: the whole buggy module, loaded


@cache
def _bank(assignment) -> tuple[list[Mistake], dict[str, set[str]]]:
    """The hinted mistakes and the reference's call graph, loaded once per grading process."""
    from autograder.engine.mutants import bank

    mistakes = [Mistake(m.name, m.hint, m.load()) for m in bank(assignment) if m.hint]
    return mistakes, helpers(assignment.reference_module.read_text())


_replays: dict[tuple[str, str, str], object] = {}     # (assignment, mistake, case key) -> answer


def one_of(hints: list[str]) -> str:
    """How several equally good explanations read."""
    return hints[0] if len(hints) == 1 else "one of: " + "; ".join(hints)


class Hints:
    """The bank of known mistakes of one assignment, ready to replay observed cases."""

    def __init__(self, assignment):
        self.assignment = assignment

    @property
    def mistakes(self) -> list[Mistake]:
        return _bank(self.assignment)[0]

    def scope(self, fn: str) -> set[str]:
        """``fn`` and the functions of the reference it calls."""
        return _bank(self.assignment)[1].get(fn, {fn})

    def replay(self, mistake: Mistake, obs: Observation):
        """The mistake's answer on an observed case (cached)."""
        key = (self.assignment.name, mistake.name, obs.key)
        if key not in _replays:
            _replays[key] = replay(mistake.namespace[obs.fn], obs)
        return _replays[key]

    def fits(self, mistake: Mistake, cases: list[Observation]) -> bool:
        """The rule of the module docstring, for one mistake on the cases in scope."""
        if any(obs.fn not in mistake.namespace for obs in cases):
            return False
        evidence = []
        for obs in cases:
            answer = self.replay(mistake, obs)
            if not agree(obs, obs.student, answer):
                return False
            if not agree(obs, answer, obs.reference):
                evidence.append(answer)
        return len(evidence) >= 2 or any(informative(a) for a in evidence)

    def conclude(self, fn: str, observations: list[Observation]) -> Cause:
        """The likely cause of ``fn``'s failures, if the known mistakes that fit every compared
        case of ``fn`` (and of the helpers it calls) share one."""
        scope = self.scope(fn)
        cases = [o for o in observations if o.fn in scope]
        # the cases the student got wrong first: most mistakes are ruled out on the first one
        cases.sort(key=lambda o: agree(o, o.student, o.reference))
        fitting = [m for m in self.mistakes if self.fits(m, cases)]
        hints = list(dict.fromkeys(m.hint for m in fitting))
        if not hints:
            return UNKNOWN
        return Cause(one_of(hints), fitting[0].name if len(fitting) == 1 else "")


def replay(function, obs: Observation):
    """``function`` on copies of ``obs``'s inputs, answered in the form of ``obs.kind``."""
    from autograder.engine.compare import LocalReply, clone

    args, kwargs = clone(obs.args), clone(obs.kwargs)
    try:
        reply = call_function(function, args, kwargs,
                              grad=obs.spec if obs.kind == "grad" else None)
    except Exception as exc:  # noqa: BLE001 - a known mistake may raise, as a student's code
        return Raised(type(exc).__name__)
    if obs.kind == "grad":
        return LocalReply(reply)
    if obs.kind == "echo":
        return list(args)
    return reply["value"]
