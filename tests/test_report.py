"""Report builders: pure functions of grading results."""
from autograder.report import feedback_html, gradebook_rows


def result(student, assignment, tests):
    return {"submission": student, "assignment": assignment,
            "score": sum(t[1] for t in tests), "max_score": sum(t[2] for t in tests),
            "tests": [{"name": n, "score": s, "max_score": m, "output": ""} for n, s, m in tests]}


def test_gradebook_one_row_per_student_columns_per_assignment_and_group():
    results = [
        result("ann", "alpha", [("recursion: a", 2, 2), ("recursion: b", 0, 1), ("public: x", 0, 0)]),
        result("bob", "alpha", [("recursion: a", 2, 2), ("recursion: b", 1, 1), ("public: x", 0, 0)]),
        result("ann", "beta", [("cart-pole: run", 6, 6), ("loss value: v", 1, 3)]),
    ]
    header, rows = gradebook_rows(results)
    assert header == ["student", "alpha", "alpha (max)", "alpha: recursion", "beta", "beta (max)",
                      "beta: cart-pole", "beta: loss value", "total"]
    by = {r[0]: dict(zip(header, r)) for r in rows}
    assert by["ann"]["alpha: recursion"] == 2 and by["ann"]["beta: cart-pole"] == 6
    assert by["ann"]["total"] == 2 + 7
    assert by["bob"]["beta"] == "" and by["bob"]["total"] == 3


def test_feedback_html_inlines_figures(tmp_path):
    (tmp_path / "curve.png").write_bytes(b"\x89PNG fake")
    page = feedback_html("# beta: ann\n\n![curve](curve.png)\n\n```\nexpected 1\n```\n", tmp_path)
    assert '<img src="data:image/png;base64,' in page and "<pre><code>expected 1" in page
    assert page.startswith("<!doctype html>") and "<title>beta: ann</title>" in page
