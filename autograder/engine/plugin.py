"""The pytest plugin of a grade: fixtures, points, and per-test feedback.

Registered for one submission's run (``pytest.main(..., plugins=[plugin])``):

* fixtures ``student`` (the proxy to the worker: :mod:`autograder.sandbox.proxy`, which
  also notes the functions each test calls), ``reference`` (the trusted reference module),
  ``assignment``, ``compare``, ``answers`` and ``attach``, defined on the plugin itself
  (pytest collects the fixtures of a registered plugin object), and the parameters of the
  public checks' and the answer cells' suites;
* the marker ``@pytest.mark.points(n, group="idea")`` gives a test its worth
  and the idea it grades (gradebook columns, partial credit by idea);
* ``pytest_runtest_makereport`` turns each outcome into a :class:`TestOutcome`
  whose ``output`` is feedback for the student: our checks' messages, the
  student's own traceback, or a timeout/crash notice. Never the hidden test's
  source (suites run with ``--assert=plain`` and tracebacks are not shown), and never
  more of a hidden case's expected values than :mod:`.draws` allows: two significant
  figures where its inputs were drawn for this grade, none where it is a fixed case.

Gates. An edge case (an all-equal group, ``gamma = 0``) or an "inputs are left
unmodified" test is often passed by code that does nothing useful: zeros are
the right advantages of an all-equal group, and a function that ignores its
input never modifies it. Such a test declares the functions it is an edge case
of, ``@pytest.mark.points(1, group="...", gate="group_advantages")`` (a name or
a list of names), and its points count only once the MAIN tests of those
functions pass. A main test of ``f`` is an ungated test worth points that
called the student's ``f`` (the plugin notes each test's calls; end-to-end runs
are gated themselves, so they are no main test). After the last test,
:meth:`GradingPlugin.apply_gates` sets a gated test that passed to 0 points,
failed, with a line saying which function's main cases must pass first. The
maximum score never changes.
"""
from __future__ import annotations

import importlib.util
import sys
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from pgcheck.assertions import Mismatch
from pgcheck.messages import clip
from pgcheck.runner import owner

from autograder.authoring.course import Assignment
from autograder.engine import draws
from autograder.records.outcomes import TestOutcome
from autograder.sandbox.problems import StudentError, SubmissionProblem

#: the most feedback one test gives, in characters, and all the tests of a submission together;
#: past that, each failure keeps its first line. Feedback quotes what a submission sent (its
#: messages, its answers) and is written to several files, escaped (up to 12 bytes a
#: character in JSON), so these bound what one student's grade writes (2 MB at most)
TEST_OUTPUT_CHARS = 3000
SUBMISSION_OUTPUT_CHARS = 32_000
FIRST_LINE_CHARS = 200


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
    return [(name, fn, owner(name, assignment.functions) or "public")
            for name, fn in vars(module).items() if name.startswith("check_") and callable(fn)]


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


def _own_group(item) -> str | None:
    """The idea of a hidden test worth its marker's points (None: a public check, an answer
    cell's step, or a test without points)."""
    marker = item.get_closest_marker("points")
    if marker is None or not marker.args or item.get_closest_marker("public") is not None \
            or item.get_closest_marker("answer") is not None:
        return None
    return marker.kwargs.get("group") or "other"


def idea_weights(items) -> dict[str, float]:
    """The sum of the ``@points`` markers of each idea's hidden tests, each case of a
    parametrised test counted (a ``@both_dtypes`` test worth 1 weighs 2)."""
    weights: dict[str, float] = {}
    for item in items:
        group = _own_group(item)
        if group is not None:
            worth = float(item.get_closest_marker("points").args[0])
            weights[group] = weights.get(group, 0.0) + worth
    return weights


def gate_of(marker) -> tuple[str, ...]:
    """The functions named by a ``points`` marker's ``gate`` (a name or a list of names)."""
    gate = marker.kwargs.get("gate") if marker else None
    if not gate:
        return ()
    return (gate,) if isinstance(gate, str) else tuple(gate)


def gate_note(functions: list[str], ran: bool = True) -> str:
    """The feedback of a gated test that passed while the main cases of ``functions`` did not:
    what happened (held back), until when, and what to do."""
    names = " and ".join(functions)
    then = (f"fix the failed tests of {names} first" if ran
            else "none of them ran in this grade")
    return (f"held back until the main cases of {names} pass: this test passed, and its "
            f"points count once they do; {then}")


