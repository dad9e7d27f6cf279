"""Find and read submissions: step 1 of a grade (load -> run -> score -> report).

Only reads bytes and parses JSON; never compiles or runs the student's code
(even parsing Python is left to the worker). A submission that cannot be read
becomes a :class:`Submission` with a one-line ``problem`` and is graded 0 with
that reason, so a batch always goes on.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

MAX_BYTES = 5 << 20          # a real submission is a few kB; 5 MB is generous


@dataclass
class Submission:
    id: str                          # the student's id: the directory's name
    path: Path                       # the file graded (or the directory if none)
    kind: str = ""                   # "py" | "ipynb" | "" when there is nothing to grade
    source: str = ""                 # for .py
    cells: list | None = None        # for .ipynb: [(cell index, source), ...]
    problem: str = ""                # non-empty: why it cannot be graded
    note: str = ""                   # e.g. which of two files was graded

    def load_message(self, module: str, provided: dict[str, str]) -> dict:
        msg = {"op": "load", "module": module, "filename": self.path.name, "kind": self.kind,
               "provided": provided}
        if self.kind == "py":
            msg["source"] = self.source
        else:
            msg["cells"] = self.cells
        return msg


def discover(paths: list[Path], name: str) -> list[tuple[str, Path]]:
    """Expand command-line paths into (student id, path) pairs, batches included.

    A path is a student's directory (holds ``name.py`` or ``name.ipynb``), such
    a file itself, or a batch: a directory of student directories. nbgrader's
    ``submitted/<student>/<assignment>/`` tree is recognised too.
    """
    found: list[tuple[str, Path]] = []
    for path in paths:
        path = Path(path)
        if path.is_file():
            found.append((path.parent.name or path.stem, path))
        elif _holds_submission(path, name):
            found.append((path.name, path))
        elif path.is_dir():
            for child in sorted(p for p in path.iterdir() if p.is_dir()):
                nested = child / name     # nbgrader: submitted/<student>/<assignment>/
                found.append((child.name, nested if nested.is_dir() else child))
        else:
            raise FileNotFoundError(f"no such file or directory: {path}")
    return _unique_ids(found)


def _holds_submission(path: Path, name: str) -> bool:
    return path.is_dir() and any((path / f"{name}{ext}").exists() for ext in (".py", ".ipynb"))


def _unique_ids(found):
    seen: dict[str, int] = {}
    out = []
    for sid, path in found:
        n = seen.get(sid, 0)
        seen[sid] = n + 1
        out.append((sid if n == 0 else f"{sid}-{n + 1}", path))
    return out


def read(student_id: str, path: Path, name: str) -> Submission:
    """Read one submission; problems become ``Submission.problem``, never exceptions."""
    note = ""
    if path.is_dir():
        py, nb = path / f"{name}.py", path / f"{name}.ipynb"
        if py.exists() and nb.exists():
            note = f"both {py.name} and {nb.name} were submitted; {py.name} was graded"
        if py.exists():
            path = py
        elif nb.exists():
            path = nb
        else:
            return Submission(student_id, path, problem=f"no {name}.py or {name}.ipynb found "
                                                        f"in the submission folder")
    sub = Submission(student_id, path, note=note)
    try:
        size = path.stat().st_size
        if not path.is_file():
            sub.problem = f"{path.name} is not a regular file"
            return sub
        if size > MAX_BYTES:
            sub.problem = f"{path.name} is {size / 2**20:.0f} MB, over the {MAX_BYTES >> 20} MB limit"
            return sub
        raw = path.read_bytes()
    except OSError as exc:
        sub.problem = f"{path.name} could not be read: {exc.strerror or exc}"
        return sub
    if b"\0" in raw:
        sub.problem = f"{path.name} is a binary file, not Python source"
        return sub
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        sub.problem = (f"{path.name} is not valid UTF-8 (byte {exc.start}); "
                       "save the file as UTF-8")
        return sub
    if path.suffix == ".ipynb":
        return _read_notebook(sub, text)
    sub.kind, sub.source = "py", text
    return sub


def _read_notebook(sub: Submission, text: str) -> Submission:
    try:
        nb = json.loads(text)
    except (ValueError, RecursionError) as exc:
        sub.problem = f"{sub.path.name} is not valid notebook JSON ({str(exc)[:80]})"
        return sub
    if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
        major = nb.get("nbformat") if isinstance(nb, dict) else None
        sub.problem = (f"{sub.path.name} uses nbformat {major}; only nbformat 4 notebooks "
                       "are graded (save it again from a current Jupyter)"
                       if major else f"{sub.path.name} is not a Jupyter notebook")
        return sub
    if nb.get("nbformat") != 4:
        sub.problem = (f"{sub.path.name} uses nbformat {nb.get('nbformat')}; only nbformat 4 "
                       "notebooks are graded")
        return sub
    cells = []
    for index, cell in enumerate(nb["cells"]):
        if isinstance(cell, dict) and cell.get("cell_type") == "code":
            source = cell.get("source", "")
            if isinstance(source, list):
                source = "".join(s for s in source if isinstance(s, str))
            if isinstance(source, str):
                cells.append([index, source])
    sub.kind, sub.cells = "ipynb", cells
    return sub
