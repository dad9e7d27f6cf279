"""Where the course lives on disk, and what each assignment is made of.

The repository is an nbgrader course: ``solutions/<name>/`` is the single
source of assignment ``<name>`` and ``assignments/<name>/`` its generated
student release. This module only finds things; it never runs student code.

An assignment's graded functions are the top-level functions of
``solutions/<name>/<name>.py`` whose body holds a solution region
(``### BEGIN SOLUTION`` ... ``### END SOLUTION``).
"""
from __future__ import annotations

import ast
import os
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from pgcheck.answers import Sheet

from autograder.authoring.settings import Settings, parse

BEGIN = "### BEGIN SOLUTION"
END = "### END SOLUTION"
#: the oldest Python the course runs on, grader and student bundles alike (tomllib; what
#: pyproject.toml's requires-python says, tests/test_release.py checks): the student README
#: names it, Gradescope's setup.sh installs it where the image lacks it
PYTHON = (3, 11)


def course_root() -> Path:
    """The course directory: ``$AUTOGRADE_ROOT`` if set, else the checkout holding this package."""
    env = os.environ.get("AUTOGRADE_ROOT")
    if env:
        return Path(env).resolve()
    return Path(__file__).resolve().parents[2]


def package_dir() -> Path:
    """The ``autograder`` package folder."""
    return Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Assignment:
    name: str
    root: Path                      # the course root
    functions: tuple[str, ...]      # graded functions, in source order
    settings: Settings = field(default=Settings(), compare=False, hash=False)
    """Its ``assignment.toml``, parsed and checked (:mod:`autograder.authoring.settings`)."""

    @property
    def source_dir(self) -> Path:
        return self.root / "solutions" / self.name

    @property
    def release_dir(self) -> Path:
        return self.root / "assignments" / self.name

    @property
    def reference_module(self) -> Path:
        return self.source_dir / f"{self.name}.py"

    @property
    def hidden_dir(self) -> Path:
        """``autograder/hidden/<name>/`` of the course (of the installed grader if the course
        folder does not hold one)."""
        return hidden_root(self.root) / self.name

    @property
    def checks_module(self) -> Path:
        """Public checks: shipped to students, also part of the real grade."""
        return self.source_dir / "checks.py"

    @property
    def provided_solutions(self) -> tuple[str, ...]:
        """Other assignments whose reference module ships, solved, with this release."""
        return self.settings.release.include_solutions_of

    @property
    def notebook(self) -> Path:
        """The source notebook (``solutions/<name>/<name>.ipynb``): it also holds the reference
        answers of the answer cells."""
        return self.source_dir / f"{self.name}.ipynb"

    @property
    def answers(self) -> Sheet:
        """The answer cells of the notebook (``[answers]`` of assignment.toml:
        :mod:`autograder.authoring.answer_sheet`); empty (false) when it has none."""
        return self.settings.answers


def hidden_root(root: Path) -> Path:
    """``autograder/hidden/`` of the course at ``root`` (of the installed grader if the course
    folder does not hold one)."""
    own = root / "autograder" / "hidden"
    return own if own.is_dir() else package_dir() / "hidden"


def graded_functions(source: str) -> tuple[str, ...]:
    """Names of the top-level functions whose body contains a solution region."""
    tree = ast.parse(source)
    lines = source.splitlines()
    names = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            body = lines[node.lineno - 1:node.end_lineno]
            if any(BEGIN in line for line in body):
                names.append(node.name)
    return tuple(names)


@cache
def assignments(root: Path | None = None) -> dict[str, Assignment]:
    """All assignments of the course, by name, in alphabetical order, each with its
    ``assignment.toml`` parsed and checked (a mistake in one raises
    :class:`~autograder.authoring.settings.SettingsError`, naming the file and the key)."""
    root = root or course_root()
    found = {}
    solutions = root / "solutions"
    for folder in sorted(p for p in solutions.iterdir() if p.is_dir()) if solutions.is_dir() else ():
        module = folder / f"{folder.name}.py"
        if not module.is_file():
            continue
        found[folder.name] = Assignment(
            name=folder.name,
            root=root,
            functions=graded_functions(module.read_text()),
            settings=parse(folder / "assignment.toml", hidden_root(root) / folder.name),
        )
    return found


def warm_imports(name: str | None = None) -> list[str]:
    """Modules the worker fork server imports in advance for ``name`` (every assignment's
    when ``name`` is None; empty if unknown). The registry imports nothing heavy, so this is
    cheap enough to call before anything heavy is imported."""
    found: list[str] = []
    for assignment in assignments().values():
        if name in (None, assignment.name):
            found += [m for m in assignment.settings.grading.warm_imports if m not in found]
    return found


def example(root: Path | None = None) -> Assignment:
    """The assignment the project's own engine tests grade: the one whose assignment.toml
    sets ``[tests] engine_example = true``."""
    found = [a for a in assignments(root).values()
             if a.settings.tests.engine_example]
    if len(found) != 1:
        raise ValueError("exactly one assignment.toml must set [tests] engine_example = true; "
                         f"found {len(found)}")
    return found[0]


def get(name: str) -> Assignment:
    """The named assignment, or a ValueError that lists the known ones."""
    known = assignments()
    if name not in known:
        raise ValueError(f"unknown assignment {name!r}; known: {', '.join(known) or 'none'}")
    return known[name]
