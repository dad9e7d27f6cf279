"""Scores a person gives, ``OUT/manual.csv`` (issue 26, point 3): read strictly, written through
the one CSV writer, merged into results.json and the grades, stale when the answer changed.

The whole round trip with ``autograde grade`` and ``autograde report`` is in
tests/assignments/<name>/ of an assignment with written answers.
"""
import csv
import json
from dataclasses import replace

import pytest

from autograder.authoring import course
from autograder.records.grades import Graded
from autograder.records.outcomes import TestOutcome
from autograder.report import OUTPUT_NAMES, csvsafe
from autograder.review import manual
from autograder.review.manual import ManualError, Question

WITH = [a for a in course.assignments().values() if a.answers.written]
pytestmark = pytest.mark.skipif(not WITH, reason="NOT CHECKED: no assignment has written answers")

KNOWN = {"why": Question("why", "written answers: why", 1.0),
         "how": Question("how", "written answers: how", 2.0)}
STUDENTS = {"alice", "bob", "=cmd"}
HEADER = "student,question,points,comment,answer\n"


def scores(tmp_path, text, header=HEADER):
    path = tmp_path / "manual.csv"
    path.write_text(header + text)
    return manual.read(path, KNOWN, STUDENTS)


@pytest.mark.parametrize("text, where, what", [
    ("eve,why,1,,\n", "line 2, column 1 (student)", "unknown student 'eve'"),
    ("alice,what,1,,\n", "line 2, column 2 (question)", "unknown question 'what' (the written "
                                                        "questions: why, how)"),
    ("alice,why,1.5,,\n", "line 2, column 3 (points)", "1.5 is out of range (0 to 1 for why)"),
    ("alice,how,-1,,\n", "line 2, column 3 (points)", "-1 is out of range (0 to 2 for how)"),
    ("alice,why,nan,,\n", "line 2, column 3 (points)", "nan is out of range"),
    ("alice,why,\"1,0\",,\n", "line 2, column 3 (points)", "'1,0' is not a number"),
    ("alice,why,1,,\nbob,why,,,\n\nalice,why,0,,\n", "line 5", "alice's why is already on line 2"),
    ("alice,why,1,,,extra\n", "line 2, column 6", "more cells than the 5 columns"),
])
def test_a_wrong_row_names_the_file_the_line_and_the_column(tmp_path, text, where, what):
    with pytest.raises(ManualError) as info:
        scores(tmp_path, text)
    assert str(info.value).startswith(f"{tmp_path / 'manual.csv'}, {where}")
    assert what in str(info.value)


@pytest.mark.parametrize("header, what", [
    ("student,question,score,comment\n", "line 1, column 3 ('score'): not a column"),
    ("student,question,points\n", "line 1: no column 'comment'"),
    ("student,question,points,comment,points\n", "line 1, column 5 ('points'): named twice"),
    ("", "line 1: empty"),
])
def test_a_wrong_header_is_refused(tmp_path, header, what):
    with pytest.raises(ManualError, match=what.replace("(", r"\(").replace(")", r"\)")):
        scores(tmp_path, "", header=header)


def test_rows_are_read_as_written_by_a_spreadsheet(tmp_path):
    """Blank points are "not scored yet"; a column may be missing at the end of a row; the
    byte order mark Excel writes and an apostrophe our writer put before a formula-like id
    are read through."""
    path = tmp_path / "manual.csv"
    csvsafe.write_csv(path, list(manual.COLUMNS), [["=cmd", "why", "", "", ""]])
    written = path.read_text()
    assert "'=cmd" in written, "the template is written through the one CSV writer"
    path.write_text("\ufeff" + HEADER + "'=cmd,why,0.5,\"good, short\"\nbob,how\n")
    read = manual.read(path, KNOWN, STUDENTS)
    assert read[("=cmd", "why")].points == 0.5 and read[("=cmd", "why")].comment == "good, short"
    assert read[("bob", "how")].points is None
    assert manual.MANUAL in OUTPUT_NAMES, "no student is graded under the file's name"


