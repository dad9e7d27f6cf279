"""Nothing secret reaches a student, by any of the three release routes, for any assignment.

In a temp copy of the course each route runs for real, as the README's Instructors section
writes it, and without an activated virtual environment:

* ``.venv/bin/autograde release``           -> ``assignments/<name>/``
* ``.venv/bin/autograde release --zip dist`` -> ``dist/<name>-student.zip`` (every file inside)
* ``.venv/bin/nbgrader generate_assignment <name>``, in a second fresh copy
  -> ``release/<name>/`` (nbgrader's release folder: what ``release_assignment`` hands out)

Every student-facing file is then scanned for secret lines: the solution regions of every
reference module and solution notebook, the hidden tests (``autograder/hidden/<name>/``), the
mutants (``autograder/hidden/<name>/mutants/``) and the variants (``tests/variants/<name>/``).
A secret line is a stripped line of at least ``MIN_LENGTH`` characters that appears in no public
source (the stubbed reference modules, the notebooks outside their solution and hidden-test
regions, the other files of ``solutions/``, the grader's packages outside ``hidden/``): a
docstring or a ``def`` line shared with the stub is not a secret. The one allowed exception is
declared in ``assignment.toml`` (``include_solutions_of``): ``ppo`` ships the reference GAE
solved and ``grpo_lm`` the reference ``grpo``. An assignment's own solution is never allowed.

The assignments come from the registry (``autograder.authoring.course.assignments()``), so a new one is
covered without editing this file.
"""
from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from autograder.authoring import course
from conftest import ROOT

MIN_LENGTH = 20
ASSIGNMENTS = list(course.assignments())
ROUTES = ("release", "zip", "nbgrader")
REGION = re.compile(r"### (BEGIN|END) (SOLUTION|HIDDEN TESTS|MARK SCHEME)")


# -- what is secret, what is public ---------------------------------------------------------

def _lines(text: str) -> set[str]:
    return {line.strip() for line in text.splitlines() if line.strip()}


def _split_regions(source: str) -> tuple[list[str], list[str]]:
    """(lines outside, lines inside) the solution, hidden-test and mark-scheme regions."""
    outside, inside, depth = [], [], 0
    for line in source.splitlines():
        match = REGION.search(line)
        if match:
            depth = depth + 1 if match.group(1) == "BEGIN" else max(depth - 1, 0)
        elif depth:
            inside.append(line)
        else:
            outside.append(line)
    return outside, inside


def _notebook_split(path: Path) -> tuple[list[str], list[str]]:
    """A source notebook's (public, secret) lines: a solution cell without markers is all secret."""
    outside, inside = [], []
    for cell in json.loads(path.read_text())["cells"]:
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        meta = cell.get("metadata", {}).get("nbgrader", {})
        if meta.get("solution") and not REGION.search(source):
            inside += source.splitlines()
            continue
        out, ins = _split_regions(source)
        outside += out
        inside += ins
    return outside, inside


def _text(path: Path) -> str:
    return path.read_bytes().decode("utf-8", "replace")


def public_lines() -> set[str]:
    """Every line a student may see: the course's public sources and the grader's own code."""
    public: set[str] = set()
    for assignment in course.assignments().values():
        for path in sorted(assignment.source_dir.rglob("*")):
            if not path.is_file() or "__pycache__" in path.parts:
                continue
            if path.suffix == ".ipynb":
                public |= _lines("\n".join(_notebook_split(path)[0]))
            elif path == assignment.reference_module:
                public |= _lines("\n".join(_split_regions(_text(path))[0]))
            else:
                public |= _lines(_text(path))
    for package in (p.parent for p in ROOT.glob("*/__init__.py")):   # the grader's own code
        for path in package.rglob("*.py"):
            if not {"hidden", "__pycache__"} & set(path.relative_to(package).parts):
                public |= _lines(_text(path))
    return public


