"""``python check.py``: the public checks on a student's work, and the submission zip.

Every assignment folder a student receives holds a short ``check.py`` that calls
:func:`main` with the assignment's name, its graded functions and, when its notebook has
answer cells (:mod:`pgcheck.answers`), their :class:`~pgcheck.answers.Sheet`::

    python check.py               # check the work in this folder (module or notebook)
    python check.py PATH          # check another folder, module, notebook or zip
    python check.py --zip         # check, then write NAME-submission.zip to hand in

The file checked is the one the grader will grade (:mod:`pgcheck.discovery`). The answer
cells are run the grader's way (the graded functions are off limits in them) and checked
with their public checks; they come from the notebook whichever file holds the functions.
The zip holds every file that holds graded work: the file graded for the functions, and the
notebook beside a graded module when it holds answers; ``--zip`` says what each holds.
Exit status: 0 when every public check passes, of the functions and of the answer cells
(with ``--zip``: when the zip was written), 1 otherwise, 2 when there is no work to check.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import stat
import sys
import time
import zipfile
from pathlib import Path

from . import answers as answer_cells
from . import files
from .answers import Sheet
from .discovery import Submission, read, submission_zip_name
from .loading import exec_work, new_module
from .messages import error_text
from .runner import student_traceback, run_function

#: the zip is written without following a link there, without blocking on a pipe there
_WRITE = os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) \
    | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
HIDDEN_NOTE = ("The grade also runs hidden tests (other inputs, edge cases, gradients), so "
               "passing these checks does not guarantee full marks.")


def _load_checks(folder: Path):
    spec = importlib.util.spec_from_file_location("checks", folder / "checks.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["checks"] = module
    spec.loader.exec_module(module)
    return module


def _build(sub: Submission, name: str):
    """The student's module, built the way the grader builds it; None if it fails (printed)."""
    module = new_module(name, str(sub.path))
    try:
        exec_work(module, sub.kind, str(sub.path) if sub.kind == "py" else sub.filename,
                  source=sub.source, cells=sub.cells)
    except Exception as exc:  # noqa: BLE001 - the student's code may raise anything
        print(f"{sub.filename} could not be loaded: "
              + error_text(type(exc).__name__, str(exc), student_traceback(exc)))
        return None
    return module


def load_work(name: str, functions, path: Path):
    """The student's module for ``name``, found and built as :func:`main` does; None if it
    cannot be (the reason is printed). For provided scripts such as ``cartpole.py``."""
    sub = read("you", Path(path), name, tuple(functions))
    if sub.problem:
        print(f"nothing to load: {sub.problem}")
        return None
    print(f"using {sub.filename}" + (f". {sub.note}" if sub.note else ""))
    return _build(sub, name)


def write_zip(sub: Submission, name: str, folder: Path, also=()) -> Path:
    """``folder/NAME-submission.zip`` holding exactly the file that will be graded (and the
    files ``also``, such as the notebook whose answer cells are graded): the bytes that were
    checked (never the path read again), each as a regular file. An existing zip of that
    name is overwritten only if it is a regular file: a link there is not followed."""
    target = folder / submission_zip_name(name)
    for packed in (sub, *also):
        if packed.archive is not None:
            raise ValueError(f"{packed.filename} is already inside {packed.archive.name}")
    refused = ValueError(f"{target.name} is already there and is not a plain file (a link?); "
                         "delete it and run again")
    before = files.lstat(target)
    if before is not None and not _plain(before):
        raise refused
    try:
        fd = os.open(target, _WRITE, 0o644)
    except OSError as exc:
        raise ValueError(f"{target.name} could not be written ({exc.strerror})") from None
    with os.fdopen(fd, "wb") as fh:
        if not _plain(os.fstat(fd)):
            raise refused
        fh.truncate(0)
        with zipfile.ZipFile(fh, "w") as zf:
            for packed in (sub, *also):
                info = zipfile.ZipInfo(packed.filename, date_time=time.localtime()[:6])
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = (stat.S_IFREG | 0o644) << 16
                zf.writestr(info, packed.raw)
    return target


def _plain(st: os.stat_result) -> bool:
    return stat.S_ISREG(st.st_mode) and st.st_nlink == 1