class GradingPlugin:
    def __init__(self, assignment: Assignment, student, *, public_only: bool = False,
                 report_dir: Path | None = None, answers=None):
        self.course_assignment = assignment
        self.student = student      #: the ``student`` fixture (autograder.sandbox.proxy)
        self.answers = answers      #: the ``answers`` fixture (autograder.engine.answers)
        self.public_only = public_only
        self.report_dir = report_dir
        self.outcomes: list[TestOutcome] = []
        self.attachments: list[tuple[str, str]] = []    # (title, file name in report_dir)
        self.compare = None     #: the ``compare`` fixture, once a test asked for it
        self._pending: list[tuple[int, BaseException]] = []  # failures whose cause is settled last
        self.output_chars = 0                           # feedback given so far
        self._grads: dict[int, tuple[str, ...]] = {}    # outcome -> functions, grads compared

    def attach(self, title: str, name: str) -> Path:
        """Where a test saves a figure for the feedback; it is listed under "Figures"."""
        folder = self.report_dir or Path.cwd()
        folder.mkdir(parents=True, exist_ok=True)
        self.attachments.append((title, name))
        return folder / name

    # -- configuration ------------------------------------------------------------
    def pytest_configure(self, config):
        config.addinivalue_line("markers", "points(n, group=None, gate=None): points a test is "
                                "worth; with gate, they count once the main tests of the "
                                "function(s) named pass")
        config.addinivalue_line("markers", "public: a public check (shown to students)")
        config.addinivalue_line("markers", "answer: a step of the notebook's answer cells")
        config.addinivalue_line("markers", "slow: long test")
        # The plugin writes each failure's feedback itself; pytest's own long form of it (the
        # source of every frame, parsed anew) is never shown and would only cost time.
        config.option.tbstyle = "native"

    def pytest_generate_tests(self, metafunc):
        """One test per public check (worth 0 in a grade, 1 in ``autograde check``) and
        one per step of the answer sheet: see the suites :data:`~.grade.PUBLIC_SUITE` and
        :data:`~.grade.ANSWERS_SUITE`."""
        assignment = self.course_assignment
        if "public_check" in metafunc.fixturenames:
            worth = 1 if self.public_only else 0
            metafunc.parametrize("public_check", [
                pytest.param(fn, id=name, marks=[pytest.mark.points(worth, group=group),
                                                 pytest.mark.public])
                for name, fn, group in public_checks(assignment)])
        if "answer_step" in metafunc.fixturenames:
            sheet = assignment.answers
            metafunc.parametrize("answer_step", [
                pytest.param(step, id=step.title, marks=[
                    pytest.mark.points(step.points, group=sheet.idea), pytest.mark.answer])
                for step in sheet.steps])

    @pytest.hookimpl(tryfirst=True)     # before ``-m`` deselects: the whole suite's shares
    def pytest_collection_modifyitems(self, items):
        """Share each idea's declared points (``[points]`` of assignment.toml) among its
        hidden tests, in proportion to their markers (each case of a parametrised test
        counts): :func:`idea_weights`."""
        declared = dict(self.course_assignment.settings.points)
        weights = idea_weights(items)
        for item in items:
            marker = item.get_closest_marker("points")
            group = _own_group(item)
            if group in declared and weights.get(group):
                share = float(marker.args[0]) * declared[group] / weights[group]
                item.add_marker(pytest.mark.points(share, **marker.kwargs), append=False)

    # -- the fixtures the suites use ------------------------------------------------------
    # pytest collects the fixtures of a registered plugin object. Each hands out one object of
    # the plugin's, the same in every test, so they keep pytest's default scope (a method is
    # no session-scoped fixture: pytest deprecates wider scopes for methods).
    @pytest.fixture(name="student")
    def student_fixture(self):
        """The submission: ``student.fn(*args)`` runs ``fn`` in the sandboxed worker."""
        return self.student

    @pytest.fixture(name="reference")
    def reference_fixture(self):
        """The reference solution module (trusted, loaded in the grader)."""
        return reference_module(self.course_assignment)

    @pytest.fixture(name="assignment")
    def assignment_fixture(self):
        return self.course_assignment

    @pytest.fixture(name="compare")
    def compare_fixture(self):
        """``compare("fn", *args, case=...)``: student against reference, with hints
        (see :mod:`autograder.engine.compare`)."""
        from autograder.engine.compare import Causes, Compare

        if self.compare is None:        # one for the whole grade: it keeps every case
            self.compare = Compare(self.student, reference_module(self.course_assignment),
                                   Causes(self.course_assignment, self.student.sources()))
        return self.compare

    @pytest.fixture(name="answers")
    def answers_fixture(self):
        """The notebook's answer cells: ``answers.compare(step)`` (see
        :mod:`autograder.engine.answers`)."""
        if self.answers is None:
            raise RuntimeError("this grade has no answer cells to compare")
        return self.answers

    @pytest.fixture(name="attach")
    def attach_fixture(self):
        """``attach(title, "file.png") -> Path``: save a figure there; the feedback shows it."""
        return self.attach

    # -- results ---------------------------------------------------------------
    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_setup(self, item):
        draws.begin_test()
        if self.compare is not None:
            self.compare.grads_compared.clear()
        # calls that name no case are named by the test, in a timeout's or a skip's feedback
        public = item.get_closest_marker("public") is not None
        self.student.begin(f"the public check {self._title(item)}" if public
                           else f"the test '{self._title(item)}'")

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item, call):
        outcome = yield
        report = outcome.get_result()
        if report.when == "call" or (report.when == "setup" and not report.passed):
            self._record(item, report, call.excinfo.value if call.excinfo else None)

    @staticmethod
    def _title(item) -> str:
        """A public check's name, an answer cell's step, or the first line of a hidden test's
        docstring [parameters]."""
        if item.get_closest_marker("public") is not None or \
                item.get_closest_marker("answer") is not None:
            return item.callspec.id
        doc = (getattr(item.function, "__doc__", None) or "").strip().splitlines()
        title = doc[0] if doc else item.name
        return title + (f" [{item.callspec.id}]" if hasattr(item, "callspec") else "")

    @classmethod
    def planned(cls, item) -> tuple[str, str, float]:
        """(name, group, points) of a collected test: its name is ``"<group>: <title>"``
        (``"public: <check>"`` for a public check), what ``grade --json`` calls it."""
        marker = item.get_closest_marker("points")
        points = float(marker.args[0]) if marker and marker.args else 1.0
        group = (marker.kwargs.get("group") if marker else None) or "other"
        public = item.get_closest_marker("public") is not None
        return f"{'public' if public else group}: {cls._title(item)}", group, points

    def _record(self, item, report, exc):
        name, group, points = self.planned(item)
        marker = item.get_closest_marker("points")
        public = item.get_closest_marker("public") is not None
        # a hidden case: never its answers. An answer cell's step is not one: check.py's
        # answer_* checks show its expected values at home
        if isinstance(exc, Mismatch) and not public and not item.get_closest_marker("answer"):
            exc.shown = draws.revealed()
        text, missing = feedback(exc) if not report.passed else ("", "")
        text = self._bounded(text)
        if not report.passed and self.compare is not None and self.compare.failed_in(exc):
            self._pending.append((len(self.outcomes), exc))
        if self.compare is not None and self.compare.grads_compared:
            self._grads[len(self.outcomes)] = tuple(self.compare.grads_compared)
        self.outcomes.append(TestOutcome(
            name=name, group=group, score=points if report.passed else 0.0, max_score=points,
            status="passed" if report.passed else "failed", output=text,
            visibility="visible" if public else "after_published", not_implemented=missing,
            functions=tuple(dict.fromkeys(self.student.called)), gate=gate_of(marker),
            mutant=""))

    def _bounded(self, text: str) -> str:
        """``text`` within :data:`TEST_OUTPUT_CHARS`, or its first line once the submission's
        feedback has reached :data:`SUBMISSION_OUTPUT_CHARS`."""
        if self.output_chars >= SUBMISSION_OUTPUT_CHARS:
            first, _, rest = text.partition("\n")
            more = "\n[... the rest is left out: this grade's feedback is already long]"
            text = clip(first, FIRST_LINE_CHARS) + (more if rest else "")
        else:
            text = clip(text, TEST_OUTPUT_CHARS)
        self.output_chars += len(text)
        return text

    def pytest_sessionfinish(self, session):
        self.name_causes()
        self.zero_forged_gradients()
        self.apply_gates()

    def zero_forged_gradients(self) -> None:
        """Score 0 every test that compared gradients of a function whose reported gradient
        its own values contradicted somewhere in the grade (:mod:`.probes`): any of them could
        have been passed by the same forgery."""
        forged = self.compare.forged if self.compare is not None else {}
        for i, functions in self._grads.items():
            hit = [fn for fn in functions if fn in forged]
            o = self.outcomes[i]
            if hit and o.max_score > 0 and o.status == "passed":
                fn = hit[0]
                self.outcomes[i] = replace(o, score=0.0, status="failed", output=(
                    f"0 points: the gradient reported for {fn} on case '{forged[fn]}' does not "
                    "match your function's own values, so none of its reported gradients can be "
                    "trusted"))

    def name_causes(self) -> None:
        """Add to each failure of a ``compare`` call the likely cause that the evidence of the
        whole grade supports, if any (:meth:`autograder.engine.compare.Compare.finish`)."""
        for i, exc in self._pending:
            try:
                explained = self.compare.finish(exc)
            except Exception as error:  # noqa: BLE001 - a cause is a bonus; the grade stands
                print(f"[autograde] internal error naming a cause: {error!r}", file=sys.stderr)
                continue
            self.outcomes[i] = replace(self.outcomes[i],
                                       output=clip(explained.text, TEST_OUTPUT_CHARS),
                                       mutant=explained.cause.mistake)
        self._pending.clear()

    def apply_gates(self) -> None:
        """Zero every gated test that passed while a main test of a function it names failed
        (or while no main test of that function ran): see the module docstring."""
        main_passed: dict[str, bool] = {}
        for o in self.outcomes:
            if not o.gate and o.max_score > 0:
                for fn in o.functions:
                    main_passed[fn] = main_passed.get(fn, True) and o.status == "passed"
        for i, o in enumerate(self.outcomes):
            blocked = [fn for fn in o.gate if not main_passed.get(fn, False)]
            if blocked and o.status == "passed" and o.max_score > 0:
                ran = all(fn in main_passed for fn in blocked)
                self.outcomes[i] = replace(o, score=0.0, status="failed",
                                           output=gate_note(blocked, ran),
                                           held_back=tuple(blocked))

