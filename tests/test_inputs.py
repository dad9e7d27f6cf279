"""Every course input of a grade comes from one function (``autograder/authoring/inputs.py``),
which both the worker's load message and the regrade key read: change any input and the key
changes, so no regrade reuses a grade made with the old one.

The course is a copy of the registry's assignment with the most inputs (provided modules and
another assignment's solution), with its hidden suite, at a temporary root.
"""
import shutil

import pytest

from autograder.authoring import course
from autograder.authoring.inputs import grade_inputs
from autograder.authoring import fingerprints

#: the assignment of the registry with provided code of both kinds
RICH = next(a for a in course.assignments().values()
            if a.provided_solutions and a.settings.grading.provided_modules)


@pytest.fixture
def copy(tmp_path):
    """The course of :data:`RICH` (and the assignments whose solutions it ships) at ``tmp_path``."""
    for a in [RICH, *(course.get(n) for n in RICH.provided_solutions)]:
        shutil.copytree(a.source_dir, tmp_path / "solutions" / a.name)
        shutil.copytree(a.hidden_dir, tmp_path / "autograder" / "hidden" / a.name,
                        ignore=shutil.ignore_patterns("__pycache__"))
    course.assignments.cache_clear()
    yield course.assignments(tmp_path)[RICH.name]
    course.assignments.cache_clear()


def test_changing_any_input_changes_the_regrade_key(copy):
    inputs = grade_inputs(copy)
    labels = [label for label, _ in inputs.files]
    assert {"reference", "checks", "settings"} <= set(labels)
    assert any(label.startswith("hidden/") for label in labels)
    assert {f"provided/{m}" for m in copy.settings.grading.provided_modules} | \
        {f"provided-solution/{o}" for o in copy.provided_solutions} <= set(labels)
    before = fingerprints.assignment_fingerprint(copy)
    for label, path in inputs.files:
        if not path.is_file():              # (an input that may be absent: its absence counts)
            continue
        original = path.read_bytes()
        path.write_bytes(original + b"\n# changed\n")
        try:
            course.assignments.cache_clear()
            changed = course.assignments(copy.root)[copy.name]
            assert fingerprints.assignment_fingerprint(changed) != before, label
        finally:
            path.write_bytes(original)
    course.assignments.cache_clear()
    assert fingerprints.assignment_fingerprint(course.assignments(copy.root)[copy.name]) == before


def test_the_worker_loads_exactly_the_provided_code_the_key_hashes(copy):
    """The load message's provided modules are the inputs' (the engine reads nothing else),
    each built from a file the key hashes."""
    inputs = grade_inputs(copy)
    files = dict(inputs.files)
    assert [name for name, _ in inputs.provided] == [*copy.provided_solutions,
                                                     *copy.settings.grading.provided_modules]
    for name, source in inputs.provided:
        path = files.get(f"provided/{name}") or files[f"provided-solution/{name}"]
        assert source.strip() and source.splitlines()[0] in path.read_text()


def test_provided_code_is_read_and_stripped_once_while_unchanged(copy, monkeypatch):
    """A batch grades many submissions with the same provided code: each file is read (and a
    reference stripped) once, and again only once it changes (issue 37: not per submission)."""
    from autograder.authoring import inputs

    read, stripped = [], []
    real_read, real_strip = inputs.Path.read_text, inputs.strip_solutions
    monkeypatch.setattr(inputs.Path, "read_text",
                        lambda self, *a, **k: read.append(self) or real_read(self, *a, **k))
    monkeypatch.setattr(inputs, "strip_solutions",
                        lambda *a, **k: stripped.append(a[1]) or real_strip(*a, **k))
    provided = [p for label, p in grade_inputs(copy).files if label.startswith("provided")]
    for _ in range(3):
        assert grade_inputs(copy).provided == grade_inputs(copy).provided
    assert sorted(map(str, read)) == sorted(map(str, provided))
    assert len(stripped) == len(copy.provided_solutions)
    changed = provided[-1]
    changed.write_text(changed.read_text() + "\n# changed\n")
    assert dict(grade_inputs(copy).provided)[changed.stem].endswith("# changed\n")
    assert read[-1] == changed and len(read) == len(provided) + 2    # its own read, then the grade's
