"""Generate the student release ``assignments/<name>/`` from ``solutions/<name>/``.

The release is a pipeline of small steps, each with one job:

1. ``sync_notebook``: the notebook's function cells are copies of the reference
   module's functions; they are refreshed from the module, so the code is
   written once (the module is the source).
2. ``strip_module``: in the module, every solution region becomes a stub that
   raises ``NotImplementedError("<function>: ...")``.
3. ``release_notebook``: nbgrader's own preprocessors (lock cells, clear
   solutions, clear outputs, checksums, hidden tests, mark schemes), plus
   :class:`NameStubs`, which names the function in each stub.
4. other files are copied; ``assignment.toml`` may ask for other assignments'
   reference modules to ship solved (``ppo`` ships the reference GAE).

Authoring mistakes (an unclosed marker, an END without a BEGIN, nested
regions, a region outside a function in a module) raise :class:`AuthoringError`
naming the file and line.
"""
from __future__ import annotations

import ast
import filecmp
import re
import shutil
import tempfile
from pathlib import Path

import nbformat

from .course import BEGIN, END, Assignment, assignments

# Files of a source folder that never reach the release.
NOT_RELEASED = {"assignment.toml", "__pycache__", ".ipynb_checkpoints"}
_DEF = re.compile(r"^(\s*)(?:async\s+)?def\s+(\w+)\s*\(")


class AuthoringError(Exception):
    """A mistake in the instructor's source; the message starts with ``file:line:``."""


def stub_line(function: str) -> str:
    return (f'raise NotImplementedError("{function}: not implemented yet; '
            f'replace this line with your code (see the docstring)")')


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def enclosing_function(lines: list[str], index: int) -> str | None:
    """Name of the innermost ``def`` whose body holds line ``index``, judged by indentation.

    Walking upwards, each less-indented line is an enclosing block; the first
    such block that is a ``def`` names the function. Reaching column 0 on a
    line that is not a def means the line is module-level code.
    """
    level = _indent(lines[index])
    for line in reversed(lines[:index]):
        stripped = line.strip()
        if not stripped or stripped.startswith(("#", ")", "@")) or _indent(line) >= level:
            continue
        match = _DEF.match(line)
        if match:
            return match.group(2)
        level = _indent(line)
        if level == 0:
            return None
    return None


def strip_solutions(source: str, filename: str, *, require_function: bool = True,
                    keep_solution: bool = False) -> str:
    """Replace each solution region by a named stub (or keep the body, dropping the markers).

    >>> src = "def f(x):\\n    ### BEGIN SOLUTION\\n    return x\\n    ### END SOLUTION\\n"
    >>> print(strip_solutions(src, "m.py"), end="")
    def f(x):
        raise NotImplementedError("f: not implemented yet; replace this line with your code (see the docstring)")
    >>> print(strip_solutions(src, "m.py", keep_solution=True), end="")
    def f(x):
        return x
    """
    lines = source.splitlines()
    out: list[str] = []
    opened_at: int | None = None
    for number, line in enumerate(lines, start=1):
        if BEGIN in line:
            if opened_at is not None:
                raise AuthoringError(f"{filename}:{number}: nested {BEGIN!r} "
                                     f"(the region opened at line {opened_at} is not closed)")
            opened_at = number
            function = enclosing_function(lines, number - 1)
            if function is None and require_function:
                raise AuthoringError(f"{filename}:{number}: {BEGIN!r} outside a function; "
                                     "solution regions in a module must sit inside a def")
            if not keep_solution:
                indent = line[: len(line) - len(line.lstrip())]
                out.append(indent + stub_line(function or "this cell"))
        elif END in line:
            if opened_at is None:
                raise AuthoringError(f"{filename}:{number}: {END!r} without a matching {BEGIN!r}")
            opened_at = None
        elif opened_at is None or keep_solution:
            out.append(line)
    if opened_at is not None:
        raise AuthoringError(f"{filename}:{opened_at}: {BEGIN!r} is never closed by {END!r}")
    return "\n".join(out) + ("\n" if source.endswith("\n") else "")


# -- notebooks ---------------------------------------------------------------

