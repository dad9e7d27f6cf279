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


def pip_sources_of(setup: str, env: dict[str, str]) -> tuple[str, str | None]:
    """What the shipped ``setup.sh`` decides about wheels under ``env``: its own ``pip_sources``
    function (the text of the zip's script), run with a real pip (this environment's) and
    pip's variables set as in ``env``: the line it prints, and the PIP_EXTRA_INDEX_URL it
    leaves (None: unset)."""
    import re

    [function] = re.findall(r"^pip_sources\(\) \{\n.*?^\}\n", setup, flags=re.S | re.M)
    script = function + f'pip_sources "{sys.executable}" -m pip\n' \
        'echo "extra=${PIP_EXTRA_INDEX_URL-<unset>}"\n'
    base = {k: v for k, v in os.environ.items() if not k.startswith("PIP_")}
    proc = subprocess.run(["bash", "-euo", "pipefail", "-c", script], env={**base, **env},
                          capture_output=True, text=True, check=True)
    said, extra = proc.stdout.splitlines()[-2:]
    extra = extra.removeprefix("extra=")
    return said, None if extra == "<unset>" else extra


def test_setup_honours_pips_own_configuration(built, tmp_path):
    """setup.sh adds PyTorch's CPU index only where pip's configuration names no index, mirror
    or wheel folder: pip's variables and a pip.conf (here the file of PIP_CONFIG_FILE, one of
    those pip reads) are honoured alike, so an offline image with a wheel folder never waits
    on download.pytorch.org."""
    zip_path, _ = built
    with zipfile.ZipFile(zip_path) as zf:
        setup = zf.read("setup.sh").decode()
    nothing = {"PIP_CONFIG_FILE": os.devnull}        # pip reads no configuration file at all
    said, extra = pip_sources_of(setup, nothing)
    assert extra == "https://download.pytorch.org/whl/cpu" and "PyPI" in said
    conf = tmp_path / "pip.conf"
    for key, value in [("index-url", "http://mirror.example/simple"),
                       ("extra-index-url", "http://mirror.example/simple"),
                       ("find-links", str(tmp_path / "wheels"))]:
        variable = "PIP_" + key.upper().replace("-", "_")
        said, extra = pip_sources_of(setup, {**nothing, variable: value})
        assert extra == (value if variable == "PIP_EXTRA_INDEX_URL" else None), variable
        assert f"as pip is configured ({key})" in said
        conf.write_text(f"[global]\n{key} = {value}\n")
        said, extra = pip_sources_of(setup, {"PIP_CONFIG_FILE": str(conf)})
        assert extra is None and f"as pip is configured ({key})" in said, f"pip.conf {key}"
    conf.write_text("[install]\nno-index = true\nfind-links = /wheels\n")
    said, extra = pip_sources_of(setup, {"PIP_CONFIG_FILE": str(conf)})
    assert extra is None and "find-links,no-index" in said
    said, extra = pip_sources_of(setup, {**nothing, "PIP_EXTRA_INDEX_URL": ""})
    assert extra == "", "an empty PIP_EXTRA_INDEX_URL (no extra index) is pip's choice too"


def this_machines_pip_sources() -> dict[str, str]:
    """pip's sources as this machine's pip is set up (its environment, else its pip.conf), as
    variables: what setup.sh must find by itself (the image build below passes it none), so
    that it installs from the same wheels this checkout was installed from. Where there are
    none, setup.sh's own default applies (PyPI, plus PyTorch's CPU index), as on Gradescope."""
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
            "PIP_NO_COMPILE": "1"}


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
    wheels = [line for line in transcript if line.startswith("wheels: ")]
    expected = "wheels: as pip is configured (" if this_machines_pip_sources() else "wheels: PyPI"
    assert len(wheels) == 1 and wheels[0].startswith(expected), wheels
    shutil.copy2(source / "run_autograder", root / "run_autograder")
    return root, transcript


#: what run_autograder printed for each submission (Gradescope's debugging box, staff only)
PRINTED: dict[int, str] = {}


