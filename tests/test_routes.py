"""Every route grades the same hand-in the same (issue 49, point 2), side by side.

For an assignment of the registry, four hand-ins (the module alone, the notebook alone, both,
and a module with a known mistake) are graded by

* the command line: ``autograde grade CLASS -a NAME --json``;
* ``--cluster local:1``: the same command, graded by a Dask worker;
* Gradescope's entry point as ``run_autograder`` runs it (``python -m
  autograder.platforms.gradescope --root R``, with the submission in ``R/submission/`` and the
  score read from ``R/results/results.json``; the zip's set-up is tests/test_gradescope.py's);
* nbgrader: our grade cells hold the same grade as the command line's (one per test group,
  :func:`autograder.platforms.nbgrader.record`), and the notebook's own grade cells are only
  its written answers (``autograde release --check`` refuses any other), so nbgrader's total is
  the command line's. tests/test_nbgrader.py runs nbgrader itself on the example and compares.

Each gives one score, of one total (Gradescope's total leaves the written answers to a manual
question: the command line's, less their points). The fast lane grades the example assignment
on the command line and Gradescope's entry point; the slow lane every assignment (a training
run included) on all of them, ``--cluster`` too.
"""
import json
import os
import shutil
import subprocess
import sys

import pytest

from autograder.authoring import course
from autograder.authoring.release import graded_cells
from autograder.engine import mutants
from conftest import ROOT

EX = course.example()
CLUSTER = ("--cluster", ("--cluster", "local:1"))


def hand_ins(assignment) -> dict[str, dict[str, str]]:
    """The files of each hand-in, by its name."""
    module = {f"{assignment.name}.py": assignment.reference_module.read_text()}
    notebook = {assignment.notebook.name: assignment.notebook.read_text()}
    mistake = next(m for m in mutants.bank(assignment) if m.hint)
    return {"module": module, "notebook": notebook, "both": module | notebook,
            "mistake": {f"{assignment.name}.py": mistake.materialize()}}


def autograde(*args: str, cwd) -> subprocess.CompletedProcess:
    proc = subprocess.run([sys.executable, "-m", "autograder.cli", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=1200)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc


def gradescope(name: str, files: dict[str, str], root) -> tuple[float, float]:
    """(score, total) of one hand-in on Gradescope's entry point."""
    shutil.rmtree(root, ignore_errors=True)
    (root / "submission").mkdir(parents=True)
    for file, text in files.items():
        (root / "submission" / file).write_text(text)
    env = {k: v for k, v in os.environ.items() if not k.startswith("AUTOGRADE")}
    subprocess.run([sys.executable, "-m", "autograder.platforms.gradescope", "--assignment",
                    name, "--root", str(root)], cwd=root, env=env, capture_output=True,
                   text=True, timeout=1200, check=True)
    results = json.loads((root / "results" / "results.json").read_text())
    return results["score"], sum(t["max_score"] for t in results["tests"])


def test_the_example_gets_one_score_on_the_command_line_and_gradescope(tmp_path):
    routes_agree(EX, tmp_path, cluster=False)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(course.assignments()))
def test_every_route_gives_one_score_for_one_hand_in(name, tmp_path):
    routes_agree(course.get(name), tmp_path, cluster=True)


def routes_agree(assignment, tmp_path, cluster: bool) -> None:
    name, given = assignment.name, hand_ins(assignment)
    for student, files in given.items():
        (tmp_path / "class" / student).mkdir(parents=True)
        for file, text in files.items():
            (tmp_path / "class" / student / file).write_text(text)
    scores = {}
    for route, extra in (("command line", ()),) + ((CLUSTER,) if cluster else ()):
        proc = autograde("grade", str(tmp_path / "class"), "-a", name, "--json", "--jobs", "2",
                         "--out", str(tmp_path / route.strip("-").replace(" ", "-")), *extra,
                         cwd=ROOT)
        scores[route] = {r["submission"]: (r["score"], r["max_score"])
                         for r in json.loads(proc.stdout)}
    written = sum(w.points for w in assignment.answers.written)
    scores["Gradescope"] = {}
    for student, files in given.items():
        score, total = gradescope(name, files, tmp_path / "gs")
        scores["Gradescope"][student] = (score, total + written)
    assert graded_cells(assignment) == [], "nbgrader would count cells no other route counts"
    line = scores["command line"]
    assert all(s == line for s in scores.values()), json.dumps(scores, indent=1)
    assert line["both"] == line["notebook"] or assignment.answers, line
    assert line["both"][0] == line["both"][1] - written, line   # all but the written answers
    assert line["mistake"][0] < line["module"][0], line
