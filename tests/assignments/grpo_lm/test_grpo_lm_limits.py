"""A training run (the capstone's GRPO run) is not started when a function it calls already
hung (issue 18); the rest of tests/test_limits.py is generic."""
import pytest

from autograder.authoring import course
from autograder.engine.plugin import reference_module
from autograder.records.events import Event, Kind
from autograder.sandbox.problems import CallSkipped
from autograder.sandbox.proxy import Student
from test_limits import RecordingSession


def test_a_training_run_that_calls_a_broken_function_is_not_started():
    session = RecordingSession(reference_module(course.get("grpo_lm")))
    session.broken["verify"] = Event(Kind.HUNG, "verify", "case 'junk strings'", 3.0)
    with pytest.raises(CallSkipped, match=r"^skipped: verify hung on case 'junk strings' .*, so "
                                          "this training run, which calls it, was not run"):
        Student(session).run("train_grpo.train_for_grading", timeout=60,
                             student_args={"verify": "verify", "tis_weights": "tis_weights"})