def run_autograder(root: Path, files: dict[str, str]) -> dict:
    """One submission, as Gradescope runs it: a fresh submission/ and results/ (what it
    printed: ``PRINTED[id(results)]``)."""
    for folder in ("submission", "results"):
        shutil.rmtree(root / folder, ignore_errors=True)
    (root / "submission").mkdir()
    for name, text in files.items():
        (root / "submission" / name).write_text(text)
    proc = subprocess.run([str(root / "run_autograder")], cwd=root, env=gradescope_env(root),
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    results = json.loads((root / "results" / "results.json").read_text())
    PRINTED[id(results)] = proc.stdout
    return results


@pytest.mark.slow
def test_gradescope_sets_up_and_grades_three_submissions(built, image, capsys):
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
    # the written answers are a manually graded question on Gradescope: not the autograder's
    max_score = sum(t["max_score"] for t in results["correct"]["tests"])
    with zipfile.ZipFile(built[0]) as zf:
        readme = zf.read("README.md").decode()
    assert f"worth {max_score:g} points" in readme
    assert results["correct"]["score"] == results["notebook"]["score"] == max_score > 0
    for w in EX.answers.written:    # the answer as received, said once, beside no score
        assert not [t for t in results["correct"]["tests"] if t["name"].endswith(w.title)]
        assert f"{w.title} ({w.points:g} point" in readme
        said = results["correct"]["output"].split("Written answers:", 1)[1]
        assert w.title in said and "your answer, as received:" in said
    assert results["notebook"]["extra_data"]["file"].endswith(f"{EX.name}.ipynb")
    assert 0 < results["buggy"]["score"] < max_score
    assert any(bug.hint in t["output"] for t in results["buggy"]["tests"])
    for r in results.values():      # the staff's box: a summary; the student's: no sandbox talk
        printed = PRINTED[id(r)]
        assert printed.startswith(f"{EX.name}: {r['score']:g} / {max_score:g} ("), printed
        assert "sandbox: " in printed and "results: " in printed
        assert "andbox" not in r["output"] and not any("andbox" in t["output"] for t in r["tests"])
    lost = [t for t in results["buggy"]["tests"] if t["score"] < t["max_score"]]
    assert all(f"lost {t['max_score'] - t['score']:g}: {t['name']}" in PRINTED[id(results["buggy"])]
               for t in lost[:20])
    if os.geteuid() == 0:     # as on Gradescope: student code ran under an unprivileged uid
        assert "uid" in results["correct"]["extra_data"]["protections"]
        assert ", uid," in PRINTED[id(results["correct"])]


def test_written_answers_leave_the_autograders_tests_and_total():
    """On Gradescope a written answer is a manually graded question: its test leaves the
    autograder's tests (and the total out of which the score line counts), the output names
    it with the answer as received; nothing else changes."""
    from autograder.platforms.gradescope import for_gradescope
    from autograder.report import score_line

    tests = [{"name": "group mean: a case", "score": 2.0, "max_score": 2.0, "output": "",
              "extra_data": {"group": "group mean"}},
             {"name": "written answers: why", "score": 0.0, "max_score": 1.0,
              "output": "to be scored by a person; your answer, as received:\nbecause",
              "extra_data": {"group": "written answers", "manual": {"scored": False}}}]
    results = {"score": 2.0, "output": score_line("alpha", 2.0, 3.0) + "\na note",
               "tests": tests, "extra_data": {"assignment": "alpha"}}
    shown = for_gradescope(results)
    assert [t["name"] for t in shown["tests"]] == ["group mean: a case"]
    assert shown["score"] == 2.0
    assert shown["output"].startswith(score_line("alpha", 2.0, 2.0) + "\na note\n\nWritten answers:")
    assert "- written answers: why (1 point): to be scored" in shown["output"]
    assert "as received:\nbecause" in shown["output"]
    assert for_gradescope({**results, "tests": tests[:1]})["output"] == results["output"]
