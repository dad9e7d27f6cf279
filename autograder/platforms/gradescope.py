"""Gradescope: build an assignment's autograder zip, and run it inside Gradescope.

``autograde gradescope NAME`` writes ``dist/NAME-gradescope.zip`` holding:

* ``setup.sh``: run once by Gradescope when it builds the image (as root): a
  virtual environment in ``/autograder/venv`` with CPU torch and this package;
* ``run_autograder``: run per submission: grades ``/autograder/submission/``
  and writes ``/autograder/results/results.json``;
* ``source/``: the engine (``autograder/``, hidden suites included), the
  assignment's ``solutions/`` folder (reference and public checks; plus any
  reference it ships solved), and ``pyproject.toml``.

Student code runs in the sandboxed worker, as in a local grade: Gradescope
runs ``run_autograder`` as root, so the worker gets the namespaces mode and an
unprivileged uid, and ``/autograder`` (source, results, the submission
itself) is outside its private root.

``python -m autograder.platforms.gradescope --assignment NAME`` is what ``run_autograder``
calls; ``--root`` (or ``$AUTOGRADE_GS_ROOT``) replaces ``/autograder`` in tests.
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

SETUP = """#!/usr/bin/env bash
# Gradescope image set-up for the {name} autograder (runs once, as root).
set -euo pipefail
apt-get update -qq && apt-get install -y -qq python3 python3-venv python3-pip > /dev/null
python3 -m venv /autograder/venv
/autograder/venv/bin/pip install -q --index-url https://download.pytorch.org/whl/cpu "torch>=2.2"
/autograder/venv/bin/pip install -q /autograder/source
"""

RUN = """#!/usr/bin/env bash
# Gradescope entry point for the {name} autograder (runs per submission).
ROOT="${{AUTOGRADE_GS_ROOT:-/autograder}}"
PY="${{AUTOGRADE_GS_PYTHON:-$ROOT/venv/bin/python}}"
cd "$ROOT/source"
export AUTOGRADE_ROOT="$ROOT/source"
exec "$PY" -m autograder.platforms.gradescope --assignment {name} --root "$ROOT"
"""


def build_zip(assignment: Assignment, out: Path) -> Path:
    """Write ``out/NAME-gradescope.zip``; return its path."""
    root = assignment.root
    out.mkdir(parents=True, exist_ok=True)
    target = out / f"{assignment.name}-gradescope.zip"
    folders = [assignment.source_dir] + [assignments(root)[o].source_dir
                                         for o in assignment.provided_solutions]
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, text in (("setup.sh", SETUP), ("run_autograder", RUN)):
            info = zipfile.ZipInfo(name)
            info.external_attr = 0o755 << 16
            zf.writestr(info, text.format(name=assignment.name))
        for package in (package_dir(), runtime_dir()):     # the grader and pgcheck
            for path in sorted(package.rglob("*")):
                if path.is_file() and "__pycache__" not in path.parts:
                    zf.write(path, f"source/{package.name}/{path.relative_to(package)}")
        for folder in folders:
            for path in sorted(folder.rglob("*")):
                if path.is_file() and "__pycache__" not in path.parts:
                    zf.write(path, f"source/{path.relative_to(root)}")
        zf.write(root / "pyproject.toml", "source/pyproject.toml")
        zf.writestr("source/README.md", f"Gradescope autograder for {assignment.name}.\n")
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
    from autograder.engine import pool as batch
    from autograder.authoring.course import warm_imports

    batch.launch(1, warm_imports(name))
    from autograder.engine import grade as runner
    from autograder.authoring.course import get

    assignment = get(name)
    results_dir = root / "results"
    results_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        options = runner.Options(out_dir=Path(tmp))
        submission = find_submission(root / "submission", name)
        batch.grade_many([("submission", submission)], assignment, options, jobs=1)
        results = json.loads((Path(tmp) / "submission" / "results.json").read_text())
    (results_dir / "results.json").write_text(json.dumps(results, indent=2))
    batch.close()
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
