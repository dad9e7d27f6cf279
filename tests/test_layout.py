"""The package is laid out by concern, and its layers only import downwards.

=============  ==========================================================
layer          may import (besides itself, records and pgcheck)
=============  ==========================================================
records        nothing of the grader (the typed records every layer passes on)
authoring      nothing of the grader (the registry, markers, the release)
sandbox        authoring
report         nothing of the grader
engine         authoring, sandbox, report
training       authoring, sandbox, report, engine
platforms      authoring, sandbox, report, engine
batch          authoring, sandbox, report, engine (a class grade's write path: regrades, manual scores)
review         authoring, sandbox, report, engine, batch (the class page, similarity)
cluster        authoring, sandbox, report, engine, training (grading on Dask)
lms            authoring, sandbox, report, engine, batch, review (roster, course gradebook, LMS files)
hidden         anything but the CLI (per-assignment suites and checks)
commands       anything but the CLI (one module per command: its arguments and work)
cli            anything (builds the parser from the commands and dispatches)
=============  ==========================================================

Inside a layer, modules import each other without a circle (issue 37: ``engine/compare`` and
``engine/hints`` imported each other), imports inside functions included: they run too.
"""
import ast
from pathlib import Path

import pytest

from conftest import ROOT

PACKAGE = ROOT / "autograder"
ALLOWED = {
    "records": set(),
    "authoring": set(),
    "sandbox": {"authoring"},
    "report": set(),
    "engine": {"authoring", "sandbox", "report"},
    "training": {"authoring", "sandbox", "report", "engine"},
    "platforms": {"authoring", "sandbox", "report", "engine"},
    "batch": {"authoring", "sandbox", "report", "engine"},
    "review": {"authoring", "sandbox", "report", "engine", "batch"},
    "cluster": {"authoring", "sandbox", "report", "engine", "training"},
    "lms": {"authoring", "sandbox", "report", "engine", "batch", "review"},
    "hidden": {"authoring", "sandbox", "report", "engine", "training", "platforms", "batch",
               "review", "lms"},
    "commands": {"authoring", "sandbox", "report", "engine", "training", "platforms", "batch",
                 "review", "cluster", "lms"},
}


def grader_imports(path: Path) -> set[str]:
    """The top-level parts of ``autograder`` that ``path`` imports."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level:
            raise AssertionError(f"{path}: use absolute imports (autograder.<layer>...)")
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
            [node.module or ""] if isinstance(node, ast.ImportFrom) else []
        for name in names:
            parts = name.split(".")
            if parts[0] == "autograder" and len(parts) > 1:
                found.add(parts[1])
            elif parts[0] == "autograder" and isinstance(node, ast.ImportFrom):
                found |= {a.name for a in node.names if not a.name.startswith("__")}
    return found


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layers_import_only_downwards(layer):
    wrong = {}
    for path in sorted((PACKAGE / layer).rglob("*.py")):
        bad = grader_imports(path) - ALLOWED[layer] - {layer, "records"}
        if bad:
            wrong[str(path.relative_to(ROOT))] = sorted(bad)
    assert wrong == {}


def test_the_top_level_holds_only_the_cli_and_the_layers():
    modules = sorted(p.name for p in PACKAGE.glob("*.py"))
    folders = sorted(p.name for p in PACKAGE.iterdir() if p.is_dir() and p.name != "__pycache__")
    assert modules == ["__init__.py", "cli.py"]
    assert folders == sorted(ALLOWED)


def package_modules() -> dict[str, Path]:
    """Dotted name -> file of every module of the package (a package by its ``__init__.py``)."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imported_modules(path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of ``known`` that ``path`` imports, anywhere in it but under
    ``if TYPE_CHECKING:`` (never run); ``from package import module`` imports the module."""
    def owner(name: str) -> str:
        while name and name not in known:
            name = name.rpartition(".")[0]
        return name
    tree = ast.parse(path.read_text())
    unrun = {id(n) for block in ast.walk(tree) if isinstance(block, ast.If)
             and "TYPE_CHECKING" in ast.unparse(block.test)
             for stmt in block.body for n in ast.walk(stmt)}
    found = set()
    for node in ast.walk(tree):
        if id(node) in unrun:
            continue
        if isinstance(node, ast.Import):
            found |= {owner(a.name) for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found |= {f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in known
                      else owner(node.module) for a in node.names}
    return found - {""}


def import_circle(graph: dict[str, set[str]]) -> list[str]:
    """One circle of ``graph`` (module -> the modules it imports) as the path that closes it,
    ``[a, b, a]``; empty when there is none."""
    done, path = set(), []

    def visit(name):
        if name in path:
            return path[path.index(name):] + [name]
        if name in done:
            return []
        path.append(name)
        for other in sorted(graph.get(name, ())):
            if circle := visit(other):
                return circle
        path.pop()
        done.add(name)
        return []
    return next((c for name in sorted(graph) if (c := visit(name))), [])


def test_the_circle_finder_finds_a_circle():
    assert import_circle({"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set()}) == \
        ["a", "b", "c", "a"]
    assert import_circle({"a": {"b"}, "b": set(), "c": {"b"}}) == []


def test_no_module_imports_itself_through_others():
    known = package_modules()
    graph = {name: imported_modules(path, known) - {name} for name, path in known.items()}
    assert len(graph) > 100 and graph["autograder.engine.compare"]     # the finder sees them
    assert import_circle(graph) == []
