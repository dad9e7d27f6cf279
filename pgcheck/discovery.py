"""Which file of a student's work is graded, and reading it safely.

The same code decides at home (``python check.py``, ``python check.py --zip``)
and in the grader, so a student is never checked on one file and graded on
another. Work for assignment ``NAME`` is ``NAME.py`` (a module) or
``NAME.ipynb`` (a notebook), found:

* as that file itself;
* in a folder (the student's working folder, or a class folder's per-student
  folder);
* inside ``NAME-submission.zip`` (what ``python check.py --zip`` writes), given
  as the zip or as a folder holding it. Members are read in memory, never
  extracted.

When both a module and a notebook are present, the one with fewer functions
still left as the release's stubs is graded; on a tie, the module. So a
student who filled in the notebook is not graded on the untouched stub module
beside it. Telling a stub apart needs only a text search for
:func:`~pgcheck.messages.stub_line`'s words; the code is never parsed or run here.

A file that cannot be read becomes a :class:`Submission` with a one-line
``problem`` (graded 0 with that reason), never an exception.
"""
from __future__ import annotations

import json
import zipfile
from dataclasses import dataclass
from pathlib import Path

#: a real submission is a few kB; anything over this is refused unread
MAX_BYTES = 5 << 20
#: the kinds of work, in the order a tie is broken
KINDS = ("py", "ipynb")


@dataclass
class Submission:
    id: str                          # the student's id: the directory's name
    path: Path                       # the file graded (or the directory / zip if none)
    kind: str = ""                   # "py" | "ipynb" | "" when there is nothing to grade
    source: str = ""                 # for .py
    cells: list | None = None        # for .ipynb: [[cell index, source], ...]
    problem: str = ""                # non-empty: why it cannot be graded
    note: str = ""                   # e.g. which of two files was graded, and why

    @property
    def filename(self) -> str:
        return self.path.name

    def load_message(self, module: str, provided: dict[str, str]) -> dict:
        """The grader's request that builds this work inside its worker."""
        msg = {"op": "load", "module": module, "filename": self.filename, "kind": self.kind,
               "provided": provided}
        if self.kind == "py":
            msg["source"] = self.source
        else:
            msg["cells"] = self.cells
        return msg


def submission_zip_name(name: str) -> str:
    """What ``python check.py --zip`` writes: ``NAME-submission.zip``."""
    return f"{name}-submission.zip"


def holds_work(folder: Path, name: str) -> bool:
    """Whether ``folder`` holds work for ``name`` (module, notebook or submission zip)."""
    return folder.is_dir() and any((folder / f).is_file() for f in
                                   (f"{name}.py", f"{name}.ipynb", submission_zip_name(name)))


# -- reading -----------------------------------------------------------------

class _Candidate:
    """One file of work, read lazily from disk or from a zip member."""

    def __init__(self, kind: str, path: Path, read_bytes, size: int):
        self.kind, self.path, self._read, self.size = kind, path, read_bytes, size
        self._sub: Submission | None = None

    def submission(self, student_id: str) -> Submission:
        if self._sub is None:
            self._sub = _decode(Submission(student_id, self.path), self._read, self.size)
        return self._sub


def _candidates(path: Path, name: str) -> tuple[dict[str, _Candidate], str]:
    """The module and notebook found at ``path`` by kind, and a problem if none can be."""
    found: dict[str, _Candidate] = {}
    if path.is_dir():
        for kind in KINDS:
            file = path / f"{name}.{kind}"
            if file.exists():
                found[kind] = _Candidate(kind, file, file.read_bytes, _size(file))
        archive = path / submission_zip_name(name)
        if found or not archive.is_file():
            return found, ("" if found else f"no {name}.py or {name}.ipynb found in the "
                                            "submission folder")
        path = archive
    if path.suffix == ".zip":
        return _zip_candidates(path, name)
    kind = path.suffix.lstrip(".")
    if kind not in KINDS:
        return {}, f"{path.name} is neither {name}.py nor {name}.ipynb"
    return {kind: _Candidate(kind, path, path.read_bytes, _size(path))}, ""


