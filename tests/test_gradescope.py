"""The Gradescope autograder zip, run in a temp root laid out like Gradescope's."""
import json
import os
import shutil
import stat
import subprocess
import sys
import zipfile

import jsonschema
import pytest

from autograder.authoring import course

from autograder.report import SCHEMA
from conftest import autograde, value_mistake

#: the assignment graded (the registry names it: [tests] engine_example)
EX = course.example()


@pytest.fixture(scope="module")
def unpacked(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("gradescope")
    autograde("gradescope", EX.name, "--out", tmp / "dist")
    zip_path = tmp / "dist" / f"{EX.name}-gradescope.zip"
    with zipfile.ZipFile(zip_path) as zf:
        names = zf.namelist()
        zf.extractall(tmp / "template")
    return tmp, names


def run_autograder(tmp, template, name: str, source_text: str) -> dict:
    root = tmp / name
    shutil.copytree(template, root / "source_zip")
    (root / "source_zip" / "source").rename(root / "source")
    run = root / "source_zip" / "run_autograder"
    run.chmod(run.stat().st_mode | stat.S_IEXEC)
    (root / "submission").mkdir()
    (root / "submission" / f"{EX.name}.py").write_text(source_text)
    env = {**os.environ, "AUTOGRADE_GS_ROOT": str(root), "AUTOGRADE_GS_PYTHON": sys.executable}
    subprocess.run([str(run)], check=True, env=env, capture_output=True, timeout=300)
    return json.loads((root / "results" / "results.json").read_text())


def test_zip_layout(unpacked):
    _, names = unpacked
    for needed in ("setup.sh", "run_autograder", "source/autograder/platforms/gradescope.py",
                   "source/pgcheck/discovery.py", f"source/solutions/{EX.name}/{EX.name}.py",
                   "source/pyproject.toml"):
        assert needed in names
    assert [n for n in names if n.startswith(f"source/autograder/hidden/{EX.name}/test_")]
    own = [f"/{EX.name}/"] + [f"/{o}/" for o in EX.provided_solutions]
    assert not [n for n in names if n.startswith("source/solutions/")
                and not any(o in n for o in own)]


def test_correct_and_buggy_submissions(unpacked):
    tmp, _ = unpacked
    schema = json.loads(SCHEMA.read_text())
    good = run_autograder(tmp, tmp / "template", "good",
                          EX.reference_module.read_text())
    bug = value_mistake(EX)
    bad = run_autograder(tmp, tmp / "template", "bad", bug.materialize())
    for results in (good, bad):
        jsonschema.validate(results, schema)
        assert "execution_time" in results and results["stdout_visibility"] == "hidden"
        for t in results["tests"]:
            assert {"name", "score", "max_score", "status", "output", "visibility"} <= set(t)
    max_score = sum(t["max_score"] for t in good["tests"])
    assert good["score"] == max_score > 0
    assert 0 < bad["score"] < max_score
    assert any(bug.hint in t["output"] for t in bad["tests"])
    if os.geteuid() == 0:     # as on Gradescope: student code ran under an unprivileged uid
        assert "uid" in good["output"].split("Sandbox:")[1]
