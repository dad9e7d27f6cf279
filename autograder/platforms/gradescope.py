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
configuration as ``pip config list`` shows it (``PIP_INDEX_URL``, ``PIP_EXTRA_INDEX_URL``,
``PIP_FIND_LINKS``, ``PIP_NO_INDEX`` or the same keys in a ``pip.conf``: a mirror, a folder
of wheels) and only where it names none of them makes PyTorch's CPU index the extra
index, so that torch comes as the CPU build (a GPU build is gigabytes and no use here);
it says which it chose. ``AUTOGRADE_GS_ROOT`` replaces ``/autograder`` (tests lay the same tree
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

import pgcheck
from pgcheck.discovery import shallowest_work

from autograder.authoring.course import PYTHON as COURSE_PYTHON
from autograder.authoring.course import Assignment, assignments, package_dir
from autograder.platforms import pins

#: the Python the course needs: ``setup.sh`` installs it when the image lacks it
PYTHON = COURSE_PYTHON

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

# Where wheels come from: pip's own configuration wins, as `pip config list` shows it (the
# variables PIP_INDEX_URL, PIP_EXTRA_INDEX_URL, PIP_FIND_LINKS, PIP_NO_INDEX, or the same keys
# in any pip.conf pip reads: a mirror, a wheel folder). Only where it names none of them: PyPI,
# and PyTorch's CPU index as the extra index, so that torch comes as the CPU build.
pip_sources() {{
    local configured
    configured=$("$@" config list 2>/dev/null | sed -nE \\
        's/^[^=]*\\.(index-url|extra-index-url|find-links|no-index)=.*/\\1/p' | sort -u | paste -sd, -)
    if [ -n "$configured" ]; then
        echo "wheels: as pip is configured ($configured)"
    else
        export PIP_EXTRA_INDEX_URL=https://download.pytorch.org/whl/cpu
        echo "wheels: PyPI, and PyTorch's CPU index for torch (pip names no index or wheel folder)"
    fi
}}
export PIP_DISABLE_PIP_VERSION_CHECK=1

"$PYTHON" -m venv "$ROOT/venv"
pip_sources "$ROOT/venv/bin/pip"
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
             for package in (package_dir(), Path(pgcheck.__file__).resolve().parent)
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
        zf.writestr(_member("README.md"), readme(assignment))
    os.replace(partial, target)
    return target


def readme(assignment: Assignment) -> str:
    """The zip's README: how to set the assignment up on Gradescope, with the autograder's
    points (every test's but the written answers', found by collecting the suites a grade
    runs) and a manually graded question per written answer (docs/instructors.md)."""
    from autograder.engine.grade import planned_tests

    written = assignment.answers.written
    auto = sum(points for _, points in planned_tests(assignment)) - sum(w.points for w in written)
    lines = [f"Gradescope autograder for {assignment.name}: upload this zip as the "
             f"assignment's autograder, worth {auto:g} points."]
    if written:
        lines += ["", "The written answers are scored by a person, not by the autograder (it "
                  "leaves them out of its tests and its score). Add a manually graded "
                  "question to the assignment's outline for each:", ""]
        lines += [f"- {w.title} ({w.points:g} point{'s' if w.points != 1 else ''}; "
                  f"notebook cell {w.cell!r})" for w in written]
    return "\n".join(lines) + "\n"


def find_submission(folder: Path, name: str) -> Path:
    """Gradescope puts the upload in /autograder/submission (maybe inside a folder): the
    shallowest folder holding work for ``name``, found without entering a link (the tree is
    the student's); which file in it is graded is then decided, and read as data, as
    everywhere else (:mod:`pgcheck.discovery`)."""
    return shallowest_work(folder, name) or folder


def run(name: str, root: Path) -> dict:
    """Grade the submission under ``root`` and write Gradescope's results.json, from the
    grade's record (:class:`~autograder.records.grades.Graded`) and the submission as read
    once here: nothing the grade wrote is read back."""
    from autograder.engine import pool
    from autograder.authoring.course import warm_imports

    pool.launch(1, warm_imports(name))
    from autograder.authoring.course import get
    from autograder.engine import discover, grade
    from autograder.records.grades import GradeDetails
    from autograder.sandbox.confine import Limits
    from autograder.report import scrubbed_results
    from autograder.report.redact import GraderPaths

    assignment = get(name)
    results_dir = root / "results"
    results_dir.mkdir(parents=True, exist_ok=True)
    path = find_submission(root / "submission", name)
    sub = discover.read("submission", path, name, assignment.functions,
                        answers=bool(assignment.answers))
    with tempfile.TemporaryDirectory() as tmp:
        options = grade.Options(out_dir=Path(tmp),
                                limits=assignment.settings.limits.applied(Limits()))
        [graded] = pool.grade_many([("submission", path)], assignment, options, jobs=1,
                                   subs={"submission": sub})
        paths = GraderPaths.of_grade(assignment.root, options.out_dir, path)
        results = for_gradescope(scrubbed_results(graded, GradeDetails.of(sub), paths))
    (results_dir / "results.json").write_text(json.dumps(results, indent=2),
        encoding="utf-8", errors="replace")
    pool.close()
    sys.stdout.write(summary(results, results_dir / "results.json"))
    return results


def by_hand(test: dict) -> bool:
    """A test a person scores (a written answer): on Gradescope, a manually graded question."""
    return "manual" in (test.get("extra_data") or {})


def for_gradescope(results: dict) -> dict:
    """``results.json`` as Gradescope is to read it. A written answer can never be scored by
    the autograder: its test leaves the autograder's tests (and so its total) for a
    manually graded question of the assignment's outline, and the output says so, with the
    answer as received (the student sees it was collected)."""
    from autograder.report import score_line

    written = [t for t in results["tests"] if by_hand(t)]
    if not written:
        return results
    tests = [t for t in results["tests"] if not by_hand(t)]
    name = (results.get("extra_data") or {}).get("assignment", "")
    before = score_line(name, results["score"], sum(t["max_score"] for t in results["tests"]))
    first, _, rest = results["output"].partition("\n")
    if first == before:         # the score line gradescope_results wrote: out of fewer points
        first = score_line(name, results["score"], sum(t["max_score"] for t in tests))
    lines = ["Written answers: scored by a person, in this assignment's manually graded "
             "question (not part of the autograder's score):"]
    lines += [f"- {t['name']} ({t['max_score']:g} point{'s' if t['max_score'] != 1 else ''}): "
              f"{t['output']}" for t in written]
    output = "\n".join([first, rest] if rest else [first])
    return {**results, "tests": tests, "output": output + "\n\n" + "\n".join(lines)}


def summary(results: dict, written_to: Path) -> str:
    """What ``run_autograder`` prints: Gradescope shows its standard output to the course
    staff only (``stdout_visibility`` hidden), in the instructor's debugging box. The score,
    the file graded, the tests' tally and the failed ones, the protections in force."""
    tests, extra = results["tests"], results.get("extra_data") or {}
    graded = [t for t in tests if t["max_score"] > 0]
    failed = [t for t in graded if t["score"] < t["max_score"]]
    top = sum(t["max_score"] for t in tests)
    lines = [f"{extra.get('assignment', '')}: {results['score']:g} / {top:g} "
             f"({len(graded) - len(failed)} of {len(graded)} graded tests passed) in "
             f"{results.get('execution_time', 0):g} s",
             f"graded file: {Path(extra.get('file') or 'none').name}"]
    if extra.get("problem"):
        lines.append(f"not graded: {extra['problem']}")
    lines += [f"  lost {t['max_score'] - t['score']:g}: {t['name']}" for t in failed[:SHOWN]]
    if len(failed) > SHOWN:
        lines.append(f"  ... and {len(failed) - SHOWN} more (results.json has every test)")
    lines.append(f"sandbox: {', '.join(extra.get('protections') or ()) or 'not started'}")
    lines.append(f"results: {written_to}")
    return "\n".join(lines) + "\n"


#: failed tests named one by one in the summary
SHOWN = 20


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
                   "please tell the course staff.", "tests": [], "visibility": "visible",
                   "stdout_visibility": "hidden"}
        import traceback

        traceback.print_exc(file=sys.stdout)     # the staff's debugging box, never the student's
        (Path(args.root) / "results").mkdir(parents=True, exist_ok=True)
        (Path(args.root) / "results" / "results.json").write_text(json.dumps(results),
            encoding="utf-8", errors="replace")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
