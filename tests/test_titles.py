"""Test names are what a student, a TA and Gradescope tell tests apart by: within an
assignment each is unique (two identical lines in the feedback, two tests Gradescope cannot
tell apart, one merged row on the class page otherwise), and each title is whole (the first
line of a hidden test's docstring is its title: a sentence cut at the line's end reads as
"... when the pole falls on the").

Checked over every assignment of the registry, by the names a grade gives: pytest collects the
suites a grade runs and the plugin names each test (:func:`autograder.engine.grade.planned_tests`),
so a test added later, a parameter or a copied docstring is caught the day it lands."""
import ast
from collections import Counter

import pytest

from autograder.authoring import course
from autograder.engine.grade import planned_tests

ASSIGNMENTS = sorted(course.assignments())


@pytest.mark.parametrize("name", ASSIGNMENTS)
def test_every_test_name_is_unique_within_its_assignment(name):
    planned = planned_tests(course.get(name))
    twice = sorted(n for n, count in Counter(n for n, _ in planned).items() if count > 1)
    assert not twice, f"{name}: tests that share a name: {twice}"
    assert planned and all(points >= 0 for _, points in planned)


def titles(path) -> list[tuple[str, str]]:
    """(test function, its docstring) of every test function of a hidden suite."""
    return [(node.name, ast.get_docstring(node, clean=True) or "")
            for node in ast.walk(ast.parse(path.read_text()))
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")]


def whole_title(doc: str) -> bool:
    """A docstring whose first line is a whole title: the line ends its paragraph, and does
    not end on a comma, a colon or an open bracket."""
    lines = doc.splitlines()
    return bool(lines) and (len(lines) == 1 or not lines[1].strip()) \
        and not lines[0].rstrip().endswith((",", ":", ";", "(", "-")) \
        and lines[0].count("(") == lines[0].count(")")


def test_whole_title_reads_a_cut_one():
    assert not whole_title("a step both terminated and truncated (gymnasium reports both when "
                           "the pole falls on the\nlast allowed step)")
    assert not whole_title("worked answers whose final number is the product,\nthen a wrong one")
    assert whole_title("a step ends the episode\n\nWhy, at length.")


@pytest.mark.parametrize("name", ASSIGNMENTS)
def test_every_hidden_title_is_whole(name):
    suites = sorted(course.get(name).hidden_dir.glob("test_*.py"))
    cut = [f"{path.name}::{fn}" for path in suites for fn, doc in titles(path)
           if not whole_title(doc)]
    assert not cut, f"titles cut mid-sentence (or missing): {cut}"