def function_sources(module_source: str) -> dict[str, str]:
    """Each top-level function's source text (decorators included), by name."""
    lines = module_source.splitlines()
    found = {}
    for node in ast.parse(module_source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            start = min([node.lineno] + [d.lineno for d in node.decorator_list])
            end = node.end_lineno
            # trailing comments indented under the def (e.g. "### END SOLUTION") belong to it
            while end < len(lines) and lines[end].strip().startswith("#") and _indent(lines[end]):
                end += 1
            found[node.name] = "\n".join(lines[start - 1:end])
    return found


def defined_function(cell_source: str) -> str | None:
    """The name of the function a code cell defines when the cell is exactly one def."""
    try:
        body = ast.parse(cell_source).body
    except SyntaxError:
        return None
    if len(body) == 1 and isinstance(body[0], (ast.FunctionDef, ast.AsyncFunctionDef)):
        return body[0].name
    return None


def sync_notebook(nb, module_source: str, graded: tuple[str, ...]) -> list[str]:
    """Make every function cell equal to the module's function; return the names refreshed."""
    sources = function_sources(module_source)
    changed = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        name = defined_function(cell.source)
        if name in graded and cell.source != sources[name]:
            cell.source = sources[name]
            changed.append(name)
    return changed


def _nbgrader_pipeline():
    """nbgrader's generate_assignment preprocessors, in its order, minus the database step."""
    from nbgrader.preprocessors import (CheckCellMetadata, ClearHiddenTests, ClearMarkScheme,
                                        ClearOutput, ClearSolutions, ComputeChecksums, LockCells)
    return [LockCells, ClearSolutions, NameStubs, ClearOutput, CheckCellMetadata,
            ComputeChecksums, ClearHiddenTests, ClearMarkScheme, ComputeChecksums,
            CheckCellMetadata]


def _name_stubs(source: str) -> str:
    """Turn nbgrader's anonymous ``raise NotImplementedError()`` into the named stub."""
    lines = source.split("\n")
    for i, line in enumerate(lines):
        if line.strip() == "raise NotImplementedError()":
            function = enclosing_function(lines, i)
            if function:
                indent = line[: len(line) - len(line.lstrip())]
                lines[i] = indent + stub_line(function)
    return "\n".join(lines)


try:  # the preprocessor is also named in nbgrader_config.py, for nbgrader's own CLI
    from nbgrader.preprocessors import NbGraderPreprocessor

    class NameStubs(NbGraderPreprocessor):
        """Name the function in the stubs ClearSolutions leaves inside a def."""

        def preprocess_cell(self, cell, resources, index):
            if cell.cell_type == "code":
                cell.source = _name_stubs(cell.source)
            return cell, resources
except ImportError:  # pragma: no cover - nbgrader is a dependency
    NameStubs = None


def release_notebook(nb, filename: str):
    """Run the release pipeline on a notebook node (modified copy returned)."""
    nb = nbformat.from_dict(nb)
    resources = {"nbgrader": {"notebook": Path(filename).stem}}
    for cls in _nbgrader_pipeline():
        try:
            nb, resources = cls().preprocess(nb, resources)
        except RuntimeError as exc:  # nbgrader reports authoring mistakes this way
            raise AuthoringError(f"{filename}: {exc}") from exc
    return nb


def _check_notebook_markers(nb, filename: str) -> None:
    """Fail with file, cell and line on unbalanced markers before nbgrader sees them."""
    for index, cell in enumerate(nb.cells):
        strip_solutions(cell.source, f"{filename} (cell {index})", require_function=False)


# -- one assignment ----------------------------------------------------------

def build(assignment: Assignment, out_dir: Path, *, sync_source: bool = True) -> list[str]:
    """Write the release of ``assignment`` into ``out_dir``; return what was synced in the source."""
    src = assignment.source_dir
    module_source = assignment.reference_module.read_text()
    synced: list[str] = []
    if out_dir.exists():
        shutil.rmtree(out_dir)
    out_dir.mkdir(parents=True)
    for path in sorted(src.iterdir()):
        if path.name in NOT_RELEASED:
            continue
        target = out_dir / path.name
        if path.suffix == ".ipynb":
            nb = nbformat.read(path, as_version=4)
            changed = sync_notebook(nb, module_source, assignment.functions)
            _check_notebook_markers(nb, str(path))
            if changed:
                synced.append(f"{path}: {', '.join(changed)}")
                if sync_source:
                    nbformat.write(nb, path)
            nbformat.write(release_notebook(nb, str(path)), target)
        elif path.suffix == ".py":
            text = path.read_text()
            if path == assignment.reference_module:
                text = strip_solutions(text, str(path))
            elif BEGIN in text or END in text:
                raise AuthoringError(f"{path}: solution markers are only allowed in "
                                     f"{assignment.reference_module.name} and notebooks")
            target.write_text(text)
        elif path.is_file():
            shutil.copyfile(path, target)
    for other in assignment.provided_solutions:
        provided = assignments(assignment.root)[other].reference_module
        text = strip_solutions(provided.read_text(), str(provided), keep_solution=True)
        header = (f'# Provided with this assignment: the reference solution of "{other}".\n'
                  f"# Generated from solutions/{other}/{other}.py by `autograde release`.\n")
        (out_dir / provided.name).write_text(header + text)
    return synced


def build_all(root: Path | None = None, out_root: Path | None = None,
              *, sync_source: bool = True) -> list[str]:
    """Release every assignment; ``out_root`` defaults to the course's ``assignments/``."""
    found = assignments(root) if root else assignments()
    synced = []
    for assignment in found.values():
        target = (out_root or assignment.root / "assignments") / assignment.name
        synced += build(assignment, target, sync_source=sync_source)
    return synced


def stale(root: Path | None = None) -> list[str]:
    """What a fresh release would change: [] when the committed release is current."""
    found = assignments(root) if root else assignments()
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        problems += [f"source notebook out of sync: {s}"
                     for s in build_all(root, Path(tmp), sync_source=False)]
        for assignment in found.values():
            problems += _diff_trees(Path(tmp) / assignment.name, assignment.release_dir)
    return problems


def _diff_trees(fresh: Path, committed: Path) -> list[str]:
    if not committed.is_dir():
        return [f"{committed}: missing"]
    cmp = filecmp.dircmp(fresh, committed, ignore=list(NOT_RELEASED))
    problems = []

    def walk(c, prefix):
        problems.extend(f"{committed / prefix / n}: missing" for n in c.left_only)
        problems.extend(f"{committed / prefix / n}: not generated from the source"
                        for n in c.right_only)
        _, mismatch, errors = filecmp.cmpfiles(c.left, c.right, c.common_files, shallow=False)
        problems.extend(f"{committed / prefix / n}: differs from a fresh release"
                        for n in mismatch + errors)
        for name, sub in c.subdirs.items():
            walk(sub, Path(prefix) / name)

    walk(cmp, Path("."))
    return problems
