"""Build a module from a student's work: the same rules in the grader's worker and at home.

A module (``.py``) runs as it is. From a notebook (``.ipynb``) only what defines
things runs: each code cell's imports, ``def``s, classes and assignments of
literal values, in cell order. Training loops, plots and the cells that call
the public checks do not run, so grading a notebook never retrains a model and
an unfinished exercise cell does not stop the functions after it from loading.
An import that fails inside a notebook is noted and skipped (it may be a
package the student had at home and the grader lacks); any other error
propagates, naming the cell and line.
"""
from __future__ import annotations

import ast
import linecache
import sys
import types
from typing import Callable


def notebook_definitions(source: str) -> str:
    """Keep a cell's imports, defs, classes and literal assignments; blank out the rest.

    Magics (``%...``) and shell lines (``!...``) are dropped first. Line numbers
    are kept, so an error still points at the student's own line. A cell that
    does not parse is returned unchanged, so compiling it reports the student's
    syntax error with the cell's name and line.

    >>> notebook_definitions("import torch\\nx = 3\\nprint(x)\\ndef f():\\n    return x")
    'import torch\\nx = 3\\n\\ndef f():\\n    return x'
    """
    text = without_magics(source)
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return source
    kept = []
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom, ast.FunctionDef,
                             ast.AsyncFunctionDef, ast.ClassDef)):
            kept.append(node)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            try:
                ast.literal_eval(node.value)
            except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
                continue
            kept.append(node)
    source_lines = text.splitlines()
    result = [""] * len(source_lines)
    for node in kept:
        start = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
        result[start - 1:node.end_lineno] = source_lines[start - 1:node.end_lineno]
    return "\n".join(result)


def without_magics(source: str) -> str:
    """A notebook cell with its magics (``%...``) and shell lines (``!...``) made ``pass``
    statements, so that it parses as Python; line numbers and indentation are kept.

    >>> without_magics("%matplotlib inline\\nfor i in x:\\n    !ls")
    'pass  # %matplotlib inline\\nfor i in x:\\n    pass  # !ls'
    """
    lines = []
    for line in source.splitlines():
        code = line.lstrip()
        indent = line[:len(line) - len(code)]
        lines.append(indent + "pass  # " + code if code.startswith(("%", "!")) else line)
    return "\n".join(lines)


def register_source(filename: str, text: str) -> None:
    """Let tracebacks show the student's lines for ``filename`` (which is not a real file)."""
    linecache.cache[filename] = (len(text), None, text.splitlines(True), filename)


def new_module(name: str, filename: str) -> types.ModuleType:
    """An empty module ``name``, registered in ``sys.modules`` (``import name`` finds it)."""
    module = types.ModuleType(name)
    module.__file__ = filename
    sys.modules[name] = module
    return module


def cell_label(filename: str, index: int) -> str:
    """How a notebook cell is named to its author: ``grpo.ipynb, cell 3`` is the third
    cell from the top, markdown cells counted, as the student scrolls through the notebook
    (``index`` is the cell's 0-based position in the file)."""
    return f"{filename}, cell {index + 1}"


def import_note(label: str, node: ast.stmt, exc: ImportError) -> str:
    """The note for an import of the student's that failed and was skipped: their own
    statement and why, without the path of the module it was looked for in (which is the
    grader's, not the student's)."""
    statement = ast.unparse(node)
    if len(statement) > 120:
        statement = statement[:117] + "..."
    if isinstance(exc, ModuleNotFoundError) and exc.name:
        why = f"no module named {exc.name!r} here"
    else:
        why = exc.msg if isinstance(exc.msg, str) else str(exc)
        if exc.path:
            why = why.replace(f" ({exc.path})", "")
    return f"note: {label}, line {node.lineno}: `{statement}` skipped ({why})"


def _imports_runtime(node: ast.stmt) -> bool:
    """Whether ``node`` imports this very package (``from pgcheck import run_checks``: the
    release notebook's own first cell, for the public checks the grader runs itself)."""
    runtime = __package__ or "pgcheck"
    if isinstance(node, ast.ImportFrom):
        return node.level == 0 and (node.module or "").split(".")[0] == runtime
    return any(alias.name.split(".")[0] == runtime for alias in node.names)


def exec_work(module: types.ModuleType, kind: str, filename: str, *, source: str = "",
              cells: list | None = None,
              on_source: Callable[[str, str], None] = register_source,
              note: Callable[[str], None] = lambda text: print(text, file=sys.stderr)) -> None:
    """Run the student's work into ``module``: a ``.py`` source, or notebook ``cells``.

    ``cells`` are ``[(cell index, source), ...]`` (see :mod:`pgcheck.discovery`); a
    cell's code runs as ``"grpo.ipynb, cell 3"`` (:func:`cell_label`: the student's own
    count), which tracebacks show. ``on_source(filename, text)`` is told each piece of
    code before it runs (tracebacks use it); ``note`` receives the one-line notes about
    skipped imports (:func:`import_note`). An import of this package itself that fails
    (the grader's worker holds only the part of it that loads work) is skipped without a
    note: the notebook imports it for the public checks, which the grader runs on its
    own. Exceptions from the student's code propagate.
    """
    if kind == "py":
        on_source(filename, source)
        exec(compile(source, filename, "exec"), module.__dict__)
        return
    for index, cell in cells or []:
        cell_name = cell_label(filename, index)
        text = notebook_definitions(cell)
        on_source(cell_name, text)
        tree = compile(text, cell_name, "exec", ast.PyCF_ONLY_AST)
        for node in tree.body:   # one statement at a time: a missing import is not fatal
            code = compile(ast.Module([node], type_ignores=[]), cell_name, "exec")
            try:
                exec(code, module.__dict__)
            except ImportError as exc:
                if not isinstance(node, (ast.Import, ast.ImportFrom)):
                    raise
                if not _imports_runtime(node):
                    note(import_note(cell_name, node, exc))
