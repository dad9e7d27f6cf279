"""The public checks: every ``check_*`` of the assignment's checks.py.

The same checks ship to students (``assignments/<name>/checks.py``) and run in
``autograde check``; here they run against the submission through the worker.
In a grade they are shown but worth 0 points: students can see their inputs,
so an answer hard-coded for the worked examples must not earn anything (the
hidden suites grade the same ideas on inputs nobody has seen). In
``autograde check`` each is worth 1, so the student sees a score.
"""
import pytest

from autograder.engine.plugin import active, public_checks


def pytest_generate_tests(metafunc):
    if "public_check" in metafunc.fixturenames:
        plugin = active(metafunc.config)
        worth = 1 if plugin.public_only else 0
        params = [pytest.param(fn, id=name, marks=[pytest.mark.points(worth, group=group),
                                                    pytest.mark.public])
                  for name, fn, group in public_checks(plugin.course_assignment)]
        metafunc.parametrize("public_check", params)


def test_public(public_check, student):
    public_check(student)
