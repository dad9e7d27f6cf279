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
