"""The repository is a working nbgrader course, and both routes agree.

In a temp copy: `nbgrader generate_assignment`, two filled notebooks (correct, buggy) under
nbgrader's `submitted/<student>/<assignment>/`, `nbgrader autograde`; then `autograde grade` on
the same `submitted/` tree with `--nbgrader-db`, and `nbgrader export` shows our scores.
"""
import csv
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from autograder.authoring import course as course_registry
from conftest import ROOT, autograde, value_mistake

BIN = Path(sys.executable).parent
ENV = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}


def nbgrader(*args, cwd):
    proc = subprocess.run([str(BIN / "nbgrader"), *args], cwd=cwd, env=ENV, capture_output=True,
                          text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc


#: the assignment graded (the registry names it: [tests] engine_example)
EX = course_registry.example()


def submit(course: Path, student: str, notebook: dict):
    folder = course / "submitted" / student / EX.name
    folder.mkdir(parents=True)
    (folder / f"{EX.name}.ipynb").write_text(json.dumps(notebook))
    shutil.copy(course / "solutions" / EX.name / "checks.py", folder)


@pytest.mark.slow
def test_nbgrader_route_and_our_route_agree(tmp_path):
    from nbgrader.api import Gradebook

    course = tmp_path / "course"
    (course / "solutions").mkdir(parents=True)
    shutil.copytree(ROOT / "solutions" / EX.name, course / "solutions" / EX.name)
    shutil.copy(ROOT / "nbgrader_config.py", course)
    nbgrader("generate_assignment", EX.name, "--force", cwd=course)
    assert (course / "assignments" / EX.name / f"{EX.name}.ipynb").is_file()

    filled = json.loads((course / "solutions" / EX.name / f"{EX.name}.ipynb").read_text())
    buggy = json.loads(json.dumps(filled))
    mistake = value_mistake(EX)
    (name, source), = mistake.functions.items()
    for cell in buggy["cells"]:
        if "".join(cell["source"]).startswith(f"def {name}("):     # a known mistake swapped in
            cell["source"] = source
    assert buggy != filled
    submit(course, "alice", filled)
    submit(course, "bob", buggy)
    nbgrader("autograde", EX.name, "--force", cwd=course)
    db = f"sqlite:///{course / 'gradebook.db'}"
    with Gradebook(db) as gb:
        theirs = {s: (gb.find_submission(EX.name, s).code_score,
                      gb.find_submission(EX.name, s).max_code_score) for s in ("alice", "bob")}
    assert theirs["alice"][0] == theirs["alice"][1] > 0        # full autograded points
    assert theirs["bob"][0] < theirs["bob"][1]

    proc = autograde("grade", course / "submitted", "--assignment", EX.name, "--out",
                     tmp_path / "ours", "--json", "--nbgrader-db", db)
    ours = {r["submission"]: r for r in json.loads(proc.stdout)}
    assert set(ours) == {"alice", "bob"}                      # nbgrader's student ids
    assert ours["alice"]["score"] == ours["alice"]["max_score"]
    assert ours["bob"]["score"] < ours["bob"]["max_score"]

    nbgrader("export", "--to", str(tmp_path / "grades.csv"), cwd=course)
    rows = {r["student_id"]: r for r in csv.DictReader((tmp_path / "grades.csv").open())}
    for student in ("alice", "bob"):   # nbgrader's own points plus ours
        assert float(rows[student]["max_score"]) >= ours[student]["max_score"] + theirs[student][1]
        assert float(rows[student]["raw_score"]) >= ours[student]["score"]
