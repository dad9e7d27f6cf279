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
import shutil
import tempfile
from pathlib import Path

from .course import BEGIN, END, Assignment, assignments
from .markers import (AuthoringError, enclosing_function, function_sources, stub_line,
                      strip_solutions)

__all__ = ["AuthoringError", "build", "build_all", "stale", "strip_solutions", "NameStubs"]

# Files of a source folder that never reach the release.
NOT_RELEASED = {"assignment.toml", "__pycache__", ".ipynb_checkpoints"}


# -- notebooks ---------------------------------------------------------------

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
    import nbformat

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
    import nbformat   # imported here: grading needs strip_solutions but not notebooks

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
