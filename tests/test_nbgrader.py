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

from conftest import ROOT, autograde

BIN = Path(sys.executable).parent
ENV = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}


def nbgrader(*args, cwd):
    proc = subprocess.run([str(BIN / "nbgrader"), *args], cwd=cwd, env=ENV, capture_output=True,
                          text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc


def submit(course: Path, student: str, notebook: dict):
    folder = course / "submitted" / student / "grpo"
    folder.mkdir(parents=True)
    (folder / "grpo.ipynb").write_text(json.dumps(notebook))
    shutil.copy(course / "solutions" / "grpo" / "checks.py", folder)


@pytest.mark.slow
def test_nbgrader_route_and_our_route_agree(tmp_path):
    from nbgrader.api import Gradebook

    course = tmp_path / "course"
    (course / "solutions").mkdir(parents=True)
    shutil.copytree(ROOT / "solutions" / "grpo", course / "solutions" / "grpo")
    shutil.copy(ROOT / "nbgrader_config.py", course)
    nbgrader("generate_assignment", "grpo", "--force", cwd=course)
    assert (course / "assignments" / "grpo" / "grpo.ipynb").is_file()

    filled = json.loads((course / "solutions" / "grpo" / "grpo.ipynb").read_text())
    buggy = json.loads(json.dumps(filled))
    for cell in buggy["cells"]:
        source = "".join(cell["source"])
        if source.startswith("def group_advantages"):     # the whole batch's mean
            cell["source"] = source.replace("rewards.mean(dim=1, keepdim=True)", "rewards.mean()", 1)
    assert buggy != filled
    submit(course, "alice", filled)
    submit(course, "bob", buggy)
    nbgrader("autograde", "grpo", "--force", cwd=course)
    db = f"sqlite:///{course / 'gradebook.db'}"
    with Gradebook(db) as gb:
        theirs = {s: (gb.find_submission("grpo", s).code_score,
                      gb.find_submission("grpo", s).max_code_score) for s in ("alice", "bob")}
    assert theirs["alice"][0] == theirs["alice"][1] > 0        # full autograded points
    assert theirs["bob"][0] < theirs["bob"][1]

    proc = autograde("grade", course / "submitted", "--assignment", "grpo", "--out",
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
