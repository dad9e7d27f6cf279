"""Causes that only the real grader's evidence shows: the files of
``tests/assignments/<name>/causes/graded/`` (the format of ``causes/``: a docstring, ``CAUSE``
or ``CORRECT = True``) are graded as a class's submissions are, by ``autograde grade`` in a
subprocess (the sandbox, every hidden test, the student's exceptions kept with their line),
and judged by ``benchmarks/bench_held_out.py``'s rule: a buggy file must show a ``likely
cause:`` or ``diagnosis:`` line that its ``CAUSE`` matches, a correct one none and no lost
point that the reference keeps.

They are the cases the fast harness of ``tests/closest_cases.py`` cannot judge: that harness
calls the function here and leaves out the inputs it raises on, so a function that raises on
some cases and answers wrongly on others (:func:`autograder.engine.causes.raised.partly`)
looks there like one with a single mistake."""
import sys
import tempfile
from pathlib import Path

import pytest

from conftest import ROOT

from autograder.authoring import course
from autograder.engine.mutants import Mutant

HERE = ROOT / "tests" / "assignments"
NAMES = [n for n in sorted(course.assignments()) if list((HERE / n / "causes" / "graded").glob("*.py"))]


@pytest.fixture(scope="module")
def graded():
    """{assignment: (files, the grader's results by student id)}, one batch per assignment."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_causes import grade
    from bench_held_out import REFERENCE

    found = {}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        (tmp / "reference.py").write_text('"""The reference, nothing swapped in."""\n')
        for name in NAMES:
            assignment = course.get(name)
            files = [Mutant(p.stem, p, assignment)
                     for p in sorted((HERE / name / "causes" / "graded").glob("*.py"))]
            batch = tmp / f"batch-{name}"
            for m in [Mutant(REFERENCE, tmp / "reference.py", assignment), *files]:
                (batch / m.name).mkdir(parents=True)
                (batch / m.name / f"{name}.py").write_text(m.materialize())
            found[name] = (files, grade([sys.executable], ROOT, batch, name, tmp / f"out-{name}"))
    return found


@pytest.mark.parametrize("name", NAMES)
def test_a_graded_case_gets_its_own_cause(graded, name):
    from bench_held_out import REFERENCE, verdict

    files, results = graded[name]
    said = {m.name: verdict(m, results[m.name], results[REFERENCE]) for m in files}
    assert not {k: v for k, v in said.items() if v[0] not in ("right", "ok")}
