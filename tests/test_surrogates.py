"""No student's bytes stop another's grade (issue 34, point 2): lone surrogates.

A notebook is JSON, and JSON may spell a lone surrogate (``"\\ud800"``), which no UTF-8 file
can hold. Such a written answer once stopped the whole batch (``UnicodeEncodeError``: no
gradebook, no class page, the neighbour's grade lost), and such an answer cell once left the
class page and its CSVs unwritten. Student text is made encodable where it enters
(:func:`pgcheck.messages.encodable`: U+FFFD instead), so both grade, the neighbour keeps its
marks and every output parses back.
"""
import csv
import json

from hypothesis import given, settings, strategies as st

from autograder.authoring import course
from autograder.batch import manual
from autograder.sandbox import codec
from conftest import ROOT, autograde
from pgcheck.discovery import read

EX = course.example()      # the example has the notebook with written answers
SOLUTION = json.loads((ROOT / "solutions" / EX.name / f"{EX.name}.ipynb").read_text())


def notebook_with(cell_id: str, source: str) -> str:
    nb = json.loads(json.dumps(SOLUTION))
    for cell in nb["cells"]:
        if cell.get("metadata", {}).get("nbgrader", {}).get("grade_id") == cell_id:
            cell["source"] = source
    return json.dumps(nb)             # ensure_ascii: "\ud800" spelt as JSON spells it


def test_surrogate_notebooks_grade_beside_a_neighbour_who_keeps_its_marks(tmp_path):
    written = EX.answers.written[0].cell
    step = EX.answers.steps[0].cell
    batch = tmp_path / "class"
    for who, text in (("alice", notebook_with(written, "the mean \ud800 is")),
                      ("bob", notebook_with(step, 'step1_rewards = "\ud800"')),
                      ("zz", json.dumps(SOLUTION))):
        (batch / who).mkdir(parents=True)
        (batch / who / f"{EX.name}.ipynb").write_text(text)
    assert "\\ud800" in (batch / "alice" / f"{EX.name}.ipynb").read_text()
    out = tmp_path / "out"
    run = autograde("grade", str(batch), "-a", EX.name, "-o", str(out), "--json")
    results = {r["submission"]: r for r in json.loads(run.stdout)}
    by_hand = sum(q.points for q in manual.questions(EX).values())
    assert results["zz"]["score"] == results["zz"]["max_score"] - by_hand
    assert results["alice"]["score"] == results["zz"]["score"]    # only the written answer differs
    assert results["bob"]["score"] < results["zz"]["score"]
    report = out / "_report"
    for table in report.glob(f"{EX.name}-*.csv"):
        with table.open(newline="", encoding="utf-8") as fh:
            assert list(csv.reader(fh)), table
    with (report / f"{EX.name}-written.csv").open(newline="", encoding="utf-8") as fh:
        assert any("\ufffd" in cell for row in csv.reader(fh) for cell in row)
    assert (report / f"{EX.name}.html").is_file()
    assert autograde("report", str(out)).returncode == 0


@settings(max_examples=200, deadline=None)
@given(st.text(st.characters(codec=None), max_size=40))
def test_every_string_a_worker_sends_is_encodable(text):
    back = codec.unpack(codec.pack({"error": {"message": text}, "v": [text], "k" + text[:5]: 1}))
    for value in (back["error"]["message"], back["v"][0], *back):
        value.encode("utf-8")


@settings(max_examples=100, deadline=None)
@given(st.text(st.characters(codec=None), max_size=40))
def test_every_cell_of_a_notebook_is_encodable(tmp_path_factory, text):
    folder = tmp_path_factory.mktemp("nb")
    (folder / f"{EX.name}.ipynb").write_text(notebook_with(EX.answers.written[0].cell, text))
    sub = read("s", folder, EX.name)
    for _, source in sub.cells + sub.markdown:
        source.encode("utf-8")


def test_a_failure_writing_one_students_feedback_is_theirs_alone(tmp_path, monkeypatch,
                                                                 capsys):
    """Whatever stops the writing of one student's feedback (here a page renderer that
    raises for bob), bob's grade is kept and said to be, the batch and class page go on, and
    the summary names bob and the failure in one sentence (``Graded.grader_problem``)."""
    import autograder.report as report
    from autograder.cli import main as run

    rendered = report.page

    def page(fb, folder):
        if folder.name == "bob":
            raise UnicodeEncodeError("utf-8", "\ud800", 0, 1, "surrogates not allowed")
        return rendered(fb, folder)

    monkeypatch.setattr(report, "page", page)
    source = (ROOT / "solutions" / EX.name / f"{EX.name}.py").read_text()
    for who in ("bob", "zz"):
        (tmp_path / "class" / who).mkdir(parents=True)
        (tmp_path / "class" / who / f"{EX.name}.py").write_text(source)
    out = tmp_path / "out"
    assert run(["grade", str(tmp_path / "class"), "-a", EX.name, "-o", str(out),
                "--jobs", "1"]) in (0, None)
    bob, zz = (json.loads((out / who / "results.json").read_text()) for who in ("bob", "zz"))
    assert bob["score"] == zz["score"] > 0
    assert "could not write its feedback (UnicodeEncodeError)" in bob["output"]
    assert "could not write" in (out / "bob" / "feedback.md").read_text()
    assert (out / "_report" / f"{EX.name}.html").is_file()
    printed = capsys.readouterr().out
    said = [line for line in printed.splitlines() if "could not write" in line]
    assert said == [f"bob: the grader could not write this student's feedback "
                    f"(UnicodeEncodeError: 'utf-8' codec can't encode character '\\ud800' in "
                    f"position 0: surrogates not allowed); their grade, {bob['score']:g}/"
                    f"{bob['max_score']:g}, is kept in OUT/bob/results.json, and the next run "
                    "grades them again"]
    rows = [line for line in printed.splitlines() if "the grader's problem: below" in line]
    assert len(rows) == 1 and rows[0].split()[1] == "bob"
    monkeypatch.undo()                  # the next run grades bob again; zz's grade is reused
    assert run(["grade", str(tmp_path / "class"), "-a", EX.name, "-o", str(out),
                "--jobs", "1"]) in (0, None)
    assert "reused 1 earlier grades" in capsys.readouterr().err
    assert (out / "bob" / "feedback.html").is_file()
