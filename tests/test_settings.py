"""``assignment.toml`` is parsed once into typed settings (``autograder/authoring/settings.py``):
a mistake in it stops ``release``, ``release --check`` and ``grade`` with one message naming
the file, the key and what was expected, before any work.

Each planted mistake goes into a copy of one assignment's folder (the example assignment's:
``course.example()``), in a course of its own (``$AUTOGRADE_ROOT``); the commands run in this
process (``autograder.cli.main``), as the console script runs them, so no grading starts.
"""
import shutil
import tomllib
from pathlib import Path

import pytest

from autograder import cli
from autograder.authoring import course, settings
from conftest import ROOT

EX = course.example()
#: (what is planted, the line(s) added to or replacing the file, what the message must say)
MISTAKES = {
    "unknown key": ('[grading]\nprovided_modul = ["x"]\n',
                    "grading.provided_modul is not a setting of [grading] (expected one of: "
                    "provided_modules, warm_imports)"),
    "unknown table": ('[gradin]\nprovided_modules = []\n',
                      "gradin is not a setting of the file's top level"),
    "wrong type": ('[grading]\nprovided_modules = "cartpole"\n',
                   "grading.provided_modules must be a list of strings, not 'cartpole'"),
    "wrong type of a table": ('grading = 3\n', "grading must be a table"),
    "missing file": ('[grading]\nprovided_modules = ["nowhere"]\n',
                     "grading.provided_modules names nowhere.py, expected a file at "),
    "missing check": ('[training]\ncheck = "no_check"\n',
                      "training.check names no_check.py, expected a file at "),
    "missing solution": ('[release]\ninclude_solutions_of = ["nothing"]\n',
                         "release.include_solutions_of names nothing.py"),
    "threshold": ('[similarity]\nthreshold = 3\n',
                  "similarity.threshold must be a number in (0, 1], not 3.0"),
    "not a bool": ('[tests]\nengine_example = "yes"\n',
                   "tests.engine_example must be true or false, not 'yes'"),
    "answers": ('[answers]\nidee = "x"\n', "answers.idee is not a key of [answers]"),
    "points not a number": ('[points]\n"values" = "two"\n',
                            'points must be a table of "idea" = points (numbers, 0 or more), '
                            "not {'values': 'two'}"),
    "negative points": ('[points]\n"values" = -1\n', "points must be a table of"),
    "limit of 0 seconds": ('[limits]\ncall_floor = 0\n',
                           "limits.call_floor must be a number above 0"),
    "limit not a number": ('[limits]\nwall_budget = "3 min"\n',
                           "limits.wall_budget must be a number, not '3 min'"),
    "seeds not numbers": ('[training]\nseeds = ["a"]\n',
                          "training.seeds must be a list of whole numbers, not ['a']"),
    "attempts a fraction": ('[training]\nattempts = 1.5\n',
                            "training.attempts must be a whole number, not 1.5"),
}


def planted(root: Path, mistake: str) -> Path:
    """A course at ``root`` whose only assignment is the example, with ``mistake`` planted in
    its ``assignment.toml`` (else as short as it may be: a title, and the example's mark)."""
    folder = root / "solutions" / EX.name
    shutil.copytree(EX.source_dir, folder)
    added, _ = MISTAKES[mistake]
    mark = "" if added.startswith("[tests]") else "[tests]\nengine_example = true\n"
    (folder / "assignment.toml").write_text(f'title = "x"\n{added}{mark}')
    return folder / "assignment.toml"


