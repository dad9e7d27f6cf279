"""The notebooks' conventions. (That each runs, with the stubs and with the reference, from the
student bundle in a fresh environment, is tests/test_bundles.py.)"""
import nbformat

from autograder.authoring import course


def test_fast_mode_has_one_meaning():
    """AUTOGRADE_FAST means the same in every notebook: fast exactly when it is "1"."""
    import re

    readers = {}
    for name, assignment in course.assignments().items():
        nb = nbformat.read(assignment.source_dir / f"{name}.ipynb", as_version=4)
        for cell in nb.cells:
            for line in cell.source.splitlines():
                if "AUTOGRADE_FAST" in line:
                    readers[name] = line
    assert readers, "no notebook reads AUTOGRADE_FAST"
    for name, line in readers.items():
        assert re.search(r'os\.environ\.get\("AUTOGRADE_FAST"\) == "1"', line), (name, line)


def test_fast_mode_is_explained_where_it_is_read():
    """A student who opens the notebook reads, in the cell that reads AUTOGRADE_FAST, what it
    does, who sets it, and that the grade does not depend on it (issue 26)."""
    for name, assignment in course.assignments().items():
        nb = nbformat.read(assignment.source_dir / f"{name}.ipynb", as_version=4)
        for cell in nb.cells:
            if "AUTOGRADE_FAST" in cell.source:
                comment = " ".join(line.lstrip("# ") for line in cell.source.splitlines()
                                   if line.lstrip().startswith("#"))
                assert "AUTOGRADE_FAST=1" in comment and "course's own tests" in comment, name
                assert "Leave it unset" in comment and "grader never runs" in comment, name