class AnswerReport:
    """The answer cells of a notebook, run and checked as ``check.py`` shows them."""

    def __init__(self, sheet: Sheet, source: Submission | None, functions, checks):
        self.sheet, self.source = sheet, source
        self.results = [] if source is None else answer_cells.run(
            source.cells or [], source.tags, sheet.steps, functions, source.filename)
        self.written = answer_cells.written(source.markdown, source.tags, sheet.written) \
            if source is not None else []
        self.lines: list[str] = []
        self.passing = 0
        for result in self.results:
            self._check(result, checks)

    def _check(self, result, checks) -> None:
        self.lines.append(f"  {result.step.title}")
        problem = answer_cells.problem_of(result, self.source.filename)
        if problem:
            self.lines += [f"    {line}" for line in problem.splitlines()]
            return
        passed, failed = answer_cells.run_checks_of(result.step, result.values, checks)
        self.lines += [f"    passed  {check}" for check in passed]
        for check, text in failed:
            first, *rest = text.splitlines() or [""]
            self.lines.append(f"    FAILED  {check}: {first}")
            self.lines += [f"            {line}" for line in rest]
        self.passing += not failed

    @property
    def answered(self) -> int:
        """Steps whose cell holds an answer (right or wrong): not missing, not a placeholder."""
        return sum(r.cell is not None and not isinstance(r.error, NotImplementedError)
                   for r in self.results)

    def holds(self) -> str:
        """What the notebook holds of the exercise, in words ("" for nothing)."""
        parts = []
        if self.answered:
            parts.append(f"the {self.sheet.idea}'s answer cells ({self.answered} of "
                         f"{len(self.sheet.steps)} answered)")
        written = sum(w.answered for w in self.written)
        if written:
            parts.append(f"{written} of {len(self.sheet.written)} written answers")
        return " and ".join(parts)

    def print(self) -> None:
        if self.sheet.steps:
            where = f"answer cells of {self.source.filename}" if self.source else "no notebook"
            print(f"{self.sheet.idea} ({where})")
            if self.source is None:
                print(f"  no notebook here: the {self.sheet.idea} is answered in its cells")
            print("\n".join(self.lines))
            print(f"{self.passing} of {len(self.sheet.steps)} answer cells pass their public "
                  "checks. The grade compares them with the solution's.")
        for w in self.written:
            state = (f"written ({len(w.text)} characters); a person scores it" if w.answered
                     else f"not written yet (the markdown cell {w.question.cell!r})")
            print(f"{self.sheet.written_idea}: {w.question.title}: {state}")


def main(name: str, functions, argv=None, here: Path | None = None,
         answers: Sheet | None = None) -> int:
    """Check the work for assignment ``name`` (graded ``functions``; ``answers``: its answer
    cells, if it has any); see the module docstring."""
    here = Path(here or Path(sys.argv[0]).resolve().parent)
    parser = argparse.ArgumentParser(
        prog="python check.py",
        description=f"Run the public checks of '{name}' on your work; --zip also packs it.")
    parser.add_argument("path", nargs="?", default=str(here),
                        help="your folder, module, notebook or zip (default: this folder)")
    parser.add_argument("--zip", action="store_true",
                        help=f"then write {submission_zip_name(name)} beside check.py: the file "
                             "to hand in")
    args = parser.parse_args(argv)

    sheet = answers or Sheet(idea="")
    sub = read("you", Path(args.path), name, tuple(functions), answers=bool(sheet))
    if sub.problem:
        print(f"nothing to check: {sub.problem}")
        return 2
    kind = "module" if sub.kind == "py" else "notebook"
    print(f"Checking {sub.filename} (your {kind}; this is the file the grader will grade)")
    if sub.note:
        print(f"  {sub.note}")
    sys.path.insert(0, str(here))
    module = _build(sub, name)
    passing = 0
    checks = _load_checks(here)
    if module is not None:
        for function in functions:
            report = run_function(function, vars(module), checks)
            if report.not_implemented is None:
                print(function)
            print("\n".join(report.lines("  " if report.not_implemented is None else "")))
            passing += report.ok
        print(f"{passing} of {len(functions)} functions pass their public checks. {HIDDEN_NOTE}")
    cells = AnswerReport(sheet, sub.answer_source, functions, checks) if sheet else None
    if cells is not None:
        cells.print()
    if args.zip:
        return _pack(sub, name, here, cells)
    answered = cells is None or cells.passing == len(sheet.steps)
    return 0 if module is not None and passing == len(functions) and answered else 1


def _pack(sub: Submission, name: str, here: Path, cells: AnswerReport | None) -> int:
    """Write the zip: the graded file and, beside a graded module, the notebook whenever the
    assignment has answer cells, answered or not. One rule, the grader's: its answer cells
    are graded from that notebook, and a module handed in without it loses them ("came
    without it; hand in both"). Say what each file holds."""
    notebook = sub.notebook if cells is not None and sub.kind == "py" else None
    held = cells.holds() if cells is not None else ""
    also = [notebook] if notebook is not None else []
    try:
        target = write_zip(sub, name, here, also)
    except ValueError as exc:
        print(f"no zip written: {exc}")
        return 1
    print(f"wrote {target.name}: hand in this zip. It holds:")
    what = "the functions" + (f", {held}" if sub.kind == "ipynb" and held else "")
    print(f"  {sub.filename}: {what} (the file graded for the functions)")
    if notebook is not None:
        held = held or f"the {cells.sheet.idea}, none of it answered yet"
        print(f"  {notebook.filename}: {held} (the file graded for the answer cells)")
    elif cells is not None and sub.kind == "py":
        problem = sub.notebook_problem or f"{name}.ipynb is not in this folder"
        print(f"  and no notebook: {problem}. Its answer cells ({cells.sheet.idea}) are graded "
              f"from {name}.ipynb: put it here and pack again, or they count 0")
    return 0
