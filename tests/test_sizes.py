"""Modules small enough to read in one sitting, functions short enough to hold in the head.

A module of the grader (``autograder/``, ``pgcheck/``) over :data:`MODULE_LINES` lines, or a
function over :data:`FUNCTION_LINES`, says at its top why it is long: a paragraph starting
``Long because:`` in its docstring. :func:`long_ones` lists them (``python
tests/test_sizes.py`` prints the list, longest first: the closing note of issue 27 quotes it).
"""
import ast
import sys
from pathlib import Path

from conftest import ROOT

MODULE_LINES = 420          #: "about 400"
FUNCTION_LINES = 60
REASON = "Long because:"
PACKAGES = ("autograder", "pgcheck")


def long_ones() -> list[tuple[int, str, bool]]:
    """(lines, where, whether it says why) of every module and function over its bound."""
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            text = path.read_text()
            tree = ast.parse(text)
            where = path.relative_to(ROOT).as_posix()
            lines = len(text.splitlines())
            if lines > MODULE_LINES:
                found.append((lines, where, REASON in (ast.get_docstring(tree) or "")))
            for node in ast.walk(tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    length = node.end_lineno - node.lineno + 1
                    if length > FUNCTION_LINES:
                        found.append((length, f"{where}:{node.lineno} {node.name}",
                                      REASON in (ast.get_docstring(node) or "")))
    return sorted(found, reverse=True)


def test_every_long_module_and_function_says_why():
    silent = [f"{where} ({lines} lines)" for lines, where, why in long_ones() if not why]
    assert silent == [], f"say at its top why it is long ({REASON} ...), or split it"


def test_requires_python_is_true():
    """``pyproject.toml`` names the oldest Python the code runs on: the registry reads
    ``tomllib`` (3.11), and so does the suite's interpreter."""
    import tomllib

    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    assert declared.replace(" ", "") == ">=3.11", declared
    assert sys.version_info >= (3, 11)


if __name__ == "__main__":
    for lines, where, why in long_ones():
        print(f"{lines:5d}  {where}{'' if why else '  (says not why)'}")
