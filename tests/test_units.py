"""Fast, in-process tests of the pieces the slow end-to-end tests drive through subprocesses:
the student runtime's command, the bundle and Gradescope zips, the nbgrader gradebook, the
training checks' and experiments' plumbing. (End to end: test_bundles, test_gradescope,
test_nbgrader, tests/assignments/.)"""
import shutil
import zipfile
from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from autograder.authoring import bundle, course
from autograder.platforms import gradescope, nbgrader
from autograder.records.grades import Graded
from autograder.records.outcomes import TestOutcome
from autograder.training import modules
from pgcheck import cli, loading

EX = course.example()


def test_check_command_finds_the_notebook_and_packs_it(tmp_path, capsys):
    folder = tmp_path / EX.name
    shutil.copytree(EX.release_dir, folder)
    shutil.copy(EX.source_dir / f"{EX.name}.ipynb", folder)
    assert cli.main(EX.name, EX.functions, [str(folder), "--zip"], here=folder) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Checking {EX.name}.ipynb") and "FAILED" not in out
    with zipfile.ZipFile(folder / f"{EX.name}-submission.zip") as zf:
        assert zf.namelist() == [f"{EX.name}.ipynb"]
    assert cli.main(EX.name, EX.functions, [str(tmp_path / "nowhere")], here=folder) == 2


def test_notebook_loading_keeps_definitions_only():
    kept = loading.notebook_definitions("%matplotlib inline\nimport torch\nx = 3\ny = f()\n"
                                        "def f():\n    return x\nprint(f())")
    assert kept.splitlines() == ["", "import torch", "x = 3", "", "def f():", "    return x"]


def test_bundle_is_one_folder_with_the_runtime(tmp_path):
    with zipfile.ZipFile(bundle.build_zip(EX, tmp_path)) as zf:
        names = zf.namelist()
    assert {n.split("/")[0] for n in names} == {EX.name}
    for needed in ("check.py", "checks.py", "requirements.txt", "README.md", "pgcheck/cli.py",
                   f"{EX.name}.py", f"{EX.name}.ipynb"):
        assert f"{EX.name}/{needed}" in names


def test_gradescope_zip_holds_the_grader_the_runtime_and_this_assignment(tmp_path):
    with zipfile.ZipFile(gradescope.build_zip(EX, tmp_path)) as zf:
        names = zf.namelist()
    assert {"setup.sh", "run_autograder", "requirements.txt", "pgcheck/discovery.py",
            "autograder/platforms/gradescope.py"} <= set(names)
    assert not list(tmp_path.glob("*.part")), "the zip is written beside its name, then moved"
    folder = tmp_path / "upload" / "nested"
    folder.mkdir(parents=True)
    (folder / f"{EX.name}.ipynb").write_text("{}")
    assert gradescope.find_submission(tmp_path / "upload", EX.name) == folder


def test_nbgrader_gradebook_gets_one_autograded_cell_per_group(tmp_path):
    """Our cells live in the assignment's notebook beside nbgrader's; a regrade overwrites;
    the grades are autograded and carry nbgrader's timestamp; SQLAlchemy has nothing to say."""
    import warnings

    from nbgrader.api import Gradebook

    db = f"sqlite:///{tmp_path / 'gradebook.db'}"
    folder = tmp_path / "submitted" / "ann" / EX.name
    folder.mkdir(parents=True)
    (folder / "timestamp.txt").write_text("2026-03-01 10:00:00.000000 UTC")
    def test(name, score, worth):
        return TestOutcome(name, name.split(":")[0], score, worth, "passed", "", "visible")

    result = Graded("ann", EX.name, (test("ideas: a", 2.0, 2.0), test("ideas: b", 1.0, 3.0),
                                     test("public: c", 0.0, 0.0)))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert nbgrader.record([result], db, {"ann": folder}) == 1
        assert nbgrader.record([result], db, {"ann": folder}) == 1    # a regrade overwrites
        wider = replace(result, outcomes=result.outcomes + (
            test("later: d", 1.0, 1.0), test("written: why", 0.0, 1.0)))
        assert nbgrader.record([wider], db, {"ann": folder},       # a cell added later; the
                               skip_groups={"written"}) == 1        # written answers: formgrader's
    with Gradebook(db) as gb:
        cell = nbgrader.NOTEBOOK_CELL_PREFIX + "ideas"
        grade = gb.find_grade(cell, EX.name, EX.name, "ann")
        assert grade.auto_score == 3.0 and grade.max_score == 5.0
        assert grade.needs_manual_grade is False
        assert gb.find_grade(nbgrader.NOTEBOOK_CELL_PREFIX + "later", EX.name, EX.name,
                             "ann").auto_score == 1.0
        assert not [c for c in gb.find_notebook(EX.name, EX.name).grade_cells
                    if c.name == nbgrader.NOTEBOOK_CELL_PREFIX + "written"]
        submission = gb.find_submission(EX.name, "ann")
        assert str(submission.timestamp) == "2026-03-01 10:00:00"
        assert [g.name for g in gb.find_assignment(EX.name).notebooks] == [EX.name]


def test_training_checks_and_experiments_are_found_through_the_registry():
    with_checks = modules.with_checks()
    assert EX.name not in with_checks or modules.check_module(EX) is not None
    for name in with_checks:
        check = modules.check_module(course.get(name))
        assert check.RULE.attempts >= 1 and callable(check.calibrate)
        assert check.calibration_table([], "").strip().startswith("|")
    for name in modules.experiments():
        module = modules.experiment_module(name)
        assert module.runs(1) >= 1 and callable(module.run) and callable(module.describe)


@settings(max_examples=300, deadline=None)
@given(content=st.binary(max_size=200) | st.text(max_size=80).map(str.encode))
def test_a_students_timestamp_file_never_breaks_the_record(content):
    """timestamp.txt travels with the student's submission: whatever it holds, the time
    recorded is a datetime (nbgrader's when it parses, else the folder's last change)."""
    import datetime
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "timestamp.txt").write_bytes(content)
        assert isinstance(nbgrader.submitted_at(folder), datetime.datetime)


def test_a_linked_or_oversized_timestamp_file_is_not_read(tmp_path):
    secret = tmp_path / "elsewhere.txt"
    secret.write_text("2001-01-01 00:00:00 UTC")
    linked = tmp_path / "linked"
    linked.mkdir()
    (linked / "timestamp.txt").symlink_to(secret)
    assert nbgrader.submitted_at(linked).year != 2001
    big = tmp_path / "big"
    big.mkdir()
    (big / "timestamp.txt").write_text("2001-01-01 00:00:00 UTC" + " " * 10**6)
    assert nbgrader.submitted_at(big).year != 2001
    assert nbgrader.submitted_at(tmp_path / "absent") is None
