"""Shared helpers for the project's own tests."""
import ast
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

#: One OpenMP thread per process, here and in every process a test starts (they inherit it),
#: unless the caller chose otherwise. The README's command runs two test processes on two
#: cores; a torch process with two OpenMP threads next to a busy one oversubscribes them and
#: its threads spin waiting for each other: the capstone's reference notebook took 141 s
#: instead of 27 s beside one busy process (``tests/test_bundles.py``, one run after the
#: other). What the grader runs sets its own threads (``engine/pool.py``, ``sandbox/servers.py``).
THREADS = {"OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
for _name, _value in THREADS.items():
    os.environ.setdefault(_name, _value)

#: Byte-code is cached, here and in every process a test starts. The README's set-up installs
#: with ``--no-compile`` and leaves compiling to Python's first import; a shell that sets
#: ``PYTHONDONTWRITEBYTECODE`` (this machine's does) means no import is ever cached, so each of
#: the hundreds of grader processes a run starts compiles torch, pytest and matplotlib from
#: source again: one grade of one student took 13.5 s with no byte-code cached and 5.9 s with
#: it (``autograde grade`` on a fresh clone's venv, one run after the other).
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

from autograder.authoring.course import Assignment  # noqa: E402 - after the thread settings

ROOT = Path(__file__).resolve().parent.parent

#: how many fast tests a full run leaves to ``tests/test_fast_lane.py`` (see below)
FAST_LANE_SHARED = pytest.StashKey[int]()


@pytest.hookimpl(trylast=True)      # after ``-m``/``-k`` have deselected what they deselect
def pytest_collection_modifyitems(config, items):
    """The fast lane runs once per full run, not twice.

    ``tests/test_fast_lane.py`` runs the whole fast lane (``-m "not slow"``) in a subprocess,
    recording imports, and fails if any of its tests fails or any module is never imported. When it is
    selected, the fast tests collected here would only repeat that run, so they are left to it
    (the terminal summary says so). Any run that leaves it out (``-m "not slow"``, a file, a
    ``-k``) runs the fast tests here as usual.
    """
    if not any(item.nodeid.endswith("test_fast_lane.py::test_fast_lane_executes_every_module")
               for item in items):
        return
    fast = [item for item in items if item.get_closest_marker("slow") is None]
    if fast:
        # the fast lane first: with ``-n 2 --dist loadfile`` (the README's command) one process
        # runs it while the other starts on the slow files, and neither waits for it at the end
        items[:] = sorted((item for item in items if item.get_closest_marker("slow") is not None),
                          key=lambda item: "test_fast_lane.py::" not in item.nodeid)
        config.hook.pytest_deselected(items=fast)
        config.stash[FAST_LANE_SHARED] = len(fast)
        if hasattr(config, "workeroutput"):     # a pytest-xdist worker: tell the main process
            config.workeroutput["fast_lane_shared"] = len(fast)


@pytest.hookimpl(optionalhook=True)             # pytest-xdist's main process, as workers end
def pytest_testnodedown(node, error):
    shared = getattr(node, "workeroutput", {}).get("fast_lane_shared", 0)
    if shared:
        node.config.stash[FAST_LANE_SHARED] = shared


def pytest_configure(config):
    """With pytest-xdist (``-n``), files are handed out in collection order, not the largest
    first: ``pytest_collection_modifyitems`` puts the fast lane, the longest, first."""
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False


def pytest_terminal_summary(terminalreporter, config):
    shared = config.stash.get(FAST_LANE_SHARED, 0)
    if shared:
        terminalreporter.write_line(
            f"the {shared} fast tests are left to one run that records imports, inside "
            "tests/test_fast_lane.py::test_fast_lane_executes_every_module (its result is theirs)")


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


def walkthroughs(text: str) -> dict[str, str]:
    """The command blocks of a document marked ``<!-- walkthrough: NAME -->``, by name: what
    the tests paste into bash, as written."""
    import re

    return dict(re.findall(r"<!-- walkthrough: ([\w-]+) -->\n```bash\n(.*?)\n```", text,
                           flags=re.S))


def bash_blocks(text: str) -> list[str]:
    """Every ```bash block of a document."""
    import re

    return re.findall(r"```bash\n(.*?)\n```", text, flags=re.S)


def tracked_files() -> list[str]:
    """The checkout's files as git has them (a clone holds these and nothing else)."""
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    files = [f for f in out.stdout.split() if (ROOT / f).is_file() or (ROOT / f).is_symlink()]
    if not files:   # not a git checkout: the course folders
        files = [str(p.relative_to(ROOT)) for d in ("solutions", "assignments", "autograder",
                                                     "pgcheck", "docs", "tests")
                 for p in (ROOT / d).rglob("*") if p.is_file() and "__pycache__" not in p.parts]
        files += [f for f in ("README.md", "pyproject.toml", "nbgrader_config.py")
                  if (ROOT / f).is_file()]
    return files


def fresh_checkout(target: Path, venv: bool = True) -> Path:
    """A fresh clone of this checkout in ``target`` (its tracked files, links kept as links),
    with the environment running the tests as its ``.venv``. The installed package belongs to
    this checkout: commands run in the copy need ``AUTOGRADE_ROOT`` set to it. ``venv=False``:
    no ``.venv`` at all, as a ``git clone`` leaves it (the README's set-up makes its own)."""
    for name in tracked_files():
        source, copy = ROOT / name, target / name
        copy.parent.mkdir(parents=True, exist_ok=True)
        if source.is_symlink():
            copy.symlink_to(os.readlink(source))
        else:
            shutil.copy2(source, copy)
    if venv:
        (target / ".venv").symlink_to(Path(sys.prefix))
    return target


@pytest.fixture(scope="session")
def root():
    return ROOT


def make_submission(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.py").write_text(text)
    return folder


def inject(source: str, function: str, code: str) -> str:
    """``source`` with ``code`` run first in ``function``'s body (after its docstring)."""
    tree = ast.parse(source)
    fn = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == function)
    has_doc = isinstance(fn.body[0], ast.Expr) and isinstance(fn.body[0].value, ast.Constant)
    first = fn.body[1] if has_doc and len(fn.body) > 1 else fn.body[0]
    lines = source.splitlines(keepends=True)
    block = "".join(" " * first.col_offset + line + "\n" for line in code.splitlines())
    return "".join(lines[:first.lineno - 1]) + block + "".join(lines[first.lineno - 1:])


def value_mistake(assignment):
    """A known mistake in the values of the assignment's first graded function that its
    public checks already catch (found by running them here on each mistake of the bank):
    its failures are plain expected/got mismatches, for the grader and for nbgrader alike."""
    import importlib.util

    from autograder.engine import mutants
    from pgcheck.runner import run_function

    first = assignment.functions[0]
    spec = importlib.util.spec_from_file_location("_public_checks", assignment.checks_module)
    checks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(checks)
    for mistake in mutants.bank(assignment):
        if set(mistake.functions) == {first} and "grad" not in mistake.name:
            report = run_function(first, mistake.load(), checks)
            if report.failed and all("expected" in text for _, text in report.failed):
                return mistake
    raise LookupError(f"no mistake of {first} in the bank fails its public checks")


def beyond_the_module(assignment) -> set[str]:
    """The ideas a module alone cannot earn: the notebook's answer cells (they need the
    notebook) and the written answers (a person scores them, later)."""
    return assignment.answers.ideas


def lost(result: dict) -> list[dict]:
    """The tests of a grade that lost points, the ideas of :func:`beyond_the_module` left out:
    empty for a module whose every function is right."""
    from autograder.authoring import course

    skip = beyond_the_module(course.get(result["assignment"]))
    return [t for t in result["tests"]
            if t["score"] < t["max_score"] and t["name"].split(":", 1)[0] not in skip]


@dataclass(frozen=True)
class SuiteAt(Assignment):
    """An assignment graded with another hidden suite (``suite``: a copy of the real one, changed
    by the test), everything else as registered."""
    suite: Path = Path()

    @property
    def hidden_dir(self) -> Path:
        return self.suite