@pytest.fixture
def course_at(tmp_path, monkeypatch):
    """Serve the course at ``tmp_path`` (and forget the real one's registry meanwhile)."""
    monkeypatch.setenv("AUTOGRADE_ROOT", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    course.assignments.cache_clear()
    yield tmp_path
    course.assignments.cache_clear()


@pytest.mark.parametrize("mistake", sorted(MISTAKES))
def test_a_mistake_stops_each_command_with_one_message(course_at, capsys, mistake):
    path = planted(course_at, mistake)
    expected = f"autograde: {path}: {MISTAKES[mistake][1]}"
    for command in (["release"], ["release", "--check"],
                    ["grade", str(course_at), "--assignment", EX.name, "--out",
                     str(course_at / "out")]):
        assert cli.main(command) == 2, command
        lines = capsys.readouterr().err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(expected), (command, lines)
    assert not (course_at / "out").exists() and not (course_at / "assignments").exists()


def test_the_course_as_it_is_parses():
    for a in course.assignments().values():
        assert a.settings == settings.parse(a.source_dir / "assignment.toml", a.hidden_dir)
    with_code = [a for a in course.assignments().values() if a.settings.grading.provided_modules]
    assert with_code and all(isinstance(m, str) for a in with_code
                             for m in a.settings.grading.provided_modules)


def test_every_setting_is_documented_and_every_key_used_is_declared():
    """Each field has a docstring (``__doc__`` of its class, or the text under it), and the
    keys the course's files use are all declared (the file of ``autograde new`` too)."""
    import ast
    import inspect

    from dataclasses import fields as fields_of, is_dataclass

    sections = [f.type for f in fields_of(settings.Settings)
                if is_dataclass(getattr(settings, str(f.type), None))]
    sections = [getattr(settings, s) for s in sections if s != "Sheet"]
    tree = ast.parse(inspect.getsource(settings))
    documented = set()
    for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
        body = cls.body
        for i, node in enumerate(body):
            if isinstance(node, ast.AnnAssign):
                after = body[i + 1] if i + 1 < len(body) else None
                section = isinstance(node.annotation, ast.Name) and \
                    node.annotation.id in {c.__name__ for c in sections}
                if section or (isinstance(after, ast.Expr) and isinstance(after.value,
                                                                           ast.Constant)):
                    documented.add(f"{cls.name}.{node.target.id}")
    fields = {f"{c.__name__}.{f}" for c in (settings.Settings, *sections)
              for f in c.__dataclass_fields__}
    assert {"Training", "Limits", "Tests"} <= {c.__name__ for c in sections}
    assert fields - documented == set()
    declared = set(settings.declared())
    for path in sorted((ROOT / "solutions").glob("*/assignment.toml")):
        for table, value in tomllib.loads(path.read_text()).items():
            keys = [f"{table}.{k}" for k in value] if isinstance(value, dict) and \
                table not in ("experiments", "answers", "points") else [table]
            assert set(keys) <= declared, (path, set(keys) - declared)


def test_the_guide_lists_every_setting():
    guide = (ROOT / "docs" / "adding-an-assignment.md").read_text()
    for key in settings.declared():
        table, _, name = key.rpartition(".")
        shown = f"`[{table}] {name}`" if table else f"`{name}`" if key != "experiments" \
            else "`[experiments]"
        assert shown in guide or f"`[{key}]`" in guide or f", `{name}`" in guide, key


def test_an_ideas_declared_points_are_shared_among_its_cases(course_at):
    """``[points]`` is what an idea is worth on every route: its tests share it by their
    markers, each case of a parametrised test counted (``@both_dtypes``: two)."""
    from autograder.engine.grade import planned_tests

    for folder in ("solutions", "autograder/hidden"):
        shutil.copytree(ROOT / folder / EX.name, course_at / folder / EX.name)
    toml = course_at / "solutions" / EX.name / "assignment.toml"
    declared = dict(EX.settings.points)
    idea, was = next(iter(declared.items()))
    before = [(n, w) for n, w in planned_tests(EX) if n.startswith(f"{idea}: ")]
    assert sum(w for _, w in before) == was and len(before) > 1
    toml.write_text(toml.read_text().replace(f'"{idea}" = {was:g}', f'"{idea}" = {was / 2:g}'))
    course.assignments.cache_clear()
    after = [(n, w) for n, w in planned_tests(course.get(EX.name)) if n.startswith(f"{idea}: ")]
    assert [n for n, _ in after] == [n for n, _ in before]
    assert [w for _, w in after] == [w / 2 for _, w in before]
    assert sum(w for _, w in after) == was / 2


def test_limits_are_the_assignments_unless_a_flag_says_otherwise():
    """``[limits]`` sets a grade's time limits (the command line's ``sandbox_limits`` and the
    regrade key; Gradescope's entry point applies them too); a flag overrides it."""
    import argparse
    from dataclasses import replace

    from autograder.commands.console import key_options, sandbox_limits
    from autograder.sandbox.confine import Limits

    mine = replace(EX, settings=replace(EX.settings, limits=settings.Limits(call_floor=5.0,
                                                                            wall_budget=60.0)))
    none = argparse.Namespace(sandbox="auto", timeout=None, timeout_factor=None, budget=None)
    got = sandbox_limits(none, mine)
    assert (got.call_floor, got.call_factor, got.wall_budget) == (5.0, Limits().call_factor, 60.0)
    flagged = sandbox_limits(argparse.Namespace(**{**vars(none), "timeout": 9.0}), mine)
    assert (flagged.call_floor, flagged.wall_budget) == (9.0, 60.0)
    assert key_options(none, mine)["limits"]["call_floor"] == 5.0 != \
        key_options(none, EX)["limits"]["call_floor"]
