"""A training run (the capstone's GRPO run) asks nothing more of a function that already hung
(issue 18): its batched ``verify`` calls are skipped at once; the rest of tests/test_limits.py
is generic."""
import pytest

from autograder.authoring import course
from autograder.engine.plugin import reference_module
from autograder.records.events import Event, Kind
from autograder.sandbox.problems import CallSkipped
from autograder.sandbox.proxy import Student
from autograder.training import remote
from test_limits import RecordingSession


def test_a_training_run_that_calls_a_broken_function_is_not_started():
    session = RecordingSession(reference_module(course.get("grpo_lm")))
    session.broken["verify"] = Event(Kind.HUNG, "verify", "case 'junk strings'", 3.0)
    verify = remote.verify_batch(Student(session), remote.case_of("GRPO", 1))
    with pytest.raises(CallSkipped, match=r"^skipped: verify hung on case 'junk strings' "):
        verify(["7"], [(3, 4)])
    assert session.calls == []
