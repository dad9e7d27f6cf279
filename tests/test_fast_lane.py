"""The fast lane (``pytest -m "not slow"``) touches every module of the grader and of pgcheck.

Run once under coverage.py, in a subprocess; a failing fast test, or a module none of the fast
tests executes, fails here. In a run that selects this test, the fast tests are not run a
second time on their own (``tests/conftest.py``: ``pytest_collection_modifyitems``).
The fork server and the worker run only in their own processes (started with ``python -I``,
out of coverage's reach): the fast lane's grading tests exercise them on every submission, and
they are checked here by their imports in the grading process instead.
"""
import json
import subprocess
import sys

import pytest

from conftest import ROOT

#: modules that only ever run in the sandbox's own processes
OWN_PROCESSES = {"autograder/sandbox/forkserver.py", "autograder/sandbox/worker.py"}


def modules() -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for folder in ("autograder", "pgcheck")
                  for p in (ROOT / folder).rglob("*.py")
                  if "__pycache__" not in p.parts and not p.name.startswith("test_")
                  and "mutants" not in p.parts)


@pytest.mark.slow
def test_fast_lane_executes_every_module(tmp_path):
    data, rc = tmp_path / "data" / "c", tmp_path / "coveragerc"
    data.parent.mkdir()
    # subprocesses too (the CLI, check.py), each writing its own data file
    rc.write_text("[run]\nsource = autograder,pgcheck\npatch = subprocess\nparallel = true\n")
    coverage = [sys.executable, "-m", "coverage"]
    run = subprocess.run([*coverage, "run", f"--rcfile={rc}", f"--data-file={data}", "-m",
                          "pytest", "-m", "not slow", "-q", "-p", "no:cacheprovider",
                          "--ignore", __file__], cwd=ROOT, capture_output=True, text=True,
                         timeout=900)
    assert run.returncode == 0, "the fast lane failed under coverage:\n" + run.stdout[-6000:]
    report = tmp_path / "coverage.json"
    for step in (["combine", f"--rcfile={rc}", f"--data-file={data}", str(data.parent)],
                 ["json", f"--rcfile={rc}", f"--data-file={data}", "-o", str(report)]):
        done = subprocess.run([*coverage, *step], cwd=ROOT, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
    files = json.loads(report.read_text())["files"]
    executed = {name for name, f in files.items()     # (a docstring-only __init__ has no lines)
                if f["summary"]["covered_lines"] > 0 or f["summary"]["num_statements"] == 0}
    missing = [m for m in modules() if m not in executed and m not in OWN_PROCESSES]
    assert missing == [], "modules the fast lane never runs"
