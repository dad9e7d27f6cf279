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

When both a module and a notebook are present, the one with more graded functions written
is graded; on a tie, the module. So a student who filled in the notebook is not graded on the
untouched stub module beside it, and one who kept the stub lines as comments above their code
is graded on that code. What is written is read from the code, parsed, never run
(:mod:`pgcheck.stubs`: a comment, a string or dead code is never a stub); code that does not
parse loses the choice, and the note says why.
An assignment whose notebook also has answer cells (:mod:`pgcheck.answers`) takes them from
the notebook whichever file holds the functions: a graded module keeps the notebook beside it
as its :attr:`Submission.notebook`.

Everything is read as data (:mod:`pgcheck.files`): a link, hard link, named pipe or device
where work should be, a student folder that is a link, or a zip member that is one, is never
followed or opened; it is refused, as is anything over its limit. A file that cannot be read
becomes a :class:`Submission` with a one-line ``problem`` naming it as the student knows it
(graded 0 with that reason), never an exception.
"""
from __future__ import annotations

import json
import os
import re
import stat
from collections import deque
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from . import files
from .files import Refused
from .messages import encodable
from .stubs import Progress, progress

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
    raw: bytes = field(default=b"", repr=False)   # the bytes read: what check.py --zip packs
    archive: Path | None = None      # the zip the file was read from, if it was
    tags: dict = field(default_factory=dict)      # for .ipynb: cell index -> nbgrader grade_id
    markdown: list = field(default_factory=list)  # for .ipynb: [[index, source]] of tagged markdown
    notebook: "Submission | None" = None   # a graded module's notebook, read for its answer cells
    notebook_problem: str = ""       # why the notebook beside a graded module could not be read

    @property
    def filename(self) -> str:
        return self.path.name

    @property
    def answer_source(self) -> "Submission | None":
        """The notebook whose answer cells are graded: this one, or the one beside this
        module (None: no notebook was handed in)."""
        return self if self.kind == "ipynb" else self.notebook

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
    """Whether ``folder`` holds work for ``name`` (module, notebook or submission zip).

    An entry of that name counts whatever it is (a link, a pipe): it is then refused, with
    its name, when read, rather than passed over in silence."""
    return folder.is_dir() and any(files.lstat(folder / f) is not None for f in
                                   (f"{name}.py", f"{name}.ipynb", submission_zip_name(name)))


def shallowest_work(folder: Path, name: str, entries: int = 10_000) -> Path | None:
    """The shallowest folder at or under ``folder`` that :func:`holds_work`, found without
    entering a link and after looking at ``entries`` entries at most (an upload platform's
    submission tree is the student's: its size and its links are theirs)."""
    queue = deque([Path(folder)])
    while queue and entries > 0:
        current = queue.popleft()
        if holds_work(current, name):
            return current
        below = []
        try:
            with os.scandir(current) as listing:
                for entry in listing:
                    entries -= 1
                    if entries <= 0:
                        break
                    if entry.is_dir(follow_symlinks=False):
                        below.append(entry.name)
        except OSError:
            continue
        queue.extend(current / n for n in sorted(below))
    return None


# -- reading -----------------------------------------------------------------

class _Candidate:
    """One file of work, read lazily (``read()`` gives its bytes or raises Refused)."""

    def __init__(self, kind: str, path: Path, read, archive: Path | None = None):
        self.kind, self.path, self._read, self.archive = kind, path, read, archive
        self._sub: Submission | None = None

    def submission(self, student_id: str) -> Submission:
        if self._sub is None:
            sub = Submission(student_id, self.path, archive=self.archive)
            self._sub = _decode(sub, self._read)
        return self._sub


def _on_disk(kind: str, path: Path) -> _Candidate:
    return _Candidate(kind, path, partial(files.read_file, path, path.name, files.LIMITS[kind]))


def _candidates(path: Path, name: str) -> dict[str, _Candidate]:
    """The module and notebook found at ``path`` by kind; Refused if none can be."""
    st = files.lstat(path)
    if st is None:
        raise Refused(f"{path.name} does not exist")
    if stat.S_ISDIR(st.st_mode):
        found = {kind: _on_disk(kind, path / f"{name}.{kind}") for kind in KINDS
                 if files.lstat(path / f"{name}.{kind}") is not None}
        if found:
            return found
        archive = path / submission_zip_name(name)
        if files.lstat(archive) is None:
            raise Refused(f"no {name}.py or {name}.ipynb found in the submission folder")
        return _zip_candidates(archive, name)
    if stat.S_ISLNK(st.st_mode) and path.is_dir():
        raise Refused(f"your submission folder {path.name} is a symbolic link; submit the "
                      "folder itself")
    problem = files.not_a_file(st.st_mode, path.name)
    if problem:
        raise Refused(problem)
    kind = path.suffix.lstrip(".")
    if kind == "zip":
        return _zip_candidates(path, name)
    if kind not in KINDS:
        raise Refused(f"{path.name} is neither {name}.py nor {name}.ipynb")
    return {kind: _on_disk(kind, path)}


def _zip_candidates(path: Path, name: str) -> dict[str, _Candidate]:
    """Members named ``name.py`` or ``name.ipynb`` (in any folder of the zip, the shallowest
    first; ``/`` or ``\\`` separating folders), read when needed, never extracted."""
    archive = files.open_archive(path, path.name)
    members = [(re.split(r"[/\\]", info.filename), info) for info in archive.infolist()
               if not info.is_dir()]
    found = {}
    for kind in KINDS:
        wanted = f"{name}.{kind}"
        matches = sorted((len(parts), n, info) for n, (parts, info) in enumerate(members)
                         if parts[-1] == wanted)
        if matches:
            info = matches[0][2]
            found[kind] = _Candidate(kind, path / wanted, partial(
                files.read_member, archive, info, f"{wanted} in {path.name}", files.LIMITS[kind]),
                archive=path)
    if not found:
        raise Refused(f"{path.name} holds no {name}.py or {name}.ipynb")
    return found


def _decode(sub: Submission, read_bytes) -> Submission:
    """Fill ``sub`` from the bytes of its file; problems become ``sub.problem``."""
    name = sub.path.name
    try:
        raw = read_bytes()
    except Refused as exc:
        sub.problem = str(exc)
        return sub
    sub.raw = raw
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
    cells, tags, markdown = [], {}, []
    for index, cell in enumerate(nb["cells"]):
        if not isinstance(cell, dict):
            continue
        source = cell.get("source", "")
        if isinstance(source, list):
            source = "".join(s for s in source if isinstance(s, str))
        if not isinstance(source, str):
            continue
        source = encodable(source)      # JSON may hold a lone surrogate ("\\ud800")
        grade_id = _grade_id(cell)
        if grade_id:
            tags[index] = grade_id
        if cell.get("cell_type") == "code":
            cells.append([index, source])
        elif cell.get("cell_type") == "markdown" and grade_id:
            markdown.append([index, source])
    sub.kind, sub.cells, sub.tags, sub.markdown = "ipynb", cells, tags, markdown
    return sub


def _grade_id(cell: dict) -> str:
    """The cell's nbgrader ``grade_id`` (what answer cells are found by), or ""."""
    metadata = cell.get("metadata")
    nbgrader = metadata.get("nbgrader") if isinstance(metadata, dict) else None
    grade_id = nbgrader.get("grade_id") if isinstance(nbgrader, dict) else None
    return encodable(grade_id) if isinstance(grade_id, str) and 0 < len(grade_id) <= 100 else ""


# -- choosing ----------------------------------------------------------------

def written(sub: Submission, functions) -> Progress:
    """What ``sub``'s code holds of the graded ``functions`` (:mod:`pgcheck.stubs`)."""
    return progress(sub.kind, functions, source=sub.source, cells=sub.cells,
                    filename=sub.filename)


def read(student_id: str, path: Path, name: str, functions=(), *,
         answers: bool = False) -> Submission:
    """The work at ``path`` for assignment ``name`` that will be graded, read.

    ``functions`` are the assignment's graded functions; they decide between a
    module and a notebook found together (see the module's docstring), and the
    returned ``note`` says which was chosen and why. With ``answers`` (the assignment has
    answer cells), a module chosen over a notebook keeps it as its ``notebook``.
    """
    path = Path(path)
    try:
        found = _candidates(path, name)
    except Refused as exc:
        return Submission(student_id, path, problem=str(exc))
    if len(found) == 1:
        return next(iter(found.values())).submission(student_id)
    module, notebook = found["py"].submission(student_id), found["ipynb"].submission(student_id)
    held = {id(sub): written(sub, functions) for sub in (module, notebook) if not sub.problem}

    def done(sub):   # functions written; -1: not readable
        work = held.get(id(sub))
        return -1 if work is None or work.unreadable else len(work.written)

    chosen, other = (notebook, module) if done(notebook) > done(module) else (module, notebook)
    total = len(functions)
    found_both = f"Both {name}.py and {name}.ipynb were found"
    if other.problem:
        chosen.note = (f"{found_both}; {chosen.filename} is graded because {other.filename} "
                       f"could not be read: {other.problem.rstrip('.')}.")
    elif done(notebook) == done(module) == -1:
        chosen.note = (f"{found_both}, and neither can be read as code "
                       f"({held[id(module)].describe(module.filename, total)}; "
                       f"{held[id(notebook)].describe(notebook.filename, total)}), so the module, "
                       f"{chosen.filename}, is graded.")
    elif done(notebook) == done(module):
        chosen.note = (f"{found_both}, each with {done(module)} of {total} functions written, "
                       f"so the module, {chosen.filename}, is graded.")
    elif held[id(other)].unreadable:
        chosen.note = (f"{found_both}; {chosen.filename} is graded because "
                       f"{held[id(other)].describe(other.filename, total)}.")
    else:
        chosen.note = (f"{found_both}; {chosen.filename} is graded because it has "
                       f"{done(chosen)} of {total} functions written and {other.filename} "
                       f"{done(other)}.")
    if answers and chosen is module:
        if notebook.problem:
            chosen.notebook_problem = notebook.problem
            if not other.problem:
                chosen.note += (f" Its answer cells could not be read: "
                                f"{notebook.problem.rstrip('.')}.")
        else:
            chosen.notebook = notebook
            chosen.note += f" The answer cells are graded from {notebook.filename}."
    return chosen
