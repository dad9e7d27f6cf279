"""docs/scaling.md's capacity table is what ``benchmarks/bench_capacity.py`` prints: every
assignment of the registry, in its order, the per-student total and the course line computed
from the rows as the benchmark computes them, and the command that measured it."""
import sys

from conftest import ROOT

from autograder.authoring import course

DOC = ROOT / "docs" / "scaling.md"


def capacity_section() -> str:
    text = DOC.read_text()
    return text[text.index("<!-- capacity:start -->"):text.index("<!-- capacity:end -->")]


def bench():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import bench_capacity
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    return bench_capacity


def test_the_capacity_table_is_the_benchmarks_output():
    capacity = bench()
    section = capacity_section()
    figures, n = capacity.parse_capacity_table(section)
    assert list(figures) == list(course.assignments()), "one row per assignment, in order"
    assert capacity.capacity_table(figures, n) in section, (
        "docs/scaling.md's capacity table is not bench_capacity.py's output (a row, the total "
        "or the course line edited by hand?): paste the benchmark's table")
    assert "benchmarks/bench_capacity.py" in section


def test_the_table_reads_back_what_it_wrote():
    capacity = bench()
    figures = {"first": (1.25, 0.5, 2.5), "second": (10.0, 7.75, 31.75)}
    text = capacity.capacity_table(figures, 3)
    assert capacity.parse_capacity_table(text) == (figures, 3)
    assert "| per student, all assignments | 11.25 | 8.25 | 34.25 |" in text
    # 3 x 11.25 for the first three students of each class, then 997 x 8.25
    assert text.endswith("1,000 students' grades of every assignment: 8.26 core-seconds per "
                         "student, 1.1 h of 2 cores.")
