"""A notebook's answer cells (issue 26): the registry's sheet, running the cells, the worker's
reply, check.py, and the reference answers, for every assignment whose registry has some.

End to end (a class graded with ``autograde grade``, the class page, the manual scores):
tests/assignments/<name>/ of an assignment with answer cells; the bundle (check.py from the
zip, zip against folder): tests/test_bundles.py.
"""
import json
import shutil
import zipfile

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from autograder.authoring import answer_sheet, course
from autograder.engine.answers import reference_answers
from autograder.sandbox import codec
from autograder.sandbox.replies import StepReply
from pgcheck import answers, cli
from pgcheck.answers import ByHand, Sheet, Step, Written
from pgcheck.discovery import read

WITH = [a for a in course.assignments().values() if a.answers.steps]
EX = WITH[0] if WITH else None
pytestmark = pytest.mark.skipif(not WITH, reason="NOT CHECKED: no assignment has answer cells")


# -- the registry --------------------------------------------------------------------------

GOOD = {"idea": "exercise", "written_idea": "written", "steps": [
    {"cell": "s1", "title": "step one", "names": ["a"], "points": 1}],
    "written": [{"cell": "w1", "title": "why", "points": 2}]}


@pytest.mark.parametrize("change, key", [
    ({"steps": [{"cell": "s1", "title": "t", "names": ["a"], "points": 0}]}, "answers.steps[0].points"),
    ({"steps": [{"cell": "s1", "title": "t", "names": ["a"], "points": True}]}, "answers.steps[0].points"),
    ({"steps": [{"cell": "s1", "title": "t", "names": ["not an id"], "points": 1}]}, "answers.steps[0].names"),
    ({"steps": [{"cell": "s1", "title": "t", "names": [], "points": 1}]}, "answers.steps[0].names"),
    ({"steps": [{"cell": "s1", "names": ["a"], "points": 1}]}, "answers.steps[0].title"),
    ({"steps": [{"cell": "s1", "title": "t", "names": ["a"], "points": 1, "extra": 1}]},
     "answers.steps[0].extra"),
    ({"steps": {"cell": "s1"}}, "answers.steps"),
    ({"written": [{"cell": "s1", "title": "t", "points": 1}]}, "names the cell 's1' twice"),
    ({"idea": ""}, "answers.idea"),
    ({"idea": "a: b"}, "answers.idea"),
    ({"colour": "blue"}, "answers.colour"),
])
def test_a_wrong_answers_table_names_the_file_and_the_key(change, key, tmp_path):
    with pytest.raises(answer_sheet.SheetError) as info:
        answer_sheet.parse({**GOOD, **change}, tmp_path / "assignment.toml")
    assert str(info.value).startswith(f"{tmp_path / 'assignment.toml'}: ") and key in str(info.value)


def test_a_good_table_is_typed():
    sheet = answer_sheet.parse(GOOD, None)
    assert sheet == Sheet("exercise", (Step("s1", "step one", ("a",), 1.0),), "written",
                          (Written("w1", "why", 2.0),))
    assert not answer_sheet.parse(None, None)


def test_every_sheet_of_the_registry_fits_its_notebooks():
    """Each step's cell is in the solution notebook and defines its variables there (the
    reference answers), has its public check, and the release leaves the named placeholder
    in it; each written answer is a markdown cell of both notebooks."""
    for a in WITH:
        ref = reference_answers(a.notebook, a.answers, a.functions)
        checks = a.checks_module.read_text()
        release = read("release", a.release_dir / a.notebook.name, a.name)
        solution = read("solution", a.notebook, a.name)
        for step in a.answers.steps:
            assert set(ref.values[step.cell]) == set(step.names), step
            assert f"def {step.check_name}(" in checks, step
            [cell] = [src for i, src in release.cells if release.tags.get(i) == step.cell]
            assert answers.answer_stub_line(step.cell) in cell
        for w in a.answers.written:
            assert w.cell in release.tags.values() and w.cell in solution.tags.values()
            assert answers.written(solution.markdown, solution.tags, [w])[0].answered
            assert not answers.written(release.markdown, release.tags, [w])[0].answered


