"""Every call a grade makes to a student's function, recorded where the grader talks to the
worker: the hidden suites and the public checks run as in a grade, through the real ``student``
(:class:`~autograder.sandbox.proxy.Student`) and its :class:`~autograder.sandbox.session.Session`,
whose worker is here the reference itself, answering in this process.

:func:`record` runs an assignment's public checks and hidden suite (slow tests included) with
the real grading plugin and fixtures, so every route to a student function is taken as a grade
takes it: ``compare`` (value, ``precision``, ``grad``, ``unmodified``, inside ``gather``), a
test's own ``student.fn(...)``, the gradient probes, and the training runs, whose trainer (in
the grader) calls the student's functions through ``student.fn.on(case)`` and ``student.map``.
All of them end in one request to the worker (:meth:`Session._exchange`): :class:`Recording`
is a session whose exchange encodes the request as the codec would send it, writes down each
call it asks for, answers it with the worker's own handler (:func:`autograder.sandbox.worker.handle`)
on the reference, and parses the reply as a grade does. A training run is cut short once each
of those functions has been called a few times: what is recorded is how the trainer calls them,
not whether it learns. Each :class:`Call` keeps its arguments as they were sent (decoded from
the request's frame), the reference's answer (what the comparison then requires of the
student's), and the test it came from.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from autograder.authoring.course import Assignment
from autograder.engine.grade import PUBLIC_SUITE, PYTEST_ARGS
from autograder.engine.plugin import GradingPlugin, reference_module
from autograder.sandbox import codec, worker
from autograder.sandbox.confine import Config
from autograder.sandbox.proxy import Student
from autograder.sandbox.replies import Reply
from autograder.sandbox.session import Session
from autograder.training import remote

#: requests for each student function a training run sends before it is cut short
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


class Recording(Session):
    """A grade's session whose worker is the reference, in this process; every request the
    grade sends is written down (:attr:`calls`) before it is answered."""

    def __init__(self, assignment: Assignment):
        reference = reference_module(assignment)
        source = Path(reference.__file__).read_text()
        super().__init__(None, {"kind": "py", "source": source}, Config())
        self.state = {"module": reference}
        self.calls: list[Call] = []
        self.case = ""
        self.training: dict = {}        #: calls of each function in this training run

    def _start(self) -> None:
        self.sock, self.fresh = "this process", True     # no worker to start, nothing loaded

    def request(self, message, timeout=None, *, case="", reference=None, label=""):
        self.case = case
        return super().request(message, timeout, case=case, reference=reference, label=label)

    def _exchange(self, message, timeout, reference=None) -> Reply:
        """What the worker receives (the request's frame, decoded), recorded, then answered by
        the worker's handler on the reference; no time is charged."""
        frame = codec.pack(message)
        sent = codec.unpack(frame)
        data = worker.handle(self.state, codec.unpack(frame))
        self.last = 0.0
        reply = Reply.parse(codec.unpack(codec.pack(data)), message)
        if reply.ok:
            self._note(sent, reply.value)
        return reply

    def _note(self, sent: dict, value) -> None:
        training = self.case.startswith(remote.TRAINING)
        fn = sent.get("fn")
        if sent.get("op") == "call":
            kind = ("echo" if sent.get("echo_args") else "run" if training
                    else "grad" if sent.get("grad") else "value")
            calls = [(tuple(sent["args"]), sent["kwargs"], value)]
        elif sent.get("op") == "map":
            kind = "run" if training else "value"
            calls = [(tuple(item), {}, v) for item, v in zip(sent["items"], value)]
        else:
            return
        for args, kwargs, answer in calls:
            self.calls.append(Call(fn, kind, args, kwargs, answer, self.where))
        if training:
            self.training[fn] = self.training.get(fn, 0) + 1
            if self.training[fn] >= TRAINING_CALLS:
                self.training.clear()
                raise _Enough(CUT_SHORT)


def record(assignment: Assignment, marks: str = "") -> list[Call]:
    """Every call the public checks and the hidden suite of ``assignment`` make to a student
    function, answered by the reference (see the module docstring); ``marks``: only the tests
    pytest's ``-m`` selects (``"slow"``, ``"not slow"``)."""
    recording = Recording(assignment)
    plugin = GradingPlugin(assignment, Student(recording))
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
