"""docs/nbgrader.md, run as written: the repository as a working nbgrader course.

In a fresh clone with a real exchange (a temporary folder, set in the clone's
``nbgrader_config.py``, as the page says to): the instructor's release block; two students (each
with the page's configuration, in a folder of their own) fetch, do the work (the solved
notebook's answers; one of them with a known mistake swapped in) and submit; the instructor
collects. The page's grading block then runs as written, and again with ``nbgrader autograde``
and ``autograde grade --nbgrader-db`` swapped, on a copy of the course taken after ``collect``:
the two exports must be the same, and hold nbgrader's points and ours together.

Along the way: ``generate_assignment`` works on the fresh clone and leaves ``assignments/``
(what ``autograde release`` generated, what git keeps) byte for byte as it was, also with
``--force``; the folder it releases is ``assignments/<name>/`` plus ``pgcheck/``; the fetched
notebook's imports run in a fresh environment that holds only the release's
``requirements.txt`` (so ``pgcheck`` came with the release); our grades are autograded, not
flagged for manual grading, and carry nbgrader's timestamp; nothing prints a SQLAlchemy warning,
and nbgrader never finds a notebook missing.

Run with ``-s`` to see the export before and after each step of both orders (each export is
an nbgrader process of about 4 s, so without ``-s`` they are not made).
"""
import csv
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from autograder.authoring.course import example
from autograder.platforms.nbgrader import NOTEBOOK_CELL_PREFIX
from conftest import ROOT, fresh_checkout, value_mistake, walkthroughs
from freshenv import clean_environ, make_env

DOC = ROOT / "docs" / "nbgrader.md"
#: the assignment graded (the registry names it: [tests] engine_example)
EX = example()


def tree(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and "__pycache__" not in p.parts}


def instructor_env(course: Path) -> dict[str, str]:
    """A shell in the clone with no virtual environment activated (its .venv/bin/ tools are
    called by path); the clone is the course its autograde serves."""
    venv_bins = {str(Path(sys.prefix) / "bin"), str(Path(sys.executable).parent)}
    path = [p for p in os.environ.get("PATH", "").split(os.pathsep) if p not in venv_bins]
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "AUTOGRADE_ROOT")}
    return {**env, "PATH": os.pathsep.join(path or ["/usr/bin", "/bin"]),
            "AUTOGRADE_ROOT": str(course)}


