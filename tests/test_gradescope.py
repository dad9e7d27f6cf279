"""The Gradescope autograder zip, set up and run the way Gradescope's documentation says.

Gradescope ("Autograder Specifications") extracts the zip into ``/autograder/source``, runs
``setup.sh`` from there once, as root, to build the image, copies ``run_autograder`` to
``/autograder/run_autograder`` and runs it from ``/autograder`` once per submission, with the
upload in ``/autograder/submission/``; it reads ``/autograder/results/results.json``.

The slow test does exactly that in a temporary folder standing in for ``/autograder``
(``AUTOGRADE_GS_ROOT``; nothing else differs): one ``setup.sh`` (a real virtual environment, the
pinned versions, wheels from wherever this machine's pip takes them), shared by three
submissions placed as Gradescope places them: the reference module, a known mistake and the
solved notebook. Nothing of this checkout is imported by what runs there.
"""
import importlib.metadata as metadata
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import jsonschema
import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

from autograder.authoring import course
from autograder.platforms import pins
from autograder.report import SCHEMA
from conftest import ROOT, autograde, value_mistake

#: the assignment graded (the registry names it: [tests] engine_example)
EX = course.example()


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The zip as `autograde gradescope` writes it, and its members."""
    dist = tmp_path_factory.mktemp("gradescope-dist")
    autograde("gradescope", EX.name, "--out", dist)
    zip_path = dist / f"{EX.name}-gradescope.zip"
    with zipfile.ZipFile(zip_path) as zf:
        return zip_path, {i.filename: i for i in zf.infolist()}


def test_setup_and_run_autograder_sit_at_the_zips_root(built):
    _, members = built
    for script in ("setup.sh", "run_autograder"):
        assert script in members, f"{script} must be at the root of the zip (Gradescope's layout)"
        assert (members[script].external_attr >> 16) & 0o111, f"{script} is not executable"
    for needed in ("requirements.txt", "pyproject.toml", "autograder/platforms/gradescope.py",
                   "pgcheck/discovery.py", f"solutions/{EX.name}/{EX.name}.py"):
        assert needed in members
    assert [n for n in members if n.startswith(f"autograder/hidden/{EX.name}/test_")]
    own = [f"solutions/{a}/" for a in (EX.name, *EX.provided_solutions)]
    assert not [n for n in members if n.startswith("solutions/") and not n.startswith(tuple(own))]
    assert not [n for n in members if n.startswith("source/")], "nothing nested under source/"


def test_the_zip_pins_what_the_course_was_tested_with(built):
    """Every package the course needs, and everything those need, at the installed version."""
    zip_path, _ = built
    with zipfile.ZipFile(zip_path) as zf:
        text = zf.read("requirements.txt").decode()
    pinned = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            req = Requirement(line)
            (spec,) = req.specifier
            assert spec.operator == "==", line
            pinned[canonicalize_name(req.name)] = spec.version
    for req in pins.declared(ROOT / "pyproject.toml"):
        assert canonicalize_name(req.name) in pinned, f"{req.name} is not pinned"
    for name, version in pinned.items():
        assert Version(metadata.version(name)).public == version, name
    assert len(pinned) > len(pins.declared(ROOT / "pyproject.toml")), "dependencies are pinned too"


def this_machines_pip_sources() -> dict[str, str]:
    """pip's variables as this machine's pip is set up (its environment, else its pip.conf), so
    that setup.sh installs from the same wheels this checkout was installed from. Unset here,
    setup.sh's own default applies (PyPI, plus PyTorch's CPU index), as on Gradescope."""
    listed = subprocess.run([sys.executable, "-m", "pip", "config", "list"], capture_output=True,
                            text=True).stdout.splitlines()
    configured = {k.split(".", 1)[-1]: v.strip("'\"")
                  for k, _, v in (line.partition("=") for line in listed) if v}
    found = {}
    for key in ("index-url", "extra-index-url", "find-links"):
        var = "PIP_" + key.upper().replace("-", "_")
        value = os.environ.get(var) or configured.get(key)
        if value:
            found[var] = value
    return found


def gradescope_env(root: Path) -> dict[str, str]:
    """A root shell of the image: the system's PATH plus the Python the course was tested with
    (the image's ``python3``), none of this checkout's virtual environment."""
    base = Path(sys.base_prefix) / "bin"
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("VIRTUAL_ENV", "PYTHON", "AUTOGRADE"))}
    # PIP_NO_COMPILE: Gradescope's image build byte-compiles what it installs, which spares each
    # submission's fresh container from compiling what it imports. Here the three submissions
    # share one image, so the first one compiles what they import, and compiling (and writing)
    # all of torch and Jupyter is spared. Nothing that setup.sh or run_autograder does changes.
    return {**env, "PATH": f"{base}:/usr/sbin:/usr/bin:/sbin:/bin", "AUTOGRADE_GS_ROOT": str(root),
            **this_machines_pip_sources(), "PIP_NO_COMPILE": "1"}


@pytest.fixture(scope="module")
def image(built, tmp_path_factory):
    """Gradescope's image build: the zip extracted into ROOT/source, setup.sh run there,
    run_autograder copied to ROOT/run_autograder. Returns ROOT and setup.sh's transcript."""
    zip_path, _ = built
    root = tmp_path_factory.mktemp("gradescope") / "autograder"
    source = root / "source"
    source.mkdir(parents=True)
    subprocess.run(["unzip", "-q", str(zip_path), "-d", str(source)], check=True)
    setup = subprocess.run(["bash", "./setup.sh"], cwd=source, env=gradescope_env(root),
                           capture_output=True, text=True, timeout=900)
    transcript = [line for line in (setup.stdout + setup.stderr).splitlines()
                  if "is ignored: it is neither a file nor a directory" not in line]
    assert setup.returncode == 0, "\n".join(transcript[-40:])
    shutil.copy2(source / "run_autograder", root / "run_autograder")
    return root, transcript


def run_autograder(root: Path, files: dict[str, str]) -> dict:
    """One submission, as Gradescope runs it: a fresh submission/ and results/."""
    for folder in ("submission", "results"):
        shutil.rmtree(root / folder, ignore_errors=True)
    (root / "submission").mkdir()
    for name, text in files.items():
        (root / "submission" / name).write_text(text)
    proc = subprocess.run([str(root / "run_autograder")], cwd=root, env=gradescope_env(root),
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    return json.loads((root / "results" / "results.json").read_text())


@pytest.mark.slow
def test_gradescope_sets_up_and_grades_three_submissions(image, capsys):
    root, transcript = image
    site = next((root / "venv" / "lib").glob("python3*/site-packages"))
    assert not (site / "autograder").exists(), \
        "the course is installed editable: its one copy is source/, which the sandbox hides"
    schema = json.loads(SCHEMA.read_text())
    bug = value_mistake(EX)
    solved = (EX.source_dir / f"{EX.name}.ipynb").read_text()
    results = {      # the functions in the module, the notebook's answer cells beside it
        "correct": run_autograder(root, {f"{EX.name}.py": EX.reference_module.read_text(),
                                         **({f"{EX.name}.ipynb": solved} if EX.answers else {})}),
        "buggy": run_autograder(root, {f"{EX.name}.py": bug.materialize()}),
        "notebook": run_autograder(root, {f"{EX.name}.ipynb": solved}),
    }
    with capsys.disabled():
        print("\nsetup.sh, last lines:\n  " + "\n  ".join(transcript[-3:]))
        print("results.json scores: " + ", ".join(
            f"{k} {r['score']:g}/{sum(t['max_score'] for t in r['tests']):g}"
            for k, r in results.items()))
    for r in results.values():
        jsonschema.validate(r, schema)
        assert "execution_time" in r and r["stdout_visibility"] == "hidden"
    max_score = sum(t["max_score"] for t in results["correct"]["tests"])
    by_hand = sum(w.points for w in EX.answers.written)    # a person scores them, later
    assert results["correct"]["score"] == max_score - by_hand > 0
    assert results["notebook"]["score"] == max_score - by_hand
    for w in EX.answers.written:    # the TA sees the answer in Gradescope, beside the question
        [test] = [t for t in results["correct"]["tests"] if t["name"].endswith(w.title)]
        assert "your answer, as received:" in test["output"] and test["score"] == 0
    assert results["notebook"]["extra_data"]["file"].endswith(f"{EX.name}.ipynb")
    assert 0 < results["buggy"]["score"] < max_score
    assert any(bug.hint in t["output"] for t in results["buggy"]["tests"])
    if os.geteuid() == 0:     # as on Gradescope: student code ran under an unprivileged uid
        assert "uid" in results["correct"]["output"].split("Sandbox:")[1]
