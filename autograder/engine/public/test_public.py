"""The public checks: every ``check_*`` of the assignment's checks.py.

The same checks ship to students (``assignments/<name>/checks.py``) and run in
``autograde check``; here they run against the submission through the worker.
In a grade they are shown but worth 0 points: students can see their inputs,
so an answer hard-coded for the worked examples must not earn anything (the
hidden suites grade the same ideas on inputs nobody has seen). In
``autograde check`` each is worth 1, so the student sees a score. The grading plugin
makes one test of each check (:meth:`GradingPlugin.pytest_generate_tests
<autograder.engine.plugin.GradingPlugin.pytest_generate_tests>`).
"""


def test_public(public_check, student):
    public_check(student)
