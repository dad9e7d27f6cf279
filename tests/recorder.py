"""Every call a grade makes to a student's function, recorded: the hidden suites and the public
checks run as in a grade, against a student that is the reference itself (our own code, run in
this process) and that writes down each call.

:func:`record` runs an assignment's public checks and hidden suite (slow tests included) with
the real grading plugin and fixtures, so every route to a student function is taken as a grade
takes it: ``compare`` (value, ``precision``, ``grad``, ``unmodified``, inside ``gather``), a
test's own ``student.fn(...)``, and the training runs, whose trainer (in the grader) calls the
student's functions through ``student.fn.on(case)`` and ``student.map``. A training run is cut short once each of those
functions has been called a few times: what is recorded is how the trainer calls them, not
whether it learns. Each :class:`Call` keeps its arguments as they were before the call, the
reference's answer (what the comparison then requires of the student's), and the test it came
from.
"""
from __future__ import annotations

import types
from dataclasses import dataclass, field

import pytest

from autograder.authoring.course import Assignment
from autograder.engine.grade import PUBLIC_SUITE, PYTEST_ARGS
from autograder.engine.plugin import GradingPlugin, reference_module
from autograder.training import remote
from pgcheck.calls import CallResult, call_function, clone

#: calls of each student function a training run makes before it is cut short
TRAINING_CALLS = 3
CUT_SHORT = "recorded; the training run was cut short"


@dataclass
class Call:
    fn: str
    kind: str               #: "value", "grad", "echo" (a compare.unmodified) or "run" (training)
    args: tuple
    kwargs: dict
    value: object           #: the reference's answer
    where: str              #: the test (or public check) that made the call


class _Enough(AssertionError):
    """Stops a training run once it has shown how it calls the student's functions."""


@dataclass
class Recording:
    """The ``student`` of a grade, answered by the reference, every call written down."""
    reference: types.ModuleType
    assignment: Assignment
    calls: list[Call] = field(default_factory=list)
    where: str = ""
    training: dict = field(default_factory=dict)     #: calls of each function in this run
    called: list[str] = field(default_factory=list)  #: as the proxy's: the test's functions
    session = None                                   #: no worker (no probe timeout to set)

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        self.called.append(name)
        return _Function(self, name)

    def begin(self, where: str) -> None:
        self.where = where
        self.called.clear()

    def _note(self, fn, kind, args, kwargs, value) -> None:
        self.calls.append(Call(fn, kind, args, kwargs, value, self.where))

    def map(self, fn: str, items: list, *, case: str, timeout=None) -> list:
        """``student.map``: a training run's ``verify`` on every completion of an update."""
        self.called.append(fn)
        return [_Function(self, fn).on(case, None)(*item) for item in items]

    def count_training_call(self, fn: str) -> None:
        """Stop a training run once it has called ``fn`` :data:`TRAINING_CALLS` times."""
        self.training[fn] = self.training.get(fn, 0) + 1
        if self.training[fn] >= TRAINING_CALLS:
            self.training.clear()
            raise _Enough(CUT_SHORT)


class _Function:
    """``student.fn`` of a :class:`Recording`, with the proxy's ``on``, ``grad`` and ``echo``."""

    def __init__(self, recording: Recording, name: str, training: bool = False):
        self.recording, self.__name__ = recording, name
        self.function = getattr(recording.reference, name)
        self.training = training

    def on(self, case, reference_seconds, answer=None) -> "_Function":
        """The function for one case; a training run's case (:data:`remote.TRAINING`) is cut
        short after a few calls."""
        return _Function(self.recording, self.__name__, case.startswith(remote.TRAINING))

    def _note(self, kind, before, value) -> None:
        self.recording._note(self.__name__, "run" if self.training else kind, *before, value)
        if self.training:
            self.recording.count_training_call(self.__name__)

    def __call__(self, *args, **kwargs):
        before = (clone(args), clone(kwargs))
        value = self.function(*args, **kwargs)
        self._note("value", before, value)
        return value

    def grad(self, *args, wrt, output=None, grad_output=None, **kwargs) -> CallResult:
        before = (clone(args), clone(kwargs))
        reply = call_function(self.function, args, kwargs,
                              grad={"wrt": list(wrt), "output": output, "grad_output": grad_output})
        self._note("grad", before, reply["value"])
        return CallResult.of(reply)

    def echo(self, *args, **kwargs) -> CallResult:
        before = (clone(args), clone(kwargs))
        reply = call_function(self.function, args, kwargs, echo_args=True)
        self.recording._note(self.__name__, "echo", *before, reply["value"])
        return CallResult.of(reply)


def record(assignment: Assignment, marks: str = "") -> list[Call]:
    """Every call the public checks and the hidden suite of ``assignment`` make to a student
    function, answered by the reference (see the module docstring); ``marks``: only the tests
    pytest's ``-m`` selects (``"slow"``, ``"not slow"``)."""
    recording = Recording(reference_module(assignment), assignment)
    plugin = GradingPlugin(assignment, recording)
    suites = [str(PUBLIC_SUITE)]
    if assignment.hidden_dir.is_dir():
        suites.append(str(assignment.hidden_dir))
    selection = ["-m", marks] if marks else []
    code = pytest.main(PYTEST_ARGS + selection + suites, plugins=[plugin])
    failed = [o.name for o in plugin.outcomes if o.status != "passed" and o.output
              and CUT_SHORT not in o.output]
    assert code in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED,
                    pytest.ExitCode.NO_TESTS_COLLECTED), code
    assert not failed, f"the reference failed tests of its own suite: {failed}"
    return recording.calls