# -- running the cells ---------------------------------------------------------------------

STEPS = (Step("one", "step one", ("a",)), Step("two", "step two", ("b", "c")))


def cells(*sources):
    return [(i, src) for i, src in enumerate(sources)]


def test_cells_are_found_by_tag_then_by_what_they_assign():
    code = cells("import math\ndef f(x):\n    return x", "a = math.sqrt(4.0)", "b = a + 1\nc = [a]")
    results = answers.run(code, {1: "one"}, STEPS, ["f"], "nb.ipynb")
    assert [r.cell for r in results] == [1, 2]          # 'two' has no tag: found by names
    assert results[0].values == {"a": 2.0} and results[1].values == {"b": 3.0, "c": [2.0]}
    assert all(r.error is None for r in results)


def test_a_graded_function_is_off_limits_and_nothing_crashes():
    code = cells("def f(x):\n    return x", "a = f(1)", "import sys\nsys.exit(3)")
    one, two = answers.run(code, {1: "one", 2: "two"}, STEPS, ["f"], "nb.ipynb")
    assert isinstance(one.error, ByHand) and "the cell calls f" in str(one.error)
    assert isinstance(two.error, SystemExit)
    assert answers.problem_of(one, "nb.ipynb").startswith(
        'nb.ipynb, the answer cell of "step one": the cell calls f')
    assert answers.problem_of(two, "nb.ipynb").startswith(
        'nb.ipynb, the answer cell of "step two": your code raised')
    assert answers.problem_kind(one) == "(calls a graded function)"


@pytest.mark.parametrize("source, said", [
    (answers.answer_stub_line("one"), 'not answered yet: nb.ipynb, the answer cell of "step one" '
     "still holds the release's placeholder; replace it with your answer, assigning a"),
    ("x = 1", 'not answered: nb.ipynb has no answer cell of "step one"'),
    ("%matplotlib inline\nb, c = 1, 2\nz = 3", None),
])
def test_what_a_step_that_cannot_be_graded_says(source, said):
    """Each cell named by its heading (the step's title), never by a number Jupyter does not
    show."""
    results = answers.run(cells(source), {0: "one"} if "raise" in source else {}, STEPS,
                          [], "nb.ipynb")
    if said:
        assert answers.problem_of(results[0], "nb.ipynb").startswith(said)
    else:
        assert results[1].values == {"b": 1, "c": 2}
        assert answers.problem_of(results[0], "nb.ipynb").startswith("not answered: ")


def test_written_answers_are_bounded_and_placeholders_are_no_answers():
    long = "why " * 5000
    [a, b] = answers.written([(3, long), (4, answers.PLACEHOLDER)], {3: "w", 4: "v"},
                             [Written("w", "why"), Written("v", "how")])
    assert a.answered and len(a.text) < answers.WRITTEN_CHARS + 50 and "more characters" in a.text
    assert not b.answered and b.text == "" and b.digest == ""
    assert answers.digest("a  b\n") == answers.digest("a b")


# -- the worker's reply --------------------------------------------------------------------

REQUEST = {"steps": [["one", ["a"]], ["two", ["b"]]], "cells": [[0, ""], [5, ""]]}


def test_a_reply_of_the_workers_shape_is_typed():
    value = [{"cell": 0, "values": {"a": 1.0}, "error": None},
             {"cell": None, "values": {}, "error": {"type": "E", "message": "m" * 5000,
                                                     "traceback": ""}}]
    one, two = StepReply.parse_all(value, REQUEST)
    assert one.values == {"a": 1.0} and two.cell is None and len(two.error.message) < 1100


@pytest.mark.parametrize("value", [
    [], [{"cell": 0, "values": {}, "error": None}],                       # not one per step
    [{"cell": 1, "values": {}, "error": None}] * 2,                      # a cell never sent
    [{"cell": 0.0, "values": {}, "error": None}] * 2,                    # not an index
    [{"cell": 0, "values": {"z": 1}, "error": None}] * 2,                # another variable
    [{"cell": 0, "values": {}, "error": "boom"}] * 2,                    # not an error
    [{"cell": 0, "values": {}}] * 2, "nothing",
])
def test_a_forged_reply_is_the_workers_fault(value):
    with pytest.raises(codec.ProtocolError):
        StepReply.parse_all(value, REQUEST)