def student_env(home: Path) -> dict[str, str]:
    """A student's Jupyter environment: nbgrader and the course's requirements on PATH."""
    return {**instructor_env(home), "HOME": str(home),
            "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}


def bash(script: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    proc = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, f"`{script}` failed in {cwd}:\n{proc.stdout[-2000:]}\n" \
                                 f"{proc.stderr[-3000:]}"
    assert "SAWarning" not in proc.stdout + proc.stderr, proc.stderr[-3000:]
    assert "No submitted file" not in proc.stdout + proc.stderr, proc.stderr[-3000:]
    return proc


def export(course: Path) -> dict[str, dict[str, str]]:
    """`nbgrader export`, by student."""
    target = course / "export-now.csv"
    bash(f".venv/bin/nbgrader export --to {target}", course, instructor_env(course))
    return {r["student_id"]: r for r in csv.DictReader(target.open())}


def shown(rows: dict[str, dict[str, str]]) -> str:
    return "; ".join(f"{s} {r['raw_score']}/{r['max_score']} at {r['timestamp'] or '-'}"
                     for s, r in sorted(rows.items())) or "no submission"


def do_the_work(notebook: Path, solved: Path, mistake=None) -> None:
    """The student's work: every answer cell of the fetched notebook filled in as the solved
    notebook has it (markers left out); with ``mistake``, its function swapped in."""
    work, answers = json.loads(notebook.read_text()), json.loads(solved.read_text())
    by_id = {c["metadata"]["nbgrader"]["grade_id"]: "".join(c["source"])
             for c in answers["cells"] if c.get("metadata", {}).get("nbgrader", {}).get("solution")}
    for cell in work["cells"]:
        answer = by_id.get(cell.get("metadata", {}).get("nbgrader", {}).get("grade_id"))
        if answer is not None:
            cell["source"] = "\n".join(line for line in answer.split("\n")
                                       if "### BEGIN SOLUTION" not in line
                                       and "### END SOLUTION" not in line)
        if mistake and "".join(cell["source"]).startswith(tuple(f"def {f}(" for f in
                                                               mistake.functions)):
            (cell["source"],) = [src for f, src in mistake.functions.items()
                                 if "".join(cell["source"]).startswith(f"def {f}(")]
    notebook.write_text(json.dumps(work))


def imports_run_in_a_fresh_environment(folder: Path, tmp: Path) -> None:
    """The fetched notebook's code cells up to the one importing pgcheck, run by an
    interpreter that holds only the release's requirements.txt, in the fetched folder."""
    nb = json.loads((folder / f"{EX.name}.ipynb").read_text())
    cells = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    upto = next(i for i, src in enumerate(cells) if re.search(r"^\s*(from|import) pgcheck", src,
                                                                  flags=re.M))
    python = make_env(folder / "requirements.txt", tmp / "student-env")
    proc = subprocess.run([str(python), "-c", "\n".join(cells[:upto + 1])], cwd=folder,
                          env=clean_environ(tmp / "student-env", tmp), capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]


@pytest.mark.slow
def test_the_documented_nbgrader_recipe_end_to_end(tmp_path, capsys, request):
    def show(when: str, folder: Path) -> None:
        if request.config.getoption("capture") == "no":
            with capsys.disabled():
                print(f"{when}: {shown(export(folder))}")

    text = DOC.read_text()
    blocks = walkthroughs(text)
    student_config = re.search(r"```python\n(c = get_config\(\)\n.*?)\n```", text, re.S).group(1)
    one_machine = re.search(r"```python\n(c\.CourseDirectory\.student_id = \"alice\".*?)\n```",
                            text, re.S).group(1)     # "to try the recipe on one machine"
    course = fresh_checkout(tmp_path / "course")
    exchange = tmp_path / "exchange"
    with (course / "nbgrader_config.py").open("a") as fh:       # "to use another folder"
        fh.write(f'\nc.Exchange.root = "{exchange}"\n')
    env = instructor_env(course)
    released = tree(course / "assignments")

    bash(blocks["nbgrader-release"], course, env)
    assert tree(course / "assignments") == released, "generate_assignment touched assignments/"
    ours = tree(course / "assignments" / EX.name)
    theirs = tree(course / "release" / EX.name)
    assert {k: v for k, v in theirs.items() if not k.startswith("pgcheck/")} == ours
    assert "pgcheck/__init__.py" in theirs
    bash(f".venv/bin/nbgrader generate_assignment {EX.name} --force", course, env)
    assert tree(course / "assignments") == released and tree(course / "release" / EX.name) == theirs

    mistake = value_mistake(EX)
    for student, bug in (("alice", None), ("bob", mistake)):
        home = tmp_path / student
        home.mkdir()
        (home / "nbgrader_config.py").write_text(
            f'{student_config}\nc.Exchange.root = "{exchange}"\n'
            + one_machine.replace('"alice"', f'"{student}"') + "\n")    # as the page says
        bash(blocks["nbgrader-fetch"], home, student_env(home))
        fetched = home / EX.name
        assert tree(fetched) == theirs
        if student == "alice":
            imports_run_in_a_fresh_environment(fetched, tmp_path)
        do_the_work(fetched / f"{EX.name}.ipynb", EX.source_dir / f"{EX.name}.ipynb", bug)
        bash(blocks["nbgrader-submit"], home, student_env(home))

    collect, nbgrader_autograde, ours_grade, final_export = blocks["nbgrader-grade"].split("\n")
    assert "collect" in collect and "nbgrader autograde" in nbgrader_autograde
    assert "--nbgrader-db" in ours_grade and "export" in final_export
    bash(collect, course, env)
    other = tmp_path / "course-other-order"
    shutil.copytree(course, other, symlinks=True)
    show("\nafter collect", course)
    finals = {}
    for folder, order in ((course, (nbgrader_autograde, ours_grade)),
                          (other, (ours_grade, nbgrader_autograde))):
        env = instructor_env(folder)
        for line in order:
            out = bash(line, folder, env)
            show(f"after `{line.split('#')[0].strip()}`", folder)
            if "--nbgrader-db" in line:
                assert "warning" not in out.stderr.lower(), out.stderr
        bash(final_export, folder, env)
        finals[folder] = {r["student_id"]: {k: r[k] for k in ("timestamp", "raw_score",
                                                               "max_score")}
                          for r in csv.DictReader((folder / "grades.csv").open())}
    assert finals[course] == finals[other], "the two orders disagree"
    rows = finals[course]
    assert set(rows) == {"alice", "bob"} and all(r["timestamp"] for r in rows.values())
    claimed = re.search(r"ends at (\d+) of (\d+)", text)
    assert (float(rows["alice"]["raw_score"]), float(rows["alice"]["max_score"])) == \
        (float(claimed.group(1)), float(claimed.group(2)))
    assert float(rows["bob"]["raw_score"]) < float(rows["alice"]["raw_score"])

    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        for student in ("alice", "bob"):
            grades = [g for nb in gb.find_submission(EX.name, student).notebooks
                      for g in nb.grades]
            mine = [g for g in grades if g.name.startswith(NOTEBOOK_CELL_PREFIX)]
            theirs_auto = [g for g in grades if not g.name.startswith(NOTEBOOK_CELL_PREFIX)
                           and g.auto_score is not None]
            assert mine, "our cells are in the gradebook"
            assert not any(g.max_score for g in theirs_auto), \
                "nbgrader's own autograded cells are worth nothing (every route grades alike)"
            assert not any(g.needs_manual_grade for g in mine), "ours are autograded"
            full = all(g.auto_score == g.max_score for g in mine)
            assert full == (student == "alice")
        ours_max = sum(g.max_score for g in mine)
    assert f"{ours_max:g} points for `{EX.name}`" in text

    # side by side: the command line grades the same hand-ins to the same score, of the same total
    line = subprocess.run([sys.executable, "-m", "autograder.cli", "grade",
                           str(course / "submitted"), "-a", EX.name, "--json", "--out",
                           str(tmp_path / "cli-out")], capture_output=True, text=True, cwd=course,
                          env={**instructor_env(course), "AUTOGRADE_ROOT": str(course)},
                          timeout=600)
    assert line.returncode == 0, line.stderr[-3000:]
    for r in json.loads(line.stdout):
        assert (r["score"], r["max_score"]) == (float(rows[r["submission"]]["raw_score"]),
                                                float(rows[r["submission"]]["max_score"])), r


def test_the_exchange_the_docs_name_is_nbgraders_default():
    """A folder prepared where the page says must be the one nbgrader uses: its default
    ``Exchange.root``, read from the installed nbgrader, is the one the page and the course's
    configuration name (and no other exchange path is named)."""
    from nbgrader.exchange.default.exchange import Exchange

    default = Exchange.class_traits()["root"].default_value
    for text in (DOC.read_text(), (ROOT / "nbgrader_config.py").read_text()):
        assert f"`{default}`" in text or f"``{default}``" in text
        named = set(re.findall(r"(/[\w.-]+(?:/[\w.-]+)*/exchange)\b", text))
        assert named - {"/path/to/exchange"} <= {default}, f"another exchange: {named - {default}}"


def test_what_the_recipes_write_is_ignored_by_git():
    """Every file the README's and the guides' commands leave in a clone is ignored by git."""
    written = [f"release/{EX.name}/{EX.name}.ipynb", f"submitted/alice/{EX.name}/timestamp.txt",
               f"autograded/alice/{EX.name}/{EX.name}.ipynb", f"feedback/alice/{EX.name}/x.html",
               "gradebook.db", "grades.csv", f"grades/{EX.name}/gradebook.csv",
               f"dist/{EX.name}-gradescope.zip", "autograde-out/alice/feedback.md",
               "demo-out/gradebook.csv", f"my-work/{EX.name}/check.py"]
    proc = subprocess.run(["git", "check-ignore", "--no-index", *written], cwd=ROOT,
                          capture_output=True, text=True)
    if proc.returncode == 128:
        pytest.skip(f"NOT CHECKED: .gitignore, since {ROOT} is not a git checkout")
    assert sorted(proc.stdout.split()) == sorted(written)
