"""The fast lane (``pytest -m "not slow"``) touches every module of the grader and of pgcheck.

Run once, in a subprocess that records what every process imported (``tests/importlog/``:
a ``sitecustomize`` that writes each process's loaded modules when it exits); a failing fast
test, or a module no fast test imports, fails here. In a run that selects this test, the fast
tests are not run a second time on their own (``tests/conftest.py``:
``pytest_collection_modifyitems``). The fork server and the worker run only in their own
processes (started with ``python -I``, which ignores the recorder), and so does the harness
the worker executes in the student's process: the fast lane's grading tests exercise them on
every submission, and they are checked here by their imports in the
grading process instead.

An import recorder, not line coverage: the check is "every module ran", which an import
proves, and coverage.py's tracer made the fast lane about 1.4 times slower.
"""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

#: the folder whose sitecustomize records imports
RECORDER = ROOT / "tests" / "importlog"
#: modules that only ever run in the sandbox's own processes (the harness is sent as text
#: with every load request and executed in the student's process, never imported)
OWN_PROCESSES = {"autograder/sandbox/forkserver.py", "autograder/sandbox/worker.py",
                 "autograder/sandbox/harness.py"}


def modules() -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for folder in ("autograder", "pgcheck")
                  for p in (ROOT / folder).rglob("*.py")
                  if "__pycache__" not in p.parts and not p.name.startswith("test_")
                  and "mutants" not in p.parts)


def imported(log: Path) -> set[str]:
    """The repository's files that the processes recorded in ``log`` imported."""
    return {str(Path(line).relative_to(ROOT)) for record in log.glob("*.txt")
            for line in record.read_text().splitlines() if line}


@pytest.mark.slow
def test_fast_lane_executes_every_module(tmp_path):
    log = tmp_path / "imports"
    log.mkdir()
    env = {**os.environ, "AUTOGRADE_IMPORT_LOG": str(log), "AUTOGRADE_IMPORT_ROOT": str(ROOT),
           "PYTHONPATH": os.pathsep.join(filter(None, [str(RECORDER),
                                                        os.environ.get("PYTHONPATH")]))}
    # two workers, files kept whole, as the README's test command runs them: the fast lane's
    # waits (a hang cut at its limit, a worker restarted) leave a core idle in one process
    run = subprocess.run([sys.executable, "-m", "pytest", "-m", "not slow", "-q", "-p",
                          "no:cacheprovider", "-n", "2", "--dist", "loadfile",
                          "--ignore", __file__], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, "the fast lane failed:\n" + run.stdout[-6000:]
    executed = imported(log)
    missing = [m for m in modules() if m not in executed and m not in OWN_PROCESSES]
    assert missing == [], "modules the fast lane never runs"
