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
from autograder.records.grades import Graded, Mark, WrittenRecord
from autograder.records.outcomes import TestOutcome
from autograder.report import OUTPUT_NAMES, csvsafe
from autograder.batch import manual
from autograder.batch.manual import ManualError, Question

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


def graded_with(question: Question, digest: str) -> Graded:
    """A grade of one ordinary test (2 of 2) and one written answer, not scored yet."""
    return Graded("alice", "x", (
        TestOutcome("idea: a test", "idea", 2.0, 2.0, "passed", "", "after_published"),
        TestOutcome(question.test, "written answers", 0.0, question.points, "failed",
                    "to be scored by a person", "after_published", manual=True)),
        written=(WrittenRecord(question.cell, "why", question.test, question.points, True,
                               "because", digest),))


def test_a_score_is_merged_kept_and_taken_back_and_goes_stale():
    q = KNOWN["why"]
    result = graded_with(q, "d1")
    row = manual.ManualScore("alice", "why", 1.0, "clear", "d1", 2)
    merged = result.with_marks(manual.marks(KNOWN, {("alice", "why"): row})["alice"])
    test = merged.outcomes[1]
    assert merged.score == 3.0 and test.status == "passed"
    assert test.output == "scored 1 / 1 by a person: clear"
    assert merged.marks == (Mark(q.test, 1.0, "clear", "d1", False, "to be scored by a person"),)
    assert merged.with_marks(merged.marks) == merged, "merging twice changes nothing"
    back = merged.with_marks(())
    assert back == result, "a score taken out restores the grade as it was graded"
    assert Graded.from_cache(merged.to_cache(), merged.seconds) == merged, "the cache keeps it"
    stale = result.with_marks([Mark(q.test, 0.5, answer="old")])
    assert stale.marks[0].stale is True
    assert "changed since" in stale.outcomes[1].output and stale.score == 2.5


def test_a_blank_or_unknown_row_gives_no_mark():
    rows = {("alice", "why"): manual.ManualScore("alice", "why", None, "", "", 2),
            ("bob", "nowhere"): manual.ManualScore("bob", "nowhere", 1.0, "", "", 3)}
    assert manual.marks(KNOWN, rows) == {}


def test_the_template_is_written_once_with_each_answer_digest(tmp_path):
    a = WITH[0]
    [q] = list(manual.questions(a).values())[:1]
    result = replace(graded_with(q, "d1"), assignment=a.name)
    assert manual.write_template(tmp_path, a, [result]) == tmp_path / "manual.csv"
    rows = list(csv.reader((tmp_path / "manual.csv").open()))
    assert rows[0] == list(manual.COLUMNS)
    assert ["alice", q.cell, "", "", "d1"] in rows
    (tmp_path / "manual.csv").write_text(HEADER + f"alice,{q.cell},{q.points:g},ok,d1\n")
    assert manual.write_template(tmp_path, a, [result]) is None
    assert (tmp_path / "manual.csv").read_text().endswith(",ok,d1\n"), "the TA's file is kept"


def test_a_reused_grade_gets_a_changed_score_in_its_results_json(tmp_path):
    """A grade whose report was written before its answer was scored: only the written
    answer's test and the total change in ``results.json``."""
    from autograder.report import gradescope_results, write_marks
    from autograder.records.grades import GradeDetails

    q = KNOWN["why"]
    result = graded_with(q, "d1")
    (tmp_path / "alice").mkdir()
    before = gradescope_results(result, GradeDetails())
    (tmp_path / "alice" / "results.json").write_text(json.dumps(before))
    write_marks(tmp_path / "alice", result.with_marks([Mark(q.test, 1.0, "ok", "d1")]))
    after = json.loads((tmp_path / "alice" / "results.json").read_text())
    assert after["score"] == 3.0 and after["tests"][0] == before["tests"][0]
    assert after["tests"][1]["extra_data"]["manual"] == {
        "scored": True, "points": 1.0, "comment": "ok", "stale": False,
        "received": "to be scored by a person"}


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
