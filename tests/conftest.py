"""Shared helpers for the project's own tests."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def autograde(*args, check=True, timeout=600):
    """Run the `autograde` command; returns the CompletedProcess."""
    proc = subprocess.run([sys.executable, "-m", "autograder.cli", *map(str, args)],
                          capture_output=True, text=True, timeout=timeout, cwd=ROOT)
    if check and proc.returncode != 0:
        raise AssertionError(f"autograde {args} exited {proc.returncode}:\n{proc.stderr[-3000:]}")
    return proc


def grade_json(paths, assignment, out, *extra):
    proc = autograde("grade", *paths, "--assignment", assignment, "--out", out, "--json", *extra)
    return {r["submission"]: r for r in json.loads(proc.stdout)}, proc


@pytest.fixture(scope="session")
def root():
    return ROOT


def make_submission(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.py").write_text(text)
    return folder