def result_and_record(question: Question, digest: str):
    test = {"name": question.test, "score": 0.0, "max_score": question.points,
            "output": "to be scored by a person"}
    other = {"name": "idea: a test", "score": 2.0, "max_score": 2.0, "output": ""}
    result = Graded("alice", "x", (
        TestOutcome(other["name"], "idea", 2.0, 2.0, "passed", "", "after_published"),
        TestOutcome(test["name"], "written answers", 0.0, question.points, "failed",
                    test["output"], "after_published", manual=True)))
    record = {"score": 2.0, "tests": [
        {**other, "status": "passed", "extra_data": {"group": "idea"}},
        {**test, "status": "failed", "extra_data": {"group": "written answers",
                                                     "manual": {"scored": False}}}],
        "extra_data": {"written": [{"cell": question.cell, "digest": digest}]}}
    return result, record


def test_a_score_is_merged_kept_and_taken_back_and_goes_stale():
    q = KNOWN["why"]
    result, record = result_and_record(q, "d1")
    row = manual.ManualScore("alice", "why", 1.0, "clear", "d1", 2)
    merged = manual.merge_record(record, "alice", KNOWN, {("alice", "why"): row})
    [test] = [t for t in merged["tests"] if t["name"] == q.test]
    assert merged["score"] == 3.0 and test["status"] == "passed"
    assert test["output"] == "scored 1 / 1 by a person: clear"
    assert test["extra_data"]["manual"] == {"scored": True, "points": 1.0, "comment": "clear",
                                            "stale": False, "received": "to be scored by a person"}
    assert manual.merge_result(result, merged).score == 3.0
    again = manual.merge_record(merged, "alice", KNOWN, {("alice", "why"): row})
    assert again == merged, "merging twice changes nothing"
    back = manual.merge_record(merged, "alice", KNOWN, {})
    assert back["score"] == 2.0 and back["tests"][1]["output"] == "to be scored by a person"
    stale = manual.merge_record(record, "alice", KNOWN,
                                {("alice", "why"): manual.ManualScore("alice", "why", 0.5, "",
                                                                      "old", 2)})
    assert stale["tests"][1]["extra_data"]["manual"]["stale"] is True
    assert "changed since" in stale["tests"][1]["output"] and stale["score"] == 2.5


def test_apply_writes_the_template_once_and_merges(tmp_path):
    a = WITH[0]
    [q] = list(manual.questions(a).values())[:1]
    result, record = result_and_record(q, "d1")
    result = replace(result, assignment=a.name)
    (tmp_path / "alice").mkdir()
    (tmp_path / "alice" / "results.json").write_text(json.dumps(record))
    assert manual.apply(tmp_path, a, [result], {}) == [result]
    rows = list(csv.reader((tmp_path / "manual.csv").open()))
    assert rows[0] == list(manual.COLUMNS)
    assert ["alice", q.cell, "", "", "d1"] in rows
    (tmp_path / "manual.csv").write_text(HEADER + f"alice,{q.cell},{q.points:g},ok,d1\n")
    scored = manual.load(tmp_path, a, {"alice"})
    [merged] = manual.apply(tmp_path, a, [result], scored)
    assert merged.score == 2.0 + q.points
    on_disk = json.loads((tmp_path / "alice" / "results.json").read_text())
    assert on_disk["score"] == 2.0 + q.points
    assert (tmp_path / "manual.csv").read_text().endswith(",ok,d1\n"), "the TA's file is kept"


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.sampled_from(["alice", "bob", "why", "how", "1", "0.5", "3", "",
                                          "'=cmd", "x,y", '"', "\n", "\0", "nan", "-0"]),
                         max_size=7), max_size=6), st.booleans())
def test_any_file_is_read_or_refused_with_a_line(tmp_path_factory, rows, bom):
    """Whatever a spreadsheet leaves in the file, reading it gives scores or one ManualError
    naming the file (never another exception)."""
    path = tmp_path_factory.mktemp("m") / "manual.csv"
    text = HEADER + "\n".join(",".join(row) for row in rows)
    path.write_bytes(("\ufeff" if bom else "").encode() + text.encode("utf-8", "surrogatepass"))
    try:
        read = manual.read(path, KNOWN, STUDENTS)
    except ManualError as exc:
        assert str(exc).startswith(str(path))
    else:
        assert all(s.points is None or 0 <= s.points <= KNOWN[s.question].points
                   for s in read.values())
