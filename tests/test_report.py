"""Report builders: pure functions of grading results."""
from autograder.report import gradebook_rows, where_time_went
from autograder.records.events import Event, Kind
from autograder.records.grades import Graded, TimeSpent
from autograder.records.outcomes import TestOutcome


def result(student, assignment, tests, seconds=None, **attributes) -> Graded:
    """A grade of (name, score, max) tests; each test's group is the start of its name."""
    return Graded(student, assignment, tuple(
        TestOutcome(n, n.split(":", 1)[0], s, m, "passed" if s == m else "failed", "", "visible")
        for n, s, m in tests), seconds, **attributes)


def test_gradebook_one_row_per_student_columns_per_assignment_and_group():
    results = [
        result("ann", "alpha", [("recursion: a", 2, 2), ("recursion: b", 0, 1), ("public: x", 0, 0)]),
        result("bob", "alpha", [("recursion: a", 2, 2), ("recursion: b", 1, 1), ("public: x", 0, 0)]),
        result("ann", "beta", [("cart-pole: run", 6, 6), ("loss value: v", 1, 3)]),
    ]
    header, rows = gradebook_rows(results)
    assert header == ["student", "alpha", "alpha (max)", "alpha: recursion", "beta", "beta (max)",
                      "beta: cart-pole", "beta: loss value", "total", "seconds"]
    by = {r[0]: dict(zip(header, r)) for r in rows}
    assert by["ann"]["alpha: recursion"] == 2 and by["ann"]["beta: cart-pole"] == 6
    assert by["ann"]["total"] == 2 + 7
    assert by["bob"]["beta"] == "" and by["bob"]["total"] == 3
    assert by["ann"]["seconds"] == ""       # plain results carry no time


def test_gradebook_seconds_add_up_over_a_students_assignments():
    results = [result("ann", "alpha", [("recursion: a", 2, 2)], seconds=1.25),
               result("ann", "beta", [("cart-pole: run", 6, 6)], seconds=40.0),
               result("bob", "alpha", [("recursion: a", 0, 2)], seconds=3.0)]
    header, rows = gradebook_rows(results)
    by = {r[0]: dict(zip(header, r)) for r in rows}
    assert by["ann"]["seconds"] == 41.2 and by["bob"]["seconds"] == 3.0


def test_where_the_time_went_names_hangs_and_budget_largest_first():
    hung = result("ann", "alpha", [], seconds=10.0,
                  spent=TimeSpent(load=0.1, calls=0.5, hung=9.0),
                  events=[Event(Kind.HUNG, "compute_gae", "case 'a'", 4.5),
                          Event(Kind.CRASHED, "td_residuals", "case 'b'", 0.1, "signal 11"),
                          Event(Kind.HUNG, "td_residuals", "case 'c'", 4.5)])
    assert where_time_went(hung).startswith("hung 2x: compute_gae, td_residuals (9 s)")
    budget = result("bob", "alpha", [], seconds=181.0,
                    spent=TimeSpent(calls=178.0, budget_exhausted=True))
    assert where_time_went(budget) == "time budget used up; calls that returned (178 s)"
    assert where_time_went(result("dee", "alpha", [])) == ""


def class_summary(scores: list[float], top: float = 12.0) -> dict:
    """A class page's summary for students with these scores (one test worth ``top``)."""
    from autograder.review import classview

    records = [classview.record(Graded(f"s{i}", "alpha", (TestOutcome(
        "recursion: all", "recursion", s, top, "passed" if s >= top else "failed", "",
        "hidden"),))) for i, s in enumerate(scores)]
    return classview.summarise("alpha", records, {})


def test_class_histogram_counts_whole_students_and_its_legend_covers_no_bar():
    """The histogram's SVG, read back: its y ticks are whole numbers of students, its bars
    count every student, and its legend lies right of every bar and of the mean's line."""
    import xml.etree.ElementTree as ET

    from autograder.review import charts

    ns = {"svg": "http://www.w3.org/2000/svg"}
    for scores in ([0.0, 12.0], [0.0, 0.0, 0.0, 1.0, 11.0, 12.0, 12.0], [5.5] * 23,
                   [0.0] * 3 + [12.0] * 40):
        root = ET.fromstring(charts.histogram(class_summary(scores)))
        ticks = [t.text for t in root.iterfind(".//svg:text[@class='y-tick']", ns)]
        assert ticks and all(t.isdigit() for t in ticks), f"fractions of a student: {ticks}"
        bars = root.findall(".//svg:rect[@class='bar']", ns)
        counted = [int(b.find("svg:title", ns).text.split()[0]) for b in bars]
        assert sum(counted) == len(scores)
        tallest = max(bars, key=lambda b: float(b.get("height")))
        assert float(tallest.get("y")) >= charts.PLOT[1] - 1e-6      # inside the axes
        right = max(float(b.get("x")) + float(b.get("width")) for b in bars)
        legend = min(float(e.get("x1", e.get("x", "inf")))
                     for e in root.find(".//svg:g[@id='legend']", ns))
        assert legend > right and legend > charts.PLOT[0] + charts.PLOT[2]


def test_chart_texts_are_escaped_svg():
    """Every text a chart places is escaped: an idea or a series named with markup stays
    text, and the SVG still parses."""
    import xml.etree.ElementTree as ET

    from autograder.review import charts

    hostile = '<script>alert(1)</script>&"'
    summary = {**class_summary([3.0, 12.0]), "assignment": hostile,
               "ideas": [{"idea": hostile, "percent": 50.0}]}
    curve = charts.line_chart(hostile, hostile, hostile, [(hostile, [0, 1], [0, 1])],
                              (0, 1), (0, 1), hline=(0.5, hostile))
    for svg in (charts.histogram(summary), charts.ideas(summary), curve):
        assert "<script>" not in svg and "&lt;script&gt;" in svg
        ET.fromstring(svg)


def test_class_page_links_the_files_that_hold_its_numbers():
    import re

    from autograder.review import classview

    summary = class_summary([0.0, 12.0])
    page = classview.render(summary, {"regraded": [], "reused": [], "changed": []},
                            {"run": 1}, None, fig={"histogram": "", "ideas": ""})
    linked = re.findall(r'<a href="([^"]+)"', page.split('id="data"', 1)[1].split("</p>", 1)[0])
    assert linked == classview.data_files("alpha")
    assert "alpha.json" in linked and "alpha-scores.csv" in linked
