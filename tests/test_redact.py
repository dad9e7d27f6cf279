"""Grader-side paths never reach a student (issue 22, point 5): the scrub and the notebook notes.

The end-to-end check (a class graded by ``autograde grade``, every feedback file searched
for the machine's paths) is in ``tests/test_hostile_text.py``.
"""
import ast
import sys
from pathlib import Path

from autograder.authoring.course import course_root, package_dir
from autograder.report.redact import GraderPaths, Place, scrub_all
from pgcheck.loading import exec_work, import_note, new_module


def test_places_become_words_longest_first(tmp_path):
    course = tmp_path / "course"
    paths = GraderPaths.of([Place(str(course), "<course>"),
                            Place(str(course / ".venv" / "lib"), "<site-packages>")])
    text = f"{course}/.venv/lib/torch/x.py and {course}/pgcheck/__init__.py and {course}x/y"
    assert paths.scrub(text) == ("<site-packages>/torch/x.py and <course>/pgcheck/__init__.py"
                                 f" and {course}x/y")       # a longer name is another folder


def test_another_students_folder_is_hidden_whole(tmp_path):
    klass = tmp_path / "class"
    paths = GraderPaths.of_grade(tmp_path / "course", tmp_path / "out", klass / "alice")
    text = (f"'{klass}/alice/work.py' '{klass}/bob/work.py' {tmp_path}/out/carol/feedback.md "
            f"{klass}/alice-2/x")
    assert paths.scrub(text) == ("'<your folder>/work.py' '<another submission>' "
                                 "<grader output> <another submission>")


def test_every_place_of_the_grading_machine(tmp_path):
    klass = tmp_path / "class"
    paths = GraderPaths.of_grade(course_root(), tmp_path / "out", klass / "alice" / "a.zip")
    import torch

    machine = [torch.__file__, sys.executable, ast.__file__, str(package_dir() / "cli.py"),
               str(course_root() / "solutions"), str(Path.home() / ".cache"), sys.prefix,
               sys.base_prefix, str(klass / "bob"), str(tmp_path / "out" / "bob")]
    scrubbed = paths.scrub(" ".join(machine))
    for path in machine:
        assert path not in scrubbed
    assert "<site-packages>/torch/__init__.py" in scrubbed
    assert paths.scrub(str(klass / "alice" / "a.zip" / "work.py")) == "<your folder>/a.zip/work.py"


def test_what_is_not_a_place_stays():
    paths = GraderPaths.of_grade(course_root(), Path("/"), Path("/tmp/x.py"))
    assert all(len(p.path) >= 5 for p in paths.places)        # "/", "/tmp": never places
    text = "/tmp/autograde-work-1 a/b 1/2 https://example.org/x"
    assert paths.scrub(text) == text


def test_scrub_all_reaches_every_string():
    from autograder.report.feedback import Failure, Feedback, Scored

    fb = Feedback("a", "/x/s", 0, 1, events=("/x/e",),
                  failures=(Failure((Scored("/x/t", 0, 1),), "/x/o"),))
    data = {"/x/k": ["/x/v", ("/x/w", 1)], "n": 2}
    upper = scrub_all(fb, str.upper)
    assert upper.submission == "/X/S" and upper.events == ("/X/E",)
    assert upper.failures[0].output == "/X/O" and upper.failures[0].tests[0].name == "/X/T"
    assert scrub_all(data, str.upper) == {"/X/K": ["/X/V", ("/X/W", 1)], "N": 2}


def notes_of(cells: list[tuple[int, str]]) -> list[str]:
    notes = []
    exec_work(new_module("_redact_nb", "nb.ipynb"), "ipynb", "nb.ipynb", cells=cells,
              on_source=lambda *_: None, note=notes.append)
    return notes


def test_notebook_notes_name_the_students_cell_and_statement():
    notes = notes_of([(0, "import math"), (2, "x = 1\nimport nosuch_module_xyz"),
                      (4, "from math import nosuch_name, pi"),
                      (5, "from pgcheck import nosuch_runtime_part")])
    assert notes == [
        "note: nb.ipynb, cell 3, line 2: `import nosuch_module_xyz` skipped "
        "(no module named 'nosuch_module_xyz' here)",
        "note: nb.ipynb, cell 5, line 1: `from math import nosuch_name, pi` skipped "
        "(cannot import name 'nosuch_name' from 'math')"]      # no path: the grader's, not theirs


def test_an_import_note_never_names_where_the_module_was_looked_for():
    node = ast.parse("from torch import nosuch").body[0]
    try:
        exec(compile(ast.Module([node], []), "x", "exec"), {})
    except ImportError as exc:
        assert exc.path and exc.path in str(exc)
        note = import_note("nb.ipynb, cell 1", node, exc)
    assert "/" not in note and "'torch'" in note


def test_gradescopes_last_resort_message_names_no_path(tmp_path, monkeypatch):
    import json

    from autograder.platforms import gradescope

    def broken(name, root):
        raise FileNotFoundError(f"{course_root() / 'solutions'} and {sys.prefix}/lib missing")

    monkeypatch.setattr(gradescope, "run", broken)
    assert gradescope.main(["--assignment", "x", "--root", str(tmp_path)]) == 1
    output = json.loads((tmp_path / "results" / "results.json").read_text())["output"]
    assert "FileNotFoundError: <course>/solutions and <python>/lib missing" in output