@settings(max_examples=300, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.sampled_from(["cell", "values", "error", "a", "b",
                                                       "type", "message"]), inner, max_size=4),
                    max_leaves=12))
def test_the_reply_parser_only_ever_raises_the_codecs_error(value):
    try:
        StepReply.parse_all(value, REQUEST)
    except codec.ProtocolError:
        pass


# -- check.py and the files it packs -------------------------------------------------------

def filled(folder, notebook_from, **sources):
    """The release notebook in ``folder`` with the solution's answer cells (or ``sources``,
    by grade_id with ``_`` for ``-``)."""
    nb = json.loads((folder / EX.notebook.name).read_text())
    solved = json.loads(notebook_from.read_text())
    by_id = {c["metadata"]["nbgrader"]["grade_id"]: "".join(c["source"]) for c in solved["cells"]
             if c.get("metadata", {}).get("nbgrader", {}).get("solution")}
    cells = {s.cell for s in EX.answers.steps} | {w.cell for w in EX.answers.written}
    for cell in nb["cells"]:
        grade_id = cell["metadata"].get("nbgrader", {}).get("grade_id")
        if grade_id in cells:
            cell["source"] = sources.get(grade_id.replace("-", "_"), by_id[grade_id])
    (folder / EX.notebook.name).write_text(json.dumps(nb))


def test_check_packs_the_module_and_the_notebook_that_holds_the_answers(tmp_path, capsys):
    """A graded module is packed with the notebook whenever the assignment has answer cells,
    answered or not (the grader grades them from it), and a folder without the notebook is
    told what that costs."""
    folder = tmp_path / EX.name
    shutil.copytree(EX.release_dir, folder)
    shutil.copy(EX.reference_module, folder)
    sheet = EX.answers
    assert cli.main(EX.name, EX.functions, [str(folder), "--zip"], here=folder,
                    answers=sheet) == 0
    out = capsys.readouterr().out    # one rule, the grader's: the notebook goes too
    assert (f"  {EX.notebook.name}: the {sheet.idea}, none of it answered yet (the file graded "
            "for the answer cells)") in out
    with zipfile.ZipFile(folder / f"{EX.name}-submission.zip") as zf:
        assert sorted(zf.namelist()) == sorted([f"{EX.name}.py", EX.notebook.name])
    (folder / EX.notebook.name).rename(folder / "elsewhere.ipynb")
    assert cli.main(EX.name, EX.functions, [str(folder), "--zip"], here=folder,
                    answers=sheet) == 0
    out = capsys.readouterr().out
    assert f"and no notebook: {EX.notebook.name} is not in this folder" in out
    assert "or they count 0" in out
    (folder / "elsewhere.ipynb").rename(folder / EX.notebook.name)
    first = sheet.steps[0]
    filled(folder, EX.notebook, **{first.cell.replace("-", "_"): f"{first.names[0]} = None"})
    assert cli.main(EX.name, EX.functions, [str(folder)], here=folder, answers=sheet) == 1
    out = capsys.readouterr().out
    n = len(sheet.steps)
    assert f"{n - 1} of {n} answer cells pass their public checks" in out
    assert cli.main(EX.name, EX.functions, [str(folder), "--zip"], here=folder,
                    answers=sheet) == 0
    out = capsys.readouterr().out
    assert f"  {EX.name}.py: the functions (the file graded for the functions)" in out
    assert f"  {EX.notebook.name}: the {sheet.idea}'s answer cells ({n} of {n} answered)" in out
    with zipfile.ZipFile(folder / f"{EX.name}-submission.zip") as zf:
        assert sorted(zf.namelist()) == sorted([f"{EX.name}.py", EX.notebook.name])
        assert zf.read(EX.notebook.name) == (folder / EX.notebook.name).read_bytes()
    sub = read("x", folder / f"{EX.name}-submission.zip", EX.name, EX.functions, answers=True)
    assert sub.kind == "py" and sub.notebook is not None and "answer cells are graded from" in sub.note


