"""What `autograde` prints, as a user reads it: in a terminal, in a pipe, in a log file.

Output to a pipe or a file is never wrapped, whatever ``$COLUMNS`` says: every test here that
runs the command forces ``COLUMNS=80`` and reads standard output through a pipe.
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

from autograder.commands import demo
from autograder.commands import grade as commands_grade
from autograder.authoring import course
from autograder.records.grades import Graded
from autograder.records.grades import TimeSpent
from conftest import ROOT

#: the assignment graded (the registry names it: [tests] engine_example)
EX = course.example()
NARROW = {**os.environ, "COLUMNS": "80", "LINES": "24"}


def autograde_piped(*args, cwd=ROOT, env=None):
    """`autograde ARGS` through its console script, standard output and error pipes."""
    return subprocess.run([str(Path(sys.executable).parent / "autograde"), *map(str, args)],
                          cwd=cwd, env=env or NARROW, capture_output=True, text=True, timeout=600)


def test_a_pipe_gets_whole_rows_and_whole_paths(tmp_path):
    """COLUMNS=80 and a pipe: the summary keeps one line per student, however long, and the
    paths printed are whole (a folder deep enough that every line is longer than 80)."""
    deep = tmp_path / ("a-rather-long-folder-name-for-a-class-of-students" * 2) / "grades"
    (tmp_path / "class" / "reference").mkdir(parents=True)
    (tmp_path / "class" / "blank").mkdir()
    shutil.copy(EX.reference_module, tmp_path / "class" / "reference")
    shutil.copy(EX.release_dir / f"{EX.name}.py", tmp_path / "class" / "blank")
    proc = autograde_piped("grade", tmp_path / "class", "--assignment", EX.name, "--out", deep)
    assert proc.returncode == 0, proc.stderr
    missing = f"not implemented: {', '.join(sorted(EX.functions))}"
    assert [line for line in proc.stdout.splitlines() if "blank" in line and missing in line]
    assert len(max(proc.stdout.splitlines(), key=len)) > 80, "the row above needs > 80 columns"
    assert f"gradebook: {deep.resolve() / 'gradebook.csv'}" in proc.stderr.splitlines()
    assert any(line.startswith(f"feedback: {deep.resolve()}/") for line in proc.stderr.splitlines())
    assert "slowest to grade" not in proc.stdout     # two quick grades: nothing to say


def graded(student: str, seconds: float, **spent) -> Graded:
    return Graded(student, "alpha", seconds=seconds, spent=TimeSpent(**spent))


def test_the_slowest_table_appears_only_when_it_says_something():
    assert commands_grade.slowest_table([graded("ann", 0.2), graded("bob", 0.2)]) is None
    assert commands_grade.slow_ones([graded(f"s{i}", 15.0 + i) for i in range(6)]) == []   # all alike
    quick = [graded(f"s{i}", 1.0) for i in range(5)]
    outlier, hung = graded("slow", 12.0, calls=11.0), graded("hung", 3.0, hung=2.0)
    assert [r.submission for r in commands_grade.slow_ones(quick + [outlier, hung])] == ["slow", "hung"]
    assert commands_grade.slowest_table(quick + [hung]) is not None


def test_demo_examples_of_two_assignments_are_two_students():
    """The demo's gradebook has one row per student: its reference and blank rows gather
    every assignment, and no two assignments' mistakes share a row."""
    buggy = [s for a in course.assignments().values() for s in demo.demo_examples(a)
             if s not in ("reference", "blank")]
    assert buggy and len(buggy) == len(set(buggy))


def test_experiment_help_lists_the_experiments():
    known = {name for a in course.assignments().values() for name, _ in a.settings.experiments}
    proc = autograde_piped("experiment", "--help")
    assert proc.returncode == 0 and known
    assert all(name in proc.stdout for name in known), proc.stdout


def test_run_from_inside_another_course_it_refuses_and_says_which(tmp_path):
    """`autograde` serves the checkout it is installed from (or $AUTOGRADE_ROOT); run with
    another checkout's venv from inside this one, it would have read and written there."""
    other = tmp_path / "other-course"
    for folder in ("solutions", "autograder"):
        (other / folder).mkdir(parents=True)
    (other / "nbgrader_config.py").write_text("")
    env = {k: v for k, v in NARROW.items() if k != "AUTOGRADE_ROOT"}
    proc = autograde_piped("release", "--check", cwd=other / "solutions", env=env)
    assert proc.returncode == 2
    assert str(other) in proc.stderr and str(course.course_root()) in proc.stderr
    assert f"AUTOGRADE_ROOT={other}" in proc.stderr


def test_release_zip_with_a_missing_file_names_it_and_writes_no_zip(tmp_path):
    copy = tmp_path / "course"
    for folder in ("solutions", "assignments"):
        shutil.copytree(ROOT / folder, copy / folder,
                        ignore=shutil.ignore_patterns("__pycache__", ".ipynb_checkpoints"))
    missing = copy / "assignments" / EX.name / "checks.py"
    missing.unlink()
    proc = autograde_piped("release", "--zip", tmp_path / "dist",
                           env={**NARROW, "AUTOGRADE_ROOT": str(copy)})
    assert proc.returncode == 2, proc.stderr
    assert f"{missing}: missing" in proc.stderr and "grading could not run" not in proc.stderr
    assert not (tmp_path / "dist").exists() or not list((tmp_path / "dist").iterdir())


def test_building_the_parser_imports_no_torch():
    """`autograde --help` (and every command's parser) answers at once: torch, a few seconds of
    import, is loaded only by the commands that grade, once they run."""
    code = ("import sys; from autograder import cli; cli.build_parser().format_help(); "
            "print(sorted(m for m in ('torch', 'numpy', 'gymnasium', 'nbformat') "
            "if m in sys.modules))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]", proc.stdout


def test_every_command_shows_the_examples_of_its_docstring_and_runs_without_docstrings():
    """Each command's ``--help`` ends in the ``Examples::`` of its module's docstring (one
    copy); under ``python -OO``, which strips docstrings, the parser is still built."""
    from autograder import cli

    for name, parser in cli.build_parser()._subparsers._group_actions[0].choices.items():
        assert "examples:\n  autograde " in parser.format_help(), name
    code = "from autograder import cli; cli.build_parser().parse_args(['grade', '--help'])"
    proc = subprocess.run([sys.executable, "-OO", "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert proc.returncode == 0 and "--budget" in proc.stdout, proc.stderr
