"""Grade one submission: load -> run -> score -> report.

1. load:   :func:`submission.read` reads the file (never runs it);
2. run:    a sandboxed worker loads it; pytest runs the public checks and the
           hidden suite in THIS process, every ``student.fn(...)`` crossing to
           the worker;
3. score:  the plugin's outcomes, summed;
4. report: ``results.json``, ``feedback.md`` in ``OUT/<student>/``.

The process that runs this holds the hidden tests and the reference; student
code never runs in it.
"""
from __future__ import annotations

import os
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from autograder.authoring.course import Assignment, package_dir
from autograder.authoring.inputs import grade_inputs
from autograder.authoring.fingerprints import submission_fingerprint
from autograder.engine import discover, draws
from autograder.engine.answers import (NotebookAnswers, missing_text, written_answers,
                                       written_text)
from autograder.engine.compare import reference_timer
from autograder.engine.options import Options  # noqa: F401 - runner.Options, as before
from autograder.engine.plugin import GradingPlugin, TestOutcome, reference_module
from autograder.report import write_report_failure, write_submission_report
from autograder.report.redact import GraderPaths
from autograder.records.grades import GradeDetails, Graded, TimeSpent, WrittenRecord
from autograder.sandbox.problems import LoadFailure
from autograder.sandbox.proxy import Student
from autograder.sandbox.servers import Zygote
from autograder.sandbox.session import Session, tampering_text
from autograder.sandbox.confine import Config

PUBLIC_SUITE = Path(__file__).resolve().parent / "public" / "test_public.py"
#: the notebook's answer cells, for an assignment whose registry declares them
ANSWERS_SUITE = Path(__file__).resolve().parent / "exercises" / "test_answers.py"
#: pytest's plugins that a grade does not use, left out: each costs every test something (the
#: logging plugin alone attaches a handler to each of torch's non-propagating loggers, twice per
#: test phase); none of their fixtures (caplog, tmp_path, monkeypatch, recwarn) is a suite's
UNUSED_PLUGINS = ("cacheprovider", "terminal", "warnings", "unraisableexception",
                  "threadexception", "logging", "faulthandler", "doctest", "junitxml",
                  "pastebin", "stepwise", "legacypath", "tmpdir", "monkeypatch", "recwarn",
                  "setuponly", "setupplan", "debugging")
PYTEST_ARGS = [*(arg for name in UNUSED_PLUGINS for arg in ("-p", f"no:{name}")),
               "--assert=plain", "-c", os.devnull, "-s",
               # hidden suites are imported under names of their own: a grade run inside another
               # pytest session (the project's tests) must not clash with its tests/test_*.py
               "--import-mode=importlib"]


class _Unloadable(Student):
    """Stands in for the student when the submission could not even be read: each function
    a test names is noted, and raises :class:`LoadFailure`."""

    def __init__(self, reason: str):
        super().__init__(session=None)
        self.reason = reason

    def function(self, name: str):
        raise LoadFailure(self.reason)


def forged_outcomes(outcomes: list, found: tuple) -> list:
    """``outcomes`` once the worker's harness found code replaced (:mod:`.sandbox.harness`):
    every test worth points scores 0, since each was decided by results the worker reported
    and the replacement could have forged any of them; the feedback says why in one sentence."""
    text = (f"0 points: your code reached for or replaced code the grader relies on to observe "
            f"your functions "
            f"({tampering_text(found)}), so none of the results reported from your code can be "
            "trusted.")
    return [replace(o, score=0.0, status="failed", output=text) if o.max_score > 0 else o
            for o in outcomes]


def suite_paths(assignment: Assignment, public_only: bool) -> list[str]:
    paths = [str(PUBLIC_SUITE)]
    if not public_only and assignment.hidden_dir.is_dir():
        paths.append(str(assignment.hidden_dir))
    if not public_only and assignment.answers.steps:
        paths.append(str(ANSWERS_SUITE))
    return paths


def planned_tests(assignment: Assignment) -> list[tuple[str, float]]:
    """(name, points) of every test a full grade of ``assignment`` records, in order, found
    without grading anything: pytest collects the suites a grade runs (public checks, hidden
    suite, answer cells) and names each as the plugin will, then the written answers."""
    class Collect:
        items: list = []

        def pytest_collection_finish(self, session):
            self.items = list(session.items)

    collect, plugin = Collect(), GradingPlugin(assignment, student=None)
    with pytest.MonkeyPatch.context() as env:
        env.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")      # as in a grade
        code = pytest.main([*PYTEST_ARGS, "--collect-only",
                            *suite_paths(assignment, public_only=False)],
                           plugins=[plugin, collect])
    if code != pytest.ExitCode.OK:
        raise RuntimeError(f"the suites of {assignment.name} could not be collected "
                           f"(pytest exit {code})")
    planned = [GradingPlugin.planned(item) for item in collect.items]
    sheet = assignment.answers
    return [(name, points) for name, _, points in planned] + \
        [(written_name(sheet, w), w.points) for w in sheet.written]


def notebook_answers(assignment: Assignment, sub, new_session) -> NotebookAnswers | None:
    """The ``answers`` fixture of a grade of ``sub`` (None: the assignment has no answer
    cells)."""
    if not assignment.answers.steps:
        return None
    return NotebookAnswers(assignment, sub.answer_source if not sub.problem else None,
                           new_session, problem=sub.problem,
                           missing=missing_text(assignment, sub))


