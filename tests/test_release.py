"""The student release is generated from solutions/ and the committed copy is current."""
import doctest
import importlib.util

import pytest

from autograder.authoring import course, release
from autograder.authoring.release import AuthoringError, strip_solutions

#: every assignment of the course, from the one registry (solutions/<name>/<name>.py)
ASSIGNMENTS = list(course.assignments())


def test_committed_release_is_current():
    problems = release.stale()
    assert problems == [], "run `autograde release`:\n" + "\n".join(problems)


@pytest.mark.parametrize("name", ASSIGNMENTS)
def test_stubs_raise_not_implemented_naming_the_function(name):
    assignment = course.get(name)
    spec = importlib.util.spec_from_file_location(f"stub_{name}", assignment.release_dir / f"{name}.py")
    stub = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(stub)
    assert assignment.functions, "every assignment has graded functions"
    for fn in assignment.functions:
        with pytest.raises(NotImplementedError, match=f"^{fn}:"):
            getattr(stub, fn)(*[None] * getattr(stub, fn).__code__.co_argcount)


@pytest.mark.parametrize("name", ASSIGNMENTS)
def test_release_holds_no_solution_lines(name):
    assignment = course.get(name)
    stub = (assignment.release_dir / f"{name}.py").read_text()
    notebook = (assignment.release_dir / f"{name}.ipynb").read_text()
    for text in (stub, notebook):
        assert "BEGIN SOLUTION" not in text and "END SOLUTION" not in text
    for line in solution_lines(assignment):       # every region, not only the first
        assert line not in stub, f"solution line leaked into the stub: {line}"


@pytest.mark.parametrize("name", ASSIGNMENTS)
def test_reference_doctests_pass(name):
    assignment = course.get(name)
    spec = importlib.util.spec_from_file_location(f"ref_{name}", assignment.reference_module)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result = doctest.testmod(module)
    assert result.attempted >= len(assignment.functions) and result.failed == 0


@pytest.mark.parametrize("source, where, what", [
    ("def f():\n    ### BEGIN SOLUTION\n    return 1\n", "m.py:2", "never closed"),
    ("x = 1\n### BEGIN SOLUTION\ny = 2\n### END SOLUTION\n", "m.py:2", "outside a function"),
    ("def f():\n    return 1\n    ### END SOLUTION\n", "m.py:3", "without a matching"),
    ("def f():\n    ### BEGIN SOLUTION\n    ### BEGIN SOLUTION\n", "m.py:3", "nested"),
])
def test_authoring_mistakes_name_file_and_line(source, where, what):
    with pytest.raises(AuthoringError, match=what) as info:
        strip_solutions(source, "m.py")
    assert str(info.value).startswith(where + ":")


def test_release_names_the_notebook_cell(tmp_path):
    from nbformat.v4 import new_code_cell, new_notebook

    nb = new_notebook(cells=[new_code_cell("x = 1"), new_code_cell("### BEGIN SOLUTION\ny = 2")])
    with pytest.raises(AuthoringError, match=r"nb.ipynb \(cell 1\):1:"):
        release._check_notebook_markers(nb, "nb.ipynb")


def solution_lines(assignment) -> set[str]:
    """Distinctive lines of the reference's solution regions (what must never leak)."""
    from autograder.authoring.course import BEGIN, END

    lines, inside = set(), False
    for line in assignment.reference_module.read_text().splitlines():
        if BEGIN in line:
            inside = True
        elif END in line:
            inside = False
        elif inside and len(line.strip()) >= 12:
            lines.add(line.strip())
    return lines


# The student bundles (`autograde release --zip`) are scanned for every kind of secret, through
# the CLI and file by file, in tests/test_leaks.py; their layout is tested in tests/test_bundles.py.


@pytest.mark.parametrize("name", ASSIGNMENTS)
def test_readme_states_only_the_shapes_the_functions_take(name):
    """The README's words on shapes are the reference's: each shape it names is documented
    in the module, and "time is dimension 0" only where the functions have a time axis."""
    import re

    assignment = course.get(name)
    readme = (assignment.release_dir / "README.md").read_text()
    module = assignment.reference_module.read_text()
    for shape in re.findall(r"`(\([A-Z](?:, [A-Z])*,?\))`", readme):
        assert f"``{shape}``" in module, f"{name} README names {shape}, which {name}.py does not"
    if "time is dimension 0" in readme.lower():
        assert "``(T" in module, f"{name} README speaks of a time axis its functions do not have"


@pytest.mark.parametrize("name", sorted(course.assignments()))
def test_the_precision_tests_are_announced_and_checked_before_submitting(name):
    """Each float64 precision test of the hidden suite (one point per function) is announced in
    the README the student gets, naming its function, and has a public float64 check of that
    function (which catches the `.float()` on a mask that costs it) before anything is handed
    in; the announcement is read from the suite, so it cannot drift from what is graded."""
    from autograder.engine.grade import planned_tests
    from pgcheck.runner import owner

    assignment = course.get(name)
    graded = {fn for fn in assignment.functions for test, _ in planned_tests(assignment)
              if test.startswith(f"float64 precision: {fn} ")}
    assert set(release.precision_tests(assignment)) == graded
    readme = (assignment.release_dir / "README.md").read_text()
    item = readme.split("* **float64 precision**", 1)[1].split("\n\n", 1)[0] if graded else ""
    spec = importlib.util.spec_from_file_location(f"_checks_{name}", assignment.checks_module)
    checks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(checks)
    for fn in graded:
        assert f"`{fn}`" in item, f"{name}: the README does not announce {fn}'s precision test"
        assert owner(f"check_{fn}_float64", assignment.functions) == fn
        assert callable(getattr(checks, f"check_{fn}_float64", None)), \
            f"{name}: no public float64 check of {fn}"
    assert release.PRECISION_MARKER not in readme


def test_the_python_floor_is_named_once():
    """The Python the student README asks for is the one the package requires and Gradescope's
    set-up installs (one constant, autograder.authoring.course.PYTHON): no bundle promises a
    Python the course was never run on."""
    import tomllib

    from autograder.platforms import gradescope

    floor = ".".join(map(str, course.PYTHON))
    with open(course.course_root() / "pyproject.toml", "rb") as f:
        assert tomllib.load(f)["project"]["requires-python"] == f">={floor}"
    assert gradescope.PYTHON == course.PYTHON
    for assignment in course.assignments().values():
        readme = (assignment.release_dir / "README.md").read_text()
        assert f"Python {floor} or newer" in readme and "Python 3.10" not in readme
