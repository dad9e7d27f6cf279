"""The fixtures hidden suites use; registered together with the grading plugin."""
import pytest

from autograder.engine.plugin import active, reference_module


@pytest.fixture(scope="session")
def student(request):
    """The submission: ``student.fn(*args)`` runs ``fn`` in the sandboxed worker."""
    return active(request.config).student


@pytest.fixture(scope="session")
def reference(request):
    """The reference solution module (trusted, loaded in the grader)."""
    return reference_module(active(request.config).course_assignment)


@pytest.fixture(scope="session")
def assignment(request):
    return active(request.config).course_assignment


@pytest.fixture(scope="session")
def compare(request, student, reference, assignment):
    """``compare("fn", *args, case=...)``: student against reference, with hints
    (see :mod:`autograder.engine.compare`)."""
    from autograder.engine.compare import Compare, Causes

    plugin = active(request.config)
    sources = getattr(plugin.student._student, "_sources", None)   # none: nothing loaded
    plugin.compare = Compare(student, reference, Causes(assignment, sources() if sources else ()))
    return plugin.compare


@pytest.fixture(scope="session")
def answers(request):
    """The notebook's answer cells: ``answers.compare(step)`` (see
    :mod:`autograder.engine.answers`)."""
    found = active(request.config).answers
    if found is None:
        raise RuntimeError("this grade has no answer cells to compare")
    return found


@pytest.fixture
def attach(request):
    """``attach(title, "file.png") -> Path``: save a figure there; the feedback shows it."""
    return active(request.config).attach
