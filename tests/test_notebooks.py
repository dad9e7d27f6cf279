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


def test_each_answer_cell_sits_under_its_steps_heading_and_names_its_variables():
    """What the grader names an answer cell by ("the answer cell of "step 1, ..."": Jupyter shows
    no cell numbers) is the heading it sits under in the notebook the student gets, and the
    text between them names every variable the cell must assign (the grader reads exactly
    those): a student learns them from the notebook, not from an error."""
    import re

    for name, assignment in course.assignments().items():
        sheet = assignment.answers
        if not sheet.steps:
            continue
        nb = nbformat.read(assignment.release_dir / f"{name}.ipynb", as_version=4)
        ids = [c.metadata.get("nbgrader", {}).get("grade_id", "") for c in nb.cells]
        for step in sheet.steps:
            at = ids.index(step.cell)
            above = "\n".join(c.source for c in nb.cells[:at] if c.cell_type == "markdown")
            headings = re.findall(r"^#+ +(.+?) *$", above, flags=re.M)
            assert headings and headings[-1].lower() == step.title.lower(), \
                f"{name}: the answer cell {step.cell} is not under the heading {step.title!r}"
            under = above[above.rindex(headings[-1]):]
            for variable in step.names:
                assert f"`{variable}`" in under, f"{name}: {step.title!r} never names {variable}"
