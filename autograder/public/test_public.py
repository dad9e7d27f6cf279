"""The public checks, as part of the grade: every ``check_*`` of the assignment's checks.py.

The same checks ship to students (``assignments/<name>/checks.py``) and run in
``autograde check``; here they run against the submission through the worker.
"""
import pytest

from autograder.plugin import active, public_checks


def pytest_generate_tests(metafunc):
    if "public_check" in metafunc.fixturenames:
        plugin = active(metafunc.config)
        params = [pytest.param(fn, id=name, marks=[pytest.mark.points(1, group=group),
                                                    pytest.mark.public])
                  for name, fn, group in public_checks(plugin.course_assignment)]
        metafunc.parametrize("public_check", params)


def test_public(public_check, student):
    public_check(student)
