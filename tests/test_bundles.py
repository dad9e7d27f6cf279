"""The student bundle works as shipped: from the real zip, in an environment holding only
what the bundles' READMEs install, run the way the README says.

One environment serves the whole unit (the READMEs say so): it is made once, from exactly
what the set-up block of every bundle's README installs (``pip install torch ...`` and each
``pip install -r requirements.txt``), and every bundle runs with it.

For every assignment found in ``solutions/`` (the registry, no list here):

* ``python check.py`` on the stubs: one ``not implemented: FUNCTION`` line per function,
  exit 1; with the reference module (and the solution's answer cells, where the notebook has
  some) dropped in: every check passes, exit 0;
* with a filled-in notebook beside the untouched stub module, ``check.py`` checks the
  notebook and says so; ``check.py --zip`` packs exactly that file, and grading the zip
  gives the score of grading the folder;
* for an assignment whose notebook has answer cells: with the functions in the module and
  the answers in the notebook, ``check.py --zip`` packs both and says what each holds, and
  grading the zip gives the grade of grading the folder, test by test;
* the notebook runs top to bottom from its own folder: stubs fail only with a named
  ``NotImplementedError`` (or a name an unanswered exercise cell would have defined), the
  reference notebook with no error at all;
* every file and command the README and the notebook mention exists in the bundle.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import time
import zipfile
from pathlib import Path

import pytest

from autograder.authoring import course
import two_files
from conftest import autograde, grade_json
from freshenv import clean_environ, make_env

NAMES = sorted(course.assignments())

pytestmark = pytest.mark.slow


# -- fixtures: the real zips, unpacked once, and one fresh environment per bundle -----------

@pytest.fixture(scope="session")
def dist(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    autograde("release", "--zip", out)
    return out


def readme_installs(folder: Path) -> list[str]:
    """What the set-up block of the bundle ``folder``'s README installs, as requirement lines:
    each ``pip install`` line's packages (options such as ``--index-url URL`` left out) and
    the lines of each ``-r FILE`` it names."""
    block = re.search(r"## Set up.*?```bash\n(.*?)```", (folder / "README.md").read_text(), re.S)
    assert block, "the README has a set-up block"
    found = []
    for line in block.group(1).splitlines():
        words = line.split(" #")[0].split()
        if "pip" not in (words[0].split("/")[-1] if words else "") or words[1:2] != ["install"]:
            continue
        args = iter(words[2:])
        for arg in args:
            if arg == "-r":
                found += (folder / next(args)).read_text().splitlines()
            elif arg in ("--index-url", "--extra-index-url", "-i"):
                next(args)
            elif not arg.startswith("-"):
                found.append(arg)
    return found


@pytest.fixture(scope="session")
def unit(dist, tmp_path_factory) -> dict[str, tuple[Path, Path]]:
    """Every bundle unzipped, and one environment for the whole unit made from exactly what
    their READMEs install: name -> (its folder, the environment's python)."""
    base = tmp_path_factory.mktemp("unit")
    folders = {}
    for name in NAMES:
        with zipfile.ZipFile(dist / f"{name}-student.zip") as zf:
            assert {Path(n).parts[0] for n in zf.namelist()} == {name}, "one top-level folder"
            zf.extractall(base / "unzipped")
        folders[name] = base / "unzipped" / name
    installs = [line for folder in folders.values() for line in readme_installs(folder)]
    assert any(line.split("#")[0].strip() == "torch" for line in installs), \
        "the READMEs install torch on its own, first"
    (base / "installs.txt").write_text("\n".join(installs) + "\n")
    python = make_env(base / "installs.txt", base / "pg-unit")
    return {name: (folder, python) for name, folder in folders.items()}


@pytest.fixture
def bundle(name, unit, tmp_path):
    """(a fresh copy of the unzipped ``<name>/`` folder, the unit's python, environ)."""
    pristine, python = unit[name]
    folder = tmp_path / name
    shutil.copytree(pristine, folder)
    home = tmp_path / "home"
    kernels = home / "jupyter" / "kernels" / "python3"
    kernels.mkdir(parents=True)
    (kernels / "kernel.json").write_text(json.dumps({
        "argv": [str(python), "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "bundle", "language": "python"}))
    return folder, python, clean_environ(python.parent.parent, home)


def run(python, args, folder, environ, timeout=900):
    return subprocess.run([str(python), *args], cwd=folder, env=environ, capture_output=True,
                          text=True, timeout=timeout)


# -- check.py ----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", NAMES)
def test_check_on_stubs_says_not_implemented_once_per_function(name, bundle):
    folder, python, environ = bundle
    start = time.perf_counter()
    proc = run(python, ["check.py"], folder, environ)
    seconds = time.perf_counter() - start
    functions = course.get(name).functions
    assert proc.returncode == 1, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    assert [l for l in lines if l.startswith("not implemented:")] == \
        [f"not implemented: {f}" for f in functions], proc.stdout
    assert "FAILED" not in proc.stdout and "Traceback" not in proc.stderr, proc.stdout + proc.stderr
    print(f"{name}: check.py on the stubs from the zip, {seconds:.1f} s")


def answer(notebook: Path, solved: Path, **instead: str) -> None:
    """Fill in every answer cell (code or markdown) of ``notebook`` as the ``solved`` notebook
    has it, markers left out; ``instead`` gives other sources for some cells, by grade_id."""
    work, answers = json.loads(notebook.read_text()), json.loads(solved.read_text())
    by_id = {c["metadata"]["nbgrader"]["grade_id"]: "".join(c["source"])
             for c in answers["cells"] if c.get("metadata", {}).get("nbgrader", {}).get("solution")}
    for cell in work["cells"]:
        grade_id = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id", "")
        source = instead.get(grade_id.replace("-", "_"), by_id.get(grade_id))
        if source is not None and not source.lstrip().startswith("def "):
            cell["source"] = "\n".join(line for line in source.split("\n")
                                       if "### BEGIN SOLUTION" not in line
                                       and "### END SOLUTION" not in line)
    notebook.write_text(json.dumps(work))


@pytest.mark.parametrize("name", NAMES)
def test_check_passes_with_the_reference_module(name, bundle):
    folder, python, environ = bundle
    assignment = course.get(name)
    shutil.copy(assignment.reference_module, folder / f"{name}.py")
    if assignment.answers:
        answer(folder / f"{name}.ipynb", assignment.notebook)
    proc = run(python, ["check.py"], folder, environ)
    functions = assignment.functions
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"{len(functions)} of {len(functions)} functions pass" in proc.stdout
    assert "FAILED" not in proc.stdout and "not implemented" not in proc.stdout
    steps = len(assignment.answers.steps)
    assert (f"{steps} of {steps} answer cells pass" in proc.stdout) == bool(steps)


WITH_ANSWERS = [n for n in NAMES if course.get(n).answers.steps]


@pytest.mark.parametrize("name", WITH_ANSWERS)
def test_module_and_notebook_answers_are_packed_and_graded_alike(name, bundle, tmp_path):
    """Functions in the module, answers in the notebook (one step wrong): check.py says which
    file holds what and packs both; the zip is graded exactly as the folder."""
    folder, python, environ = bundle
    assignment = course.get(name)
    shutil.copy(assignment.reference_module, folder / f"{name}.py")
    last = assignment.answers.steps[-1]
    wrong = "\n".join(f"{n} = 'not a number'" for n in last.names)
    answer(folder / f"{name}.ipynb", assignment.notebook, **{last.cell.replace("-", "_"): wrong})
    proc = run(python, ["check.py", "--zip"], folder, environ)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    steps = len(assignment.answers.steps)
    assert f"{steps - 1} of {steps} answer cells pass" in proc.stdout, proc.stdout
    held = proc.stdout.split("It holds:\n", 1)[1].splitlines()
    assert held[0].startswith(f"  {name}.py: the functions"), proc.stdout
    assert held[1].startswith(f"  {name}.ipynb: the {assignment.answers.idea}'s answer cells "
                              f"({steps} of {steps} answered)"), proc.stdout
    with zipfile.ZipFile(folder / f"{name}-submission.zip") as zf:
        assert sorted(zf.namelist()) == sorted([f"{name}.py", f"{name}.ipynb"])
    student = tmp_path / "class" / "alice"
    student.mkdir(parents=True)
    shutil.copy(folder / f"{name}-submission.zip", student)
    results, _ = grade_json([student, folder], name, tmp_path / "out", "--skip-slow")
    by_zip, by_folder = results["alice"], results[name]
    assert by_zip["tests"] == by_folder["tests"] and by_zip["score"] == by_folder["score"]
    graded = {t["name"]: t for t in by_zip["tests"]}
    for step in assignment.answers.steps:
        test = graded[f"{assignment.answers.idea}: {step.title}"]
        assert test["score"] == (0 if step is last else step.points), test


@pytest.mark.parametrize("name", NAMES)
def test_filled_notebook_is_checked_zipped_and_graded_alike(name, bundle, tmp_path):
    folder, python, environ = bundle
    shutil.copy(course.get(name).source_dir / f"{name}.ipynb", folder / f"{name}.ipynb")
    proc = run(python, ["check.py", "--zip"], folder, environ)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.startswith(f"Checking {name}.ipynb"), proc.stdout
    functions = len(course.get(name).functions)
    assert f"{name}.ipynb is graded because it has {functions} of {functions} functions written and {name}.py 0" \
        in proc.stdout, proc.stdout
    assert "FAILED" not in proc.stdout and "not implemented" not in proc.stdout
    archive = folder / f"{name}-submission.zip"
    with zipfile.ZipFile(archive) as zf:
        assert zf.namelist() == [f"{name}.ipynb"]
    student = tmp_path / "class" / "alice"
    student.mkdir(parents=True)
    shutil.copy(archive, student)
    results, _ = grade_json([student, folder], name, tmp_path / "out", "--skip-slow")
    by_zip, by_folder = results["alice"], results[name]
    by_hand = sum(w.points for w in course.get(name).answers.written)   # 0 until scored
    assert by_zip["score"] == by_folder["score"] == by_folder["max_score"] - by_hand > 0
    assert by_zip["max_score"] == by_folder["max_score"]


@pytest.mark.parametrize("name", [course.example().name])
def test_module_or_notebook_is_chosen_from_the_code(name, bundle, tmp_path):
    """The four combinations of a finished module (stub lines deleted, or kept as comments)
    with a notebook of zero or one function written, and one function written in the notebook
    only (tests/two_files.py): the shipped check.py checks the file with more functions
    written and says so truly; ``autograde grade`` grades that file (issue 39: the module with
    commented-out stub lines beside a notebook of one function was graded on the notebook,
    21 of 42)."""
    folder, python, environ = bundle
    assignment = course.get(name)
    batch = tmp_path / "class"
    for n, case in enumerate(two_files.CASES):
        work = two_files.make(batch / f"case{n}", assignment, case)
        proc = run(python, ["check.py", str(work)], folder, environ)
        graded = f"{name}.{two_files.CASES[case][2]}"
        assert proc.stdout.startswith(f"Checking {graded} "), (case, proc.stdout)
        assert two_files.note(assignment, case) in proc.stdout, (case, proc.stdout)
    alone = batch / "notebook-alone"
    alone.mkdir()
    shutil.copy(batch / f"case{len(two_files.CASES) - 1}" / f"{name}.ipynb", alone)
    results, _ = grade_json([batch], name, tmp_path / "out", "--skip-slow", "--jobs", "2")
    by_hand = sum(w.points for w in assignment.answers.written)
    for n, case in enumerate(two_files.CASES):
        result = results[f"case{n}"]
        if two_files.CASES[case][2] == "py":
            assert result["score"] == result["max_score"] - by_hand, (case, result["score"])
        else:
            assert result["tests"] == results["notebook-alone"]["tests"], case
            assert 0 < result["score"] < result["max_score"] - by_hand, case


# -- the notebook ------------------------------------------------------------------------------

EXECUTE = """
import json, sys
import nbformat
from nbclient import NotebookClient
nb = nbformat.read(sys.argv[1], as_version=4)
NotebookClient(nb, timeout=600, kernel_name="python3", allow_errors=True,
               resources={"metadata": {"path": "."}}).execute()
cells = []
for index, cell in enumerate(nb.cells):
    if cell.cell_type == "code":
        errors = [o for o in cell.outputs if o.output_type == "error"]
        cells.append({"index": index, "source": cell.source,
                      "grade": cell.metadata.get("nbgrader", {}).get("grade", False),
                      "error": [errors[0].ename, errors[0].evalue] if errors else None})
json.dump(cells, sys.stdout)
"""


def execute(python, notebook: Path, folder, environ) -> list[dict]:
    proc = run(python, ["-c", EXECUTE, notebook.name], folder,
               {**environ, "AUTOGRADE_FAST": "1"})
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout)


def assigned(source: str) -> set[str]:
    return set(re.findall(r"^(\w+)\s*(?:,\s*\w+\s*)*=(?!=)", source, re.M)) | {
        n for names in re.findall(r"^((?:\w+\s*,\s*)+\w+)\s*=(?!=)", source, re.M)
        for n in re.split(r"\s*,\s*", names)}


def answer_names(name: str) -> set[str]:
    """Names the exercise (solution) cells of the source notebook assign."""
    nb = json.loads((course.get(name).source_dir / f"{name}.ipynb").read_text())
    return {n for cell in nb["cells"] if cell.get("metadata", {}).get("nbgrader", {}).get("solution")
            for n in assigned("".join(cell["source"]))}


@pytest.mark.parametrize("name", NAMES)
def test_stub_notebook_fails_only_where_work_is_missing(name, bundle):
    """Check cells raise the stub's own NotImplementedError; any other cell fails only with a
    NotImplementedError, or a NameError for a name that an exercise cell or an earlier cell
    that failed (because of a stub) would have defined."""
    folder, python, environ = bundle
    cells = execute(python, folder / f"{name}.ipynb", folder, environ)
    functions = course.get(name).functions
    missing_names = answer_names(name)
    checks = [c for c in cells if "run_checks(" in c["source"]]
    assert checks, "the notebook calls its public checks"
    for cell in cells:
        if cell["error"] is None:
            continue
        kind, text = cell["error"]
        if cell in checks:
            assert kind == "NotImplementedError" and text.split(":")[0] in functions, cell
            continue
        missing = re.match(r"name '(\w+)' is not defined", text)
        assert kind == "NotImplementedError" or (kind == "NameError" and missing
                                                  and missing.group(1) in missing_names), cell
        missing_names |= assigned(cell["source"])
    assert all(c["error"] for c in checks), "every check cell fails on the stubs"


@pytest.mark.parametrize("name", NAMES)
def test_reference_notebook_runs_without_error(name, bundle):
    folder, python, environ = bundle
    shutil.copy(course.get(name).source_dir / f"{name}.ipynb", folder / "reference.ipynb")
    cells = execute(python, folder / "reference.ipynb", folder, environ)
    assert [c for c in cells if c["error"]] == []
    assert any("run_checks(" in c["source"] for c in cells)


# -- what the texts mention exists ---------------------------------------------------------------

#: commands a bundle's texts may tell a student to run (alone or from .venv/bin/)
COMMANDS = {"python", "python3", "pip", "jupyter", "cd", "unzip"}
#: words that start a command line elsewhere: naming one of these in a bundle is a mistake
KNOWN_TOOLS = COMMANDS | {"autograde", "nbgrader", "pytest", "bash", "sh", "make", "conda",
                          "git", "uv"}
PATH_RE = re.compile(r"(?<![\w/.-])((?:[\w.-]+/)*[\w-]+\.(?:py|ipynb|md|txt|pt|png|csv|json|"
                     r"zip|toml|html))(?![\w-])")
DIR_RE = re.compile(r"(?<![\w/.<-])((?:[\w-]+/)+)(?=[\s`]|$)")


def mentions(text: str) -> tuple[set[str], set[str]]:
    """(paths, command lines) mentioned in code spans and code blocks of markdown ``text``."""
    blocks = re.findall(r"```[^\n]*\n(.*?)```", text, re.S)
    spans = re.findall(r"`([^`\n]+)`", re.sub(r"```.*?```", "", text, flags=re.S))
    lines = [l.split(" #")[0].strip() for b in blocks for l in b.splitlines() if l.strip()]
    commands = {l for l in lines} | {s for s in spans if s.split()[0].split("/")[-1] in KNOWN_TOOLS
                                     and " " in s.strip()}
    paths = set()
    for piece in lines + spans:
        paths |= set(PATH_RE.findall(piece)) | set(DIR_RE.findall(piece))
    return paths, commands


def problems(folder: Path, name: str, text: str) -> list[str]:
    """What ``text`` mentions that a student of bundle ``folder`` does not have."""
    made_by_student = {f"{name}-submission.zip", ".venv/", "reference.ipynb", "pg-unit/"}
    paths, commands = mentions(text)
    out = [f"no such file in the bundle: {p}" for p in sorted(paths)
           if p not in made_by_student and not p.startswith(".venv/")
           and not (folder / p).exists()]
    for line in sorted(commands):
        tool = line.split()[0]
        allowed = tool in COMMANDS or (tool.startswith((".venv/bin/", "~/pg-unit/bin/"))
                                       and tool.split("/")[-1] in COMMANDS)
        if not allowed:
            out.append(f"a command the bundle does not have: {line}")
    return out


def texts(folder: Path, name: str) -> dict[str, str]:
    nb = json.loads((folder / f"{name}.ipynb").read_text())
    cells = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"]
    shell = ["\n".join(l.lstrip("!%") for l in "".join(c["source"]).splitlines()
                       if l.startswith(("!", "%"))) for c in nb["cells"] if c["cell_type"] == "code"]
    return {"README.md": (folder / "README.md").read_text(),
            f"{name}.ipynb": "\n\n".join(cells) + "\n```\n" + "\n".join(shell) + "\n```\n"}


@pytest.mark.parametrize("name", NAMES)
def test_texts_mention_only_what_the_bundle_holds(name, bundle):
    folder, _, _ = bundle
    found = {where: problems(folder, name, text) for where, text in texts(folder, name).items()}
    assert found == {where: [] for where in found}


def test_the_mention_scanner_catches_what_does_not_ship(tmp_path):
    (tmp_path / "check.py").write_text("")
    planted = ("Run `autograde check alpha my-folder` or\n```bash\npython check.py\n"
               "nbgrader generate_assignment alpha\n```\nsee `docs/cartpole.md` and "
               "`autograder/rl_check.py`, `python check.py --zip`.\n")
    assert problems(tmp_path, "alpha", planted) == [
        "no such file in the bundle: autograder/rl_check.py",
        "no such file in the bundle: docs/cartpole.md",
        "a command the bundle does not have: autograde check alpha my-folder",
        "a command the bundle does not have: nbgrader generate_assignment alpha",
    ]