def secret_lines() -> dict[str, tuple[str, str]]:
    """{line: (kind, where)} for every distinctive secret line of every assignment."""
    found: dict[str, tuple[str, str]] = {}

    def add(lines, kind, where):
        for line in lines:
            line = line.strip()
            if len(line) >= MIN_LENGTH:
                found.setdefault(line, (kind, where))

    for name, assignment in course.assignments().items():
        add(_split_regions(_text(assignment.reference_module))[1], f"solution of {name}",
            str(assignment.reference_module.relative_to(ROOT)))
        for notebook in sorted(assignment.source_dir.glob("*.ipynb")):
            add(_notebook_split(notebook)[1], f"solution of {name}",
                str(notebook.relative_to(ROOT)))
        hidden = assignment.hidden_dir
        for path in sorted(hidden.rglob("*.py")):
            kind = "mutant" if "mutants" in path.relative_to(hidden).parts else "hidden test"
            add(_text(path).splitlines(), f"{kind} of {name}", str(path.relative_to(ROOT)))
        for path in sorted((ROOT / "tests" / "variants" / name).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                add(_text(path).splitlines(), f"variant of {name}", str(path.relative_to(ROOT)))
    public = public_lines()
    return {line: why for line, why in found.items() if line not in public}


def allowed_lines(name: str) -> set[str]:
    """Lines the release of ``name`` may hold on purpose: the solved modules it declares."""
    allowed: set[str] = set()
    for other in course.get(name).provided_solutions:
        allowed |= _lines(_text(course.get(other).reference_module))
    return allowed


# -- what a student gets --------------------------------------------------------------------

def _file_lines(name: str, data: bytes) -> set[str]:
    """Stripped lines of a file as a student reads it (a notebook: every string in it)."""
    text = data.decode("utf-8", "replace")
    lines = _lines(text)
    if name.endswith(".ipynb"):
        def strings(node):
            if isinstance(node, str):
                yield node
            elif isinstance(node, list):
                for item in node:
                    yield from strings(item)
            elif isinstance(node, dict):
                for item in node.values():
                    yield from strings(item)
        try:   # a cell's source is a list of lines, or one string: both split here
            lines |= _lines("\n".join(strings(json.loads(text))))
        except ValueError:
            pass
    if name.endswith(".zip"):
        lines |= set().union(*(_file_lines(n, d) for n, d in _zip_members(data))) or set()
    return lines


def _zip_members(data: bytes):
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return [(n, zf.read(n)) for n in zf.namelist() if not n.endswith("/")]


def leaks(files: dict[str, bytes], name: str, secrets: dict[str, tuple[str, str]]) -> list[str]:
    """One line per secret line found in ``files`` (path -> content) of assignment ``name``."""
    allowed = allowed_lines(name) if name in ASSIGNMENTS else set()
    found = []
    for path, data in sorted(files.items()):
        for line in sorted(_file_lines(path, data) & secrets.keys() - allowed):
            kind, where = secrets[line]
            found.append(f"{path}: {kind} ({where}): {line[:100]}")
    return found


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder.parent.parent)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


# -- the three routes, for real -------------------------------------------------------------

def _course_copy(target: Path) -> Path:
    """A fresh copy of the course, as an instructor's clone has it, with its .venv."""
    target.mkdir(parents=True)
    shutil.copytree(ROOT / "solutions", target / "solutions",
                    ignore=shutil.ignore_patterns("__pycache__", ".ipynb_checkpoints"))
    shutil.copy(ROOT / "nbgrader_config.py", target)
    (target / ".venv").symlink_to(Path(sys.prefix))
    return target


def _env(**extra) -> dict[str, str]:
    """The environment of a shell without an activated virtual environment."""
    venv_bins = {str(Path(sys.prefix) / "bin"), str(Path(sys.executable).parent)}
    path = [p for p in os.environ.get("PATH", "").split(os.pathsep) if p not in venv_bins]
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "AUTOGRADE_ROOT")}
    return {**env, "PATH": os.pathsep.join(path or ["/usr/bin", "/bin"]), **extra}


class RouteFailed(Exception):
    """A release command exited non-zero: that route's tests fail, the other routes still run."""


def _run(command: str, cwd: Path, env: dict[str, str]) -> None:
    proc = subprocess.run(command.split(), cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=600)
    if proc.returncode != 0:
        raise RouteFailed(f"`{command}` exited {proc.returncode} in {cwd}:\n"
                          f"{proc.stdout[-2000:]}\n{proc.stderr[-3000:]}")


def test_readme_documents_these_routes():
    readme = (ROOT / "README.md").read_text()
    for command in (".venv/bin/autograde release\n", ".venv/bin/autograde release --zip dist",
                    ".venv/bin/nbgrader generate_assignment"):
        assert command.strip() in readme, f"the README no longer documents `{command.strip()}`"


def _release(tmp: Path) -> dict[str, dict[str, bytes]]:
    ours = _course_copy(tmp / "release")
    _run(".venv/bin/autograde release", ours, _env(AUTOGRADE_ROOT=str(ours)))
    return {name: _tree(ours / "assignments" / name) for name in ASSIGNMENTS}


def _zip(tmp: Path) -> dict[str, dict[str, bytes]]:
    """``release --zip`` in the course copy the release route has just released (the README's
    order: release, then zip), so the release runs once for both routes."""
    ours = tmp / "release"
    if not (ours / "assignments").is_dir():
        raise RouteFailed("the release route failed: there is no release to zip")
    _run(".venv/bin/autograde release --zip dist", ours, _env(AUTOGRADE_ROOT=str(ours)))
    zips = {p.name: p for p in (ours / "dist").rglob("*.zip")}
    found = {}
    for name in ASSIGNMENTS:
        path = zips.pop(f"{name}-student.zip", None)
        found[name] = ({f"{path.name}/{n}": d for n, d in _zip_members(path.read_bytes())}
                       if path else {})
    for other, path in zips.items():   # any other zip is scanned too, with no allowance
        found[other] = {f"{other}/{n}": d for n, d in _zip_members(path.read_bytes())}
    return found