# -- hostile answer cells, in the sandbox -----------------------------------------------------

ATTACKS = {    # what the first step's cell does -> what every step's feedback then says
    "loop": ("while True:\n    pass", "your answer cells did not return within"),
    "huge": ("import torch\n{name} = torch.zeros(40_000_000)",
             "your answer is 160 MB; expected about"),
    "exit": ("import os\nos._exit(0)", "the process running your code died during this call"),
    "long": ("raise ValueError('<script>' * 100_000)", "your code raised ValueError: <script>"),
    "opaque": ("class Weird:\n    def __repr__(self):\n        return '</pre>' * 10_000\n"
               "{name} = Weird()", "expected a torch.Tensor, got a Weird"),
}


@pytest.fixture(scope="module")
def zygote():
    from autograder.sandbox.servers import Zygote

    z = Zygote()
    yield z
    z.close()


@pytest.mark.slow
@pytest.mark.parametrize("attack", sorted(ATTACKS))
def test_a_hostile_answer_cell_costs_its_steps_only(attack, zygote, tmp_path):
    """The functions come from the reference module beside the notebook and keep their points;
    the attack costs the answer cells it could reach, says why in a bounded feedback, and
    never the grader's fault."""
    from autograder.engine import grade
    from conftest import lost

    first = EX.answers.steps[0]
    code, said = ATTACKS[attack]
    folder = tmp_path / "s"
    shutil.copytree(EX.release_dir, folder)
    shutil.copy(EX.reference_module, folder)
    filled(folder, EX.notebook, **{first.cell.replace("-", "_"): code.format(name=first.names[0])})
    result = grade.grade("s", folder, EX, grade.Options(out_dir=tmp_path / "out"), zygote).to_contract()
    assert not lost(result), "the functions are graded as usual"
    outputs = {t["name"]: t["output"] for t in result["tests"]
               if t["name"].split(":", 1)[0] == EX.answers.idea}
    assert said in outputs[f"{EX.answers.idea}: {first.title}"], outputs
    assert all(len(o) <= 3200 for o in outputs.values())
    assert "internal error" not in json.dumps(result)
    scored = sum(t["score"] for t in result["tests"] if t["name"].split(":", 1)[0] == EX.answers.idea)
    reached = 1 if attack in ("long", "opaque") else len(EX.answers.steps)   # one request runs all
    assert scored == sum(s.points for s in EX.answers.steps) - sum(
        s.points for s in EX.answers.steps[:reached])


def test_a_notebook_that_cannot_be_read_says_so_in_the_answers(tmp_path):
    from autograder.engine.answers import missing_text

    shutil.copy(EX.reference_module, tmp_path)
    (tmp_path / EX.notebook.name).write_text("{not json")
    sub = read("x", tmp_path, EX.name, EX.functions, answers=True)
    assert sub.kind == "py" and sub.notebook is None
    assert missing_text(EX, sub).startswith(f"no answer: {EX.notebook.name} is not valid notebook JSON")
    (tmp_path / EX.notebook.name).unlink()
    alone = read("x", tmp_path, EX.name, EX.functions, answers=True)
    assert "hand in both (python check.py --zip packs both)" in missing_text(EX, alone)


def test_every_missing_variable_is_named_at_once():
    """A cell that assigns none of a step's variables is told all of them in one round."""
    [_, two] = answers.run(cells("a = 1", "z = 0"), {0: "one", 1: "two"}, STEPS, [], "nb.ipynb")
    assert answers.problem_of(two, "nb.ipynb") == (
        'b and c are not defined: nb.ipynb, the answer cell of "step two" ran without '
        "assigning them")
    assert answers.problem_kind(two) == "(b and c not defined)"
    [_, half] = answers.run(cells("a = 1", "c = 0"), {0: "one", 1: "two"}, STEPS, [], "nb.ipynb")
    assert answers.problem_of(half, "nb.ipynb").startswith("b is not defined: ")
    assert answers.names_text(["a", "b", "c"]) == "a, b and c"