def written_name(sheet, question) -> str:
    """What ``grade --json`` calls the test of a written answer."""
    return f"{sheet.written_idea}: {question.title}"


def written_outcomes(assignment: Assignment, written: list, problem: str = "") -> list[TestOutcome]:
    """One test per written answer: worth its points, 0 until a person scores it
    (:mod:`autograder.batch.manual` merges the scores); ``problem``: why the submission could
    not be read, which is then what each says."""
    sheet = assignment.answers
    return [TestOutcome(name=written_name(sheet, w.question),
                        group=sheet.written_idea, score=0.0, max_score=w.question.points,
                        status="failed", output=problem or written_text(w, assignment.notebook.name),
                        visibility="after_published", manual=True)
            for w in written]


def hidden_paths(assignment: Assignment, out_dir: Path, sub_path: Path) -> list[str]:
    """What the worker must not see: course internals, outputs, every submission."""
    root = assignment.root
    folder = (sub_path if sub_path.is_dir() else sub_path.parent).resolve()
    hide = [root / "solutions", package_dir(), root / "tests", root / ".git", out_dir,
            folder, folder.parent, Path("/autograder")]
    # never hide the interpreter's own installation (the worker imports from it lazily)
    keep = [Path(sys.prefix).resolve(), Path(sys.base_prefix).resolve(), Path(os.__file__).parent]
    return sorted({str(p.resolve()) for p in hide
                   if p.exists() and p.resolve() != Path("/")
                   and not any(k.is_relative_to(p.resolve()) for k in keep)})


def grade(student_id: str, path: Path, assignment: Assignment, options: Options,
          zygote: Zygote, sub: discover.Submission | None = None) -> Graded:
    """Grade one submission and write its report; returns the grading command's JSON object.

    ``sub`` is the submission as :func:`discover.read <autograder.engine.discover.read>`
    read it from ``path``, when that was done elsewhere (a cluster's client reads it and
    sends it to the worker: :mod:`autograder.cluster`); by default it is read here.

    Long because: it is the one place where the steps of a grade meet (read, sandbox,
    pytest, answer cells, written answers, report), each a few lines, in order.
    """
    start = time.monotonic()
    if sub is None:
        sub = discover.read(student_id, path, assignment.name, assignment.functions,
                               answers=bool(assignment.answers))
    session = None
    config = Config(mode=options.sandbox, limits=options.limits,
                    hide=hidden_paths(assignment, options.out_dir, path))
    if sub.problem:
        student = _Unloadable(sub.problem)
    else:
        provided = dict(grade_inputs(assignment).provided)
        session = Session(zygote, sub.load_message(assignment.name, provided), config)
        student = Student(session, timer=reference_timer(reference_module(assignment)))
    answers = notebook_answers(assignment, sub, lambda load: Session(zygote, load, config))
    plugin = GradingPlugin(assignment, student, public_only=options.public_only,
                           report_dir=options.out_dir / student_id, answers=answers)
    # third-party pytest plugins play no part in a grade (and some are slow to load)
    os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    seed = draws.grade_seed(draws.secret(assignment), submission_fingerprint(sub))
    try:
        selection = ["-m", "not slow"] if options.skip_slow else []
        with draws.grading(seed):       # the hidden inputs of this submission's grade
            code = pytest.main(PYTEST_ARGS + selection
                               + suite_paths(assignment, options.public_only), plugins=[plugin])
    finally:
        if session is not None:
            session.close()
        if answers is not None:
            answers.close()
    if code not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED):
        raise RuntimeError(f"the hidden suite of {assignment.name} did not run (pytest exit {code})")
    if session is not None and session.tampered:
        plugin.outcomes = forged_outcomes(plugin.outcomes, session.tampered)
    if answers is not None:
        answers.mark(plugin.outcomes)
    written = written_answers(assignment.answers, sub) if not options.public_only else []
    by_hand = written_outcomes(assignment, written, sub.problem)
    plugin.outcomes += by_hand
    seconds = time.monotonic() - start
    sessions = [s for s in (session, answers.session if answers else None) if s is not None]
    events = tuple(e for s in sessions for e in s.events)
    load_failure = str(session.load_failure or "") if session else ""
    graded = Graded(student_id, assignment.name, tuple(plugin.outcomes), seconds,
                    session.spent if session else TimeSpent(),
                    tuple(session.protections) if session else (), events,
                    problem=sub.problem or load_failure,
                    written=tuple(WrittenRecord.of(w, o.name) for w, o in zip(written, by_hand))
                    ).with_marks(options.marks.get(student_id, ()))
    details = GradeDetails.of(sub, output=session.output() if session else "",
                              public_only=options.public_only,
                              attachments=tuple(plugin.attachments))
    problem = ""
    try:
        write_submission_report(options.out_dir / student_id, graded, details,
                                GraderPaths.of_grade(assignment.root, options.out_dir, path))
    except Exception as exc:  # noqa: BLE001 - one student's outputs: grade and batch go on
        problem = write_report_failure(options.out_dir / student_id, graded, exc)
    return replace(graded, retry=problem, grader_problem=problem)   # not reused: the next run retries
