"""Gradescope: build an assignment's autograder zip, and run it inside Gradescope.

Gradescope's documentation (gradescope-autograders.readthedocs.io, "Autograder
Specifications") fixes the layout: the zip holds ``setup.sh`` and
``run_autograder`` *at its root*; it is extracted into ``/autograder/source``;
``setup.sh`` runs there once, as root, when the image is built;
``run_autograder`` is copied to ``/autograder/run_autograder`` and runs once per
submission, from ``/autograder``, with the upload in ``/autograder/submission/``;
it must write ``/autograder/results/results.json``.

``autograde gradescope NAME`` writes ``dist/NAME-gradescope.zip`` holding, at its root:

* ``setup.sh``: Python 3.11 or newer with ``venv`` (apt-get only when the image
  lacks it), a virtual environment ``/autograder/venv``, the packages of
  ``requirements.txt``, then this course itself (an editable install, as in a
  checkout: the installed copy is the one ``source/`` folder, which the sandbox
  hides from student code);
* ``requirements.txt``: every package pinned at the version the course was tested
  with, generated from the environment that builds the zip
  (:mod:`autograder.platforms.pins`), never kept by hand;
* ``run_autograder``: grades ``/autograder/submission/`` and writes
  ``/autograder/results/results.json``;
* the engine (``autograder/``, hidden suites included), the student runtime
  (``pgcheck/``), the assignment's ``solutions/`` folder (reference and public
  checks; plus any reference it ships solved) and ``pyproject.toml``.

Where wheels come from is pip's business: ``setup.sh`` honours pip's own
variables (``PIP_INDEX_URL``, ``PIP_EXTRA_INDEX_URL``, ``PIP_FIND_LINKS``: a
mirror, a folder of wheels) and only when ``PIP_EXTRA_INDEX_URL`` is unset makes
PyTorch's CPU index the extra index, so that torch comes as the CPU build (a GPU
build is gigabytes and no use here). ``AUTOGRADE_GS_ROOT`` replaces ``/autograder`` (tests lay the same tree
out in a temporary folder); nothing else differs from Gradescope's run.

Student code runs in the sandboxed worker, as in a local grade: Gradescope
runs ``run_autograder`` as root, so the worker gets the namespaces mode and an
unprivileged uid, and ``/autograder`` (source, results, the submission
itself) is outside its private root.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import zipfile
from pathlib import Path

from pgcheck.discovery import shallowest_work

from autograder.authoring.course import Assignment, assignments, package_dir
from autograder.platforms import pins

#: the Python the course needs (``tomllib``): ``setup.sh`` installs it when the image lacks it
PYTHON = (3, 11)

SETUP = """#!/usr/bin/env bash
# Gradescope image set-up for the {name} autograder. Gradescope runs it once, as root, from
# /autograder/source, where the autograder zip was extracted.
set -euo pipefail
ROOT="${{AUTOGRADE_GS_ROOT:-/autograder}}"
SOURCE="$ROOT/source"

# Python {major}.{minor} or newer, with venv: apt-get only when the image lacks them.
recent() {{ "$1" -c 'import sys; sys.exit(sys.version_info < ({major}, {minor}))' 2>/dev/null; }}
usable() {{ recent "$1" && "$1" -c 'import ensurepip, venv' 2>/dev/null; }}
PYTHON=python3
if ! usable "$PYTHON"; then
    if ! recent python3; then
        PYTHON=python{major}.{minor}; PACKAGES="python{major}.{minor} python{major}.{minor}-venv"
    else
        PACKAGES="python3-venv"
    fi
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $PACKAGES > /dev/null
fi

# Where wheels come from: pip's own variables win (PIP_INDEX_URL, PIP_EXTRA_INDEX_URL,
# PIP_FIND_LINKS: a mirror, a wheel folder). By default PyPI, and PyTorch's CPU index as the
# extra index, so that torch comes as the CPU build.
export PIP_EXTRA_INDEX_URL="${{PIP_EXTRA_INDEX_URL-https://download.pytorch.org/whl/cpu}}"
export PIP_DISABLE_PIP_VERSION_CHECK=1

