"""``python check.py``: the public checks on a student's work, and the submission zip.

Every assignment folder a student receives holds a three-line ``check.py`` that
calls :func:`main` with the assignment's name and graded functions::

    python check.py               # check the work in this folder (module or notebook)
    python check.py PATH          # check another folder, module, notebook or zip
    python check.py --zip         # check, then write NAME-submission.zip to hand in

The file checked is the one the grader will grade (:mod:`pgcheck.discovery`),
and the zip holds exactly that file. Exit status: 0 when every public check
passes (with ``--zip``: when the zip was written), 1 otherwise, 2 when there is
no work to check.
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

from . import files
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
    print(f"using {sub.filename}" + (f" ({sub.note})" if sub.note else ""))
    return _build(sub, name)


def write_zip(sub: Submission, name: str, folder: Path) -> Path:
    """``folder/NAME-submission.zip`` holding exactly the file that will be graded: the bytes
    that were checked (never the path read again), as a regular file. An existing zip of that
    name is overwritten only if it is a regular file: a link there is not followed."""
    target = folder / submission_zip_name(name)
    if sub.archive is not None:
        raise ValueError(f"{sub.filename} is already inside {sub.archive.name}")
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
        info = zipfile.ZipInfo(sub.filename, date_time=time.localtime()[:6])
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = (stat.S_IFREG | 0o644) << 16
        with zipfile.ZipFile(fh, "w") as zf:
            zf.writestr(info, sub.raw)
    return target


def _plain(st: os.stat_result) -> bool:
    return stat.S_ISREG(st.st_mode) and st.st_nlink == 1


def main(name: str, functions, argv=None, here: Path | None = None) -> int:
    """Check the work for assignment ``name`` (graded ``functions``); see the module docstring."""
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

    sub = read("you", Path(args.path), name, tuple(functions))
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
    if module is not None:
        checks = _load_checks(here)
        for function in functions:
            report = run_function(function, vars(module), checks)
            if report.not_implemented is None:
                print(function)
            print("\n".join(report.lines("  " if report.not_implemented is None else "")))
            passing += report.ok
        print(f"{passing} of {len(functions)} functions pass their public checks. {HIDDEN_NOTE}")
    if args.zip:
        try:
            target = write_zip(sub, name, here)
        except ValueError as exc:
            print(f"no zip written: {exc}")
            return 1
        print(f"wrote {target.name}: it holds {sub.filename}, the file that will be graded. "
              "Hand in this zip.")
        return 0
    return 0 if module is not None and passing == len(functions) else 1