def _nbgrader(tmp: Path) -> dict[str, dict[str, bytes]]:
    theirs = _course_copy(tmp / "nbgrader")
    found = {}
    for name in ASSIGNMENTS:   # the first run also creates the gradebook (nbgrader runs alembic)
        _run(f".venv/bin/nbgrader generate_assignment {name}", theirs, _env())
        found[name] = _tree(theirs / "release" / name)
    return found


@pytest.fixture(scope="module")
def student_files(tmp_path_factory) -> dict[str, dict[str, dict[str, bytes]] | RouteFailed]:
    """{route: {assignment: {path: content}}} of every student-facing file, or why it failed."""
    tmp = tmp_path_factory.mktemp("leaks")
    routes = {}
    for route, build in (("release", _release), ("zip", _zip), ("nbgrader", _nbgrader)):
        try:
            routes[route] = build(tmp)
        except RouteFailed as exc:
            routes[route] = exc
    return routes


@pytest.fixture(scope="module")
def secrets() -> dict[str, tuple[str, str]]:
    return secret_lines()


def _route(student_files, route):
    found = student_files[route]
    if isinstance(found, RouteFailed):
        pytest.fail(str(found), pytrace=False)
    return found


@pytest.mark.slow
@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("name", ASSIGNMENTS)
def test_no_secret_reaches_a_student(name, route, student_files, secrets):
    files = _route(student_files, route)[name]
    assert files, f"{route} produced nothing for {name}"
    assert any(p.endswith(f"{name}/{name}.py") for p in files), sorted(files)
    assert any(p.endswith(f"{name}/{name}.ipynb") for p in files), sorted(files)
    grader_only = {"hidden", "mutants", "variants", "solutions"}
    named = [p for p in files if grader_only & set(Path(p).parts)]
    assert not named, f"{route} ships grader-only folders to {name}'s students: {named}"
    found = leaks(files, name, secrets)
    assert not found, f"{len(found)} secret lines reach {name}'s students by `{route}`:\n" + \
        "\n".join(found[:20])


@pytest.mark.slow
@pytest.mark.parametrize("name", ASSIGNMENTS)
def test_nbgrader_releases_what_autograde_releases(name, student_files):
    """nbgrader's release folder holds the generated release, byte for byte, plus pgcheck/."""
    ours = {p.split("/", 1)[1]: d for p, d in _route(student_files, "release")[name].items()}
    theirs = {p.split("/", 1)[1]: d for p, d in _route(student_files, "nbgrader")[name].items()}
    assert {p: d for p, d in theirs.items() if not p.startswith(f"{name}/pgcheck/")} == ours
    assert f"{name}/pgcheck/__init__.py" in theirs


@pytest.mark.slow
def test_no_secret_in_any_other_bundle(student_files, secrets):
    for name, files in _route(student_files, "zip").items():
        if name not in ASSIGNMENTS:
            assert not leaks(files, name, secrets), name


# -- the scan itself can fail ---------------------------------------------------------------

def test_every_kind_of_secret_is_caught_when_planted(secrets):
    """Each source of secrets, planted in a release as a student file, is reported."""
    kinds = {kind.split(" of ")[0] for kind, _ in secrets.values()}
    assert kinds == {"solution", "hidden test", "mutant", "variant"}, kinds
    for name, assignment in course.assignments().items():
        planted = {f"assignments/{name}/{name}.py": assignment.reference_module.read_bytes()}
        hidden = sorted(assignment.hidden_dir.glob("test_*.py"))
        mutants = sorted((assignment.hidden_dir / "mutants").glob("*.py"))
        variants = sorted((ROOT / "tests" / "variants" / name).rglob("*.py"))
        for path in hidden[:1] + mutants[:1] + variants[:1]:
            planted[f"assignments/{name}/{path.name}"] = path.read_bytes()
        notebook = json.loads((assignment.source_dir / f"{name}.ipynb").read_text())
        planted[f"assignments/{name}/{name}.ipynb"] = json.dumps(notebook, indent=1).encode()
        found = leaks(planted, name, secrets)
        for path in planted:   # every planted file is reported, the notebook included
            assert any(f.startswith(path + ":") for f in found), (name, path)
        own = [f for f in found if f"solution of {name} " in f]
        assert own, f"{name}'s own solution is never an allowed exception"
        zipped = io.BytesIO()
        with zipfile.ZipFile(zipped, "w") as zf:
            zf.writestr(f"{name}/{name}.py", assignment.reference_module.read_bytes())
        assert leaks({f"{name}-student.zip": zipped.getvalue()}, name, secrets)


def test_declared_solutions_are_allowed_and_only_there(secrets):
    for name, assignment in course.assignments().items():
        for other in assignment.provided_solutions:
            reference = course.get(other).reference_module
            solved = {f"assignments/{name}/{other}.py": reference.read_bytes()}
            assert not leaks(solved, name, secrets), f"{name} may ship {other} solved"
            undeclared = [n for n in ASSIGNMENTS if other not in course.get(n).provided_solutions
                          and n != other]
            assert leaks(solved, undeclared[0], secrets), f"{undeclared[0]} may not ship {other}"