"$PYTHON" -m venv "$ROOT/venv"
"$ROOT/venv/bin/pip" install -q -r "$SOURCE/requirements.txt"
"$ROOT/venv/bin/pip" install -q --no-deps --no-build-isolation -e "$SOURCE"
"$ROOT/venv/bin/pip" check
"$ROOT/venv/bin/python" -c 'import autograder, torch; print("ready: torch", torch.__version__)'
"""

RUN = """#!/usr/bin/env bash
# Gradescope entry point for the {name} autograder: runs once per submission, as root.
# Grades $ROOT/submission/ and writes $ROOT/results/results.json.
ROOT="${{AUTOGRADE_GS_ROOT:-/autograder}}"
exec "$ROOT/venv/bin/python" -m autograder.platforms.gradescope --assignment {name} --root "$ROOT"
"""


def _member(name: str, mode: int = 0o644) -> zipfile.ZipInfo:
    """A zip member written from a string, with Unix permissions (``unzip`` keeps them)."""
    info = zipfile.ZipInfo(name)
    info.external_attr = mode << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    return info


def build_zip(assignment: Assignment, out: Path) -> Path:
    """Write ``out/NAME-gradescope.zip`` (the layout above); return its path. The zip is
    written beside its final name and moved there once complete."""
    root = assignment.root
    out.mkdir(parents=True, exist_ok=True)
    target = out / f"{assignment.name}-gradescope.zip"
    folders = [assignment.source_dir] + [assignments(root)[o].source_dir
                                         for o in assignment.provided_solutions]
    files = [(path, f"{package.name}/{path.relative_to(package)}")
             for package in (package_dir(), runtime_dir())        # the grader and pgcheck
             for path in sorted(package.rglob("*"))
             if path.is_file() and "__pycache__" not in path.parts]
    files += [(path, str(path.relative_to(root))) for folder in folders
              for path in sorted(folder.rglob("*"))
              if path.is_file() and "__pycache__" not in path.parts]
    major, minor = PYTHON
    partial = target.with_name(target.name + ".part")
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(_member("setup.sh", 0o755),
                    SETUP.format(name=assignment.name, major=major, minor=minor))
        zf.writestr(_member("run_autograder", 0o755), RUN.format(name=assignment.name))
        zf.writestr(_member("requirements.txt"), pins.lock(root / "pyproject.toml"))
        for path, name in files:
            zf.write(path, name)
        zf.write(root / "pyproject.toml", "pyproject.toml")
        zf.writestr(_member("README.md"), f"Gradescope autograder for {assignment.name}: upload "
                                          "this zip as the assignment's autograder.\n")
    os.replace(partial, target)
    return target


def find_submission(folder: Path, name: str) -> Path:
    """Gradescope puts the upload in /autograder/submission (maybe inside a folder): the
    shallowest folder holding work for ``name``, found without entering a link (the tree is
    the student's); which file in it is graded is then decided, and read as data, as
    everywhere else (:mod:`pgcheck.discovery`)."""
    return shallowest_work(folder, name) or folder


def runtime_dir() -> Path:
    """The student-side runtime the grader shares (``pgcheck``)."""
    import pgcheck

    return Path(pgcheck.__file__).resolve().parent


def run(name: str, root: Path) -> dict:
    """Grade the submission under ``root`` and write Gradescope's results.json."""
    from autograder.engine import pool
    from autograder.authoring.course import warm_imports

    pool.launch(1, warm_imports(name))
    from autograder.engine import grade
    from autograder.authoring.course import get

    assignment = get(name)
    results_dir = root / "results"
    results_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        options = grade.Options(out_dir=Path(tmp))
        submission = find_submission(root / "submission", name)
        pool.grade_many([("submission", submission)], assignment, options, jobs=1)
        results = json.loads((Path(tmp) / "submission" / "results.json").read_text())
    (results_dir / "results.json").write_text(json.dumps(results, indent=2))
    pool.close()
    return results


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m autograder.platforms.gradescope")
    parser.add_argument("--assignment", required=True)
    parser.add_argument("--root", default=os.environ.get("AUTOGRADE_GS_ROOT", "/autograder"))
    args = parser.parse_args(argv)
    try:
        run(args.assignment, Path(args.root))
    except Exception as exc:  # the student must still see something (none of our paths)
        from autograder.authoring.course import course_root
        from autograder.report.redact import GraderPaths

        reason = GraderPaths.of_grade(course_root()).scrub(f"{type(exc).__name__}: {exc}")
        results = {"score": 0.0, "output": f"The autograder failed ({reason}); "
                   "please tell the course staff.", "tests": [], "visibility": "visible"}
        (Path(args.root) / "results").mkdir(parents=True, exist_ok=True)
        (Path(args.root) / "results" / "results.json").write_text(json.dumps(results))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
