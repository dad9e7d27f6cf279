"""Gates, shown on grpo's suite: an edge case passed by zeros counts only once the main
cases of its function pass, and the report files agree with the result."""
import json

from autograder.authoring import course
from autograder.engine.plugin import gate_note
from autograder.report import gradebook_rows
from test_trivial import graded, trivial_source, zygote  # noqa: F401 - zygote is a fixture


def test_gated_points_count_once_the_main_cases_pass(tmp_path, zygote):
    """grpo returning zeros passes the G = 1 test, which counts nothing and says why; with the
    right group_advantages (zeros elsewhere) it counts. The report files agree with the result."""
    def single_response(result):
        found = [t for t in result["tests"] if t["name"].startswith("degenerate groups: G = 1")]
        assert len(found) == 1
        return found[0]

    zeros_record = graded(tmp_path, zygote, "grpo", trivial_source(course.get("grpo"), "zeros"))
    zeros = zeros_record.to_contract()
    assert single_response(zeros)["score"] == 0
    assert single_response(zeros)["output"] == gate_note(["group_advantages"])
    assert "held back until the main cases of group_advantages pass" in gate_note(["group_advantages"])

    source = trivial_source(course.get("grpo"), "zeros", keep=("group_advantages",))
    half_record = graded(tmp_path, zygote, "grpo", source, student="half")
    half = half_record.to_contract()
    assert single_response(half)["score"] == single_response(half)["max_score"] > 0
    assert half["max_score"] == zeros["max_score"]

    for student, result in (("s", zeros), ("half", half)):
        assert result["score"] == sum(t["score"] for t in result["tests"])
        assert result["max_score"] == sum(t["max_score"] for t in result["tests"])
        folder = tmp_path / "out" / student
        saved = json.loads((folder / "results.json").read_text())
        assert saved["score"] == result["score"]
        assert [(t["name"], t["score"], t["max_score"]) for t in saved["tests"]] == [
            (t["name"], t["score"], t["max_score"]) for t in result["tests"]]
        assert all(t["status"] == ("passed" if t["score"] == t["max_score"] else "failed")
                   for t in saved["tests"] if t["max_score"])
    assert gate_note(["group_advantages"]) in (tmp_path / "out" / "s" / "feedback.md").read_text()
    header, rows = gradebook_rows([zeros_record, half_record])
    by_student = {row[0]: dict(zip(header, row)) for row in rows}
    assert by_student["s"]["grpo: degenerate groups"] == by_student["s"]["total"] == 0
    assert by_student["half"]["grpo"] == by_student["half"]["total"] == half["score"] > 0
    assert by_student["half"]["grpo: degenerate groups"] == sum(
        t["max_score"] for t in half["tests"] if t["name"].startswith("degenerate groups:"))
