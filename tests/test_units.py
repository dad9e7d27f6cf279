"""Fast, in-process tests of the pieces the slow end-to-end tests drive through subprocesses:
the student runtime's command, the bundle and Gradescope zips, the nbgrader gradebook, the
training checks' and experiments' plumbing. (End to end: test_bundles, test_gradescope,
test_nbgrader, tests/assignments/.)"""
import shutil
import zipfile

from autograder.authoring import bundle, course
from autograder.platforms import gradescope, nbgrader
from autograder.training import checks
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
    assert {"setup.sh", "run_autograder", "source/pgcheck/discovery.py",
            "source/autograder/platforms/gradescope.py"} <= set(names)
    folder = tmp_path / "upload" / "nested"
    folder.mkdir(parents=True)
    (folder / f"{EX.name}.ipynb").write_text("{}")
    assert gradescope.find_submission(tmp_path / "upload", EX.name) == folder


def test_nbgrader_gradebook_gets_one_grade_per_group(tmp_path):
    from nbgrader.api import Gradebook

    db = f"sqlite:///{tmp_path / 'gradebook.db'}"
    result = {"submission": "ann", "assignment": EX.name, "score": 3.0, "max_score": 5.0,
              "tests": [{"name": "ideas: a", "score": 2.0, "max_score": 2.0, "output": ""},
                        {"name": "ideas: b", "score": 1.0, "max_score": 3.0, "output": ""},
                        {"name": "public: c", "score": 0.0, "max_score": 0.0, "output": ""}]}
    assert nbgrader.record([result], db) == 1
    assert nbgrader.record([result], db) == 1              # a regrade overwrites
    with Gradebook(db) as gb:
        grade = gb.find_grade("ideas", nbgrader.NOTEBOOK, EX.name, "ann")
        assert grade.auto_score == 3.0 and grade.max_score == 5.0


def test_training_checks_and_experiments_are_found_through_the_registry():
    with_checks = checks.with_checks()
    assert EX.name not in with_checks or checks.check_module(EX) is not None
    for name in with_checks:
        check = checks.check_module(course.get(name))
        assert check.RULE.attempts >= 1 and callable(check.calibrate)
        assert check.calibration_table([], "").strip().startswith("|")
    for name in checks.experiments():
        module = checks.experiment_module(name)
        assert module.runs(1) >= 1 and callable(module.run) and callable(module.describe)
