"""The pytest plugin of a grade: fixtures, points, and per-test feedback.

Registered for one submission's run (``pytest.main(..., plugins=[plugin])``):

* fixtures ``student`` (the proxy to the worker), ``reference`` (the trusted
  reference module) and ``assignment``, defined in :mod:`autograder.fixtures`;
* the marker ``@pytest.mark.points(n, group="idea")`` gives a test its worth
  and the idea it grades (gradebook columns, partial credit by idea);
* ``pytest_runtest_makereport`` turns each outcome into a :class:`TestOutcome`
  whose ``output`` is feedback for the student: our checks' messages, the
  student's own traceback, or a timeout/crash notice. Never the hidden test's
  source (suites run with ``--assert=plain`` and tracebacks are not shown).
"""
from __future__ import annotations

import importlib.util
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from .checking import Mismatch
from .course import Assignment
from .worker.client import StudentError, SubmissionProblem



@dataclass
class TestOutcome:
    name: str
    group: str
    score: float
    max_score: float
    status: str                 # "passed" | "failed"
    output: str
    visibility: str             # Gradescope: "visible" for public checks, else "after_published"
    not_implemented: str = ""   # the function a stub named, when that is why it failed


@cache
def load_module(path: Path, name: str):
    """Import a trusted course file (reference, public checks) under a private name."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def reference_module(assignment: Assignment):
    return load_module(assignment.reference_module, f"_autograde_reference_{assignment.name}")


def public_checks(assignment: Assignment) -> list:
    """(name, function, group) of every ``check_*`` in the assignment's public checks."""
    module = load_module(assignment.checks_module, f"_autograde_checks_{assignment.name}")
    checks = []
    for name, fn in vars(module).items():
        if name.startswith("check_") and callable(fn):
            group = next((f for f in sorted(assignment.functions, key=len, reverse=True)
                          if name[len("check_"):].startswith(f)), "public")
            checks.append((name, fn, group))
    return checks


def feedback(exc: BaseException | None) -> tuple[str, str]:
    """(feedback text, function named by a NotImplementedError stub) for a failure."""
    if exc is None:
        return "", ""
    if isinstance(exc, StudentError) and exc.not_implemented:
        return str(exc), exc.function()
    if isinstance(exc, (Mismatch, SubmissionProblem)):
        return str(exc), ""
    if isinstance(exc, AssertionError):
        return (str(exc).strip() or "a check failed"), ""
    # Anything else is a fault of the test itself: tell the student plainly, hide the details.
    print(f"[autograde] internal error in a test: {type(exc).__name__}: {exc}", file=sys.stderr)
    return (f"the grader could not finish this test (internal error {type(exc).__name__}); "
            "this is not your fault, please tell the course staff"), ""


class GradingPlugin:
    def __init__(self, assignment: Assignment, student, *, public_only: bool = False,
                 report_dir: Path | None = None):
        self.course_assignment = assignment
        self.student = student
        self.public_only = public_only
        self.report_dir = report_dir
        self.outcomes: list[TestOutcome] = []
        self.attachments: list[tuple[str, str]] = []    # (title, file name in report_dir)

    def attach(self, title: str, name: str) -> Path:
        """Where a test saves a figure for the feedback; it is listed under "Figures"."""
        folder = self.report_dir or Path.cwd()
        folder.mkdir(parents=True, exist_ok=True)
        self.attachments.append((title, name))
        return folder / name

    # -- configuration and fixtures -----------------------------------------
    def pytest_configure(self, config):
        config.addinivalue_line("markers", "points(n, group=None): points a test is worth")
        config.addinivalue_line("markers", "public: a public check (shown to students)")
        config.addinivalue_line("markers", "slow: long test")

    # -- results ---------------------------------------------------------------
    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item, call):
        outcome = yield
        report = outcome.get_result()
        if report.when == "call" or (report.when == "setup" and not report.passed):
            self._record(item, report, call.excinfo.value if call.excinfo else None)

    def _record(self, item, report, exc):
        marker = item.get_closest_marker("points")
        points = float(marker.args[0]) if marker and marker.args else 1.0
        group = (marker.kwargs.get("group") if marker else None) or "other"
        public = item.get_closest_marker("public") is not None
        doc = (getattr(item.function, "__doc__", None) or "").strip().splitlines()
        if public:
            title = item.callspec.id
        else:
            title = doc[0] if doc else item.name
            title += f" [{item.callspec.id}]" if hasattr(item, "callspec") else ""
        text, missing = feedback(exc) if not report.passed else ("", "")
        self.outcomes.append(TestOutcome(
            name=f"{'public' if public else group}: {title}",
            group=group, score=points if report.passed else 0.0, max_score=points,
            status="passed" if report.passed else "failed", output=text,
            visibility="visible" if public else "after_published", not_implemented=missing))


def active(config) -> GradingPlugin:
    """The grading plugin registered for this pytest run."""
    return next(p for p in config.pluginmanager.get_plugins() if isinstance(p, GradingPlugin))