def _zip_candidates(path: Path, name: str) -> tuple[dict[str, _Candidate], str]:
    try:
        archive = zipfile.ZipFile(path)
        members = {Path(info.filename).name: info for info in archive.infolist()
                   if not info.is_dir()}
    except (OSError, zipfile.BadZipFile) as exc:
        return {}, f"{path.name} is not a readable zip file ({exc})"
    found = {}
    for kind in KINDS:
        info = members.get(f"{name}.{kind}")
        if info is not None:
            found[kind] = _Candidate(kind, path / info.filename,
                                     lambda info=info: archive.read(info), info.file_size)
    return found, ("" if found else f"{path.name} holds no {name}.py or {name}.ipynb")


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _decode(sub: Submission, read_bytes, size: int) -> Submission:
    """Fill ``sub`` from the bytes of its file; problems become ``sub.problem``."""
    name = sub.path.name
    if size > MAX_BYTES:
        sub.problem = f"{name} is {size / 2**20:.0f} MB, over the {MAX_BYTES >> 20} MB limit"
        return sub
    try:
        if not isinstance(sub.path, Path) or (sub.path.exists() and not sub.path.is_file()):
            sub.problem = f"{name} is not a regular file"
            return sub
        raw = read_bytes()
    except (OSError, zipfile.BadZipFile, RuntimeError) as exc:
        sub.problem = f"{name} could not be read: {getattr(exc, 'strerror', None) or exc}"
        return sub
    if len(raw) > MAX_BYTES:
        sub.problem = f"{name} is over the {MAX_BYTES >> 20} MB limit"
        return sub
    if b"\0" in raw:
        sub.problem = f"{name} is a binary file, not Python source"
        return sub
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        sub.problem = f"{name} is not valid UTF-8 (byte {exc.start}); save the file as UTF-8"
        return sub
    if sub.path.suffix == ".ipynb":
        return _read_notebook(sub, text)
    sub.kind, sub.source = "py", text
    return sub


def _read_notebook(sub: Submission, text: str) -> Submission:
    name = sub.path.name
    try:
        nb = json.loads(text)
    except (ValueError, RecursionError) as exc:
        sub.problem = f"{name} is not valid notebook JSON ({str(exc)[:80]})"
        return sub
    if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
        major = nb.get("nbformat") if isinstance(nb, dict) else None
        sub.problem = (f"{name} uses nbformat {major}; only nbformat 4 notebooks are graded "
                       "(save it again from a current Jupyter)"
                       if major else f"{name} is not a Jupyter notebook")
        return sub
    if nb.get("nbformat") != 4:
        sub.problem = f"{name} uses nbformat {nb.get('nbformat')}; only nbformat 4 notebooks are graded"
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


# -- choosing ----------------------------------------------------------------

def stubs_left(sub: Submission, functions) -> list[str]:
    """The graded ``functions`` whose release stub is still in ``sub``'s code."""
    code = sub.source if sub.kind == "py" else "\n".join(c for _, c in sub.cells or [])
    return [f for f in functions if f'NotImplementedError("{f}: not implemented yet' in code]


def read(student_id: str, path: Path, name: str, functions=()) -> Submission:
    """The work at ``path`` for assignment ``name`` that will be graded, read.

    ``functions`` are the assignment's graded functions; they decide between a
    module and a notebook found together (see the module's docstring), and the
    returned ``note`` says which was chosen and why.
    """
    path = Path(path)
    if not path.exists():
        return Submission(student_id, path, problem=f"{path} does not exist")
    found, problem = _candidates(path, name)
    if not found:
        return Submission(student_id, path, problem=problem)
    if len(found) == 1:
        return next(iter(found.values())).submission(student_id)
    module, notebook = found["py"].submission(student_id), found["ipynb"].submission(student_id)

    def done(sub):   # (readable, functions no longer stubs)
        return (not sub.problem, len(functions) - len(stubs_left(sub, functions))
                if not sub.problem else -1)

    chosen, other = (notebook, module) if done(notebook) > done(module) else (module, notebook)
    if done(notebook) == done(module):
        why = "neither has fewer functions left as stubs; on a tie the module is graded"
    elif other.problem:
        why = f"{other.filename} could not be read"
    else:
        left = len(stubs_left(other, functions))
        why = f"{other.filename} still has the stubs of {left} of {len(functions)} functions"
    chosen.note = (f"both {name}.py and {name}.ipynb were found; {chosen.filename} is graded "
                   f"({why})")
    return chosen
