"""Every benchmark measures work, not the regrade cache (issue 27): a benchmark that runs
``autograde grade`` passes ``--no-reuse`` and stops when a timed grade was reused
(``benchmarks/fresh.py``), or is listed below with why it need not."""
import json

import pytest

from conftest import ROOT

BENCHMARKS = ROOT / "benchmarks"
#: benchmarks that grade without --no-reuse, and why that measures no cache hit
EXEMPT = {
    "bench_regrade.py": "times reuse on purpose, against a fresh grade of the same class",
    # these run graders of other checkouts (a baseline may predate --no-reuse), each run
    # into an output folder of its own, which holds no grade to reuse
    "bench_adversarial.py": "one new --out per run (tmp/out-base, tmp/out, tmp/rss/<case>)",
    "bench_mutation.py": "one new --out per run (tmp/out-<label>-<assignment>)",
    "bench_causes.py": "one new --out per run (tmp/out-<n>-<assignment>-<label>)",
    "bench_submission_data.py": "one new --out per run (tmp/out-alone, tmp/out-<case>)",
    "bench_capstone.py": "its --out is removed before each run",
}


def grading_benchmarks() -> list[str]:
    return sorted(p.name for p in BENCHMARKS.glob("*.py")
                  if '"grade"' in p.read_text() and ("autograder.cli" in p.read_text()
                                                     or "AUTOGRADE" in p.read_text()))


@pytest.mark.parametrize("name", grading_benchmarks())
def test_a_benchmark_grades_afresh(name):
    text = (BENCHMARKS / name).read_text()
    if name in EXEMPT:
        assert "NO_REUSE" not in text, f"{name} is exempt: take it off the list"
        return
    assert "NO_REUSE" in text and "assert_fresh(" in text, name


def test_a_reused_grade_stops_the_benchmark(tmp_path, monkeypatch):
    import sys

    monkeypatch.syspath_prepend(str(BENCHMARKS))
    from fresh import assert_fresh

    run = tmp_path / "_runs" / "0001" / "run.json"
    run.parent.mkdir(parents=True)
    run.write_text(json.dumps({"students": [{"id": "a", "reused": False}]}))
    assert_fresh(tmp_path)
    run.write_text(json.dumps({"students": [{"id": "a", "reused": True}]}))
    with pytest.raises(SystemExit, match="1 grades of the timed run .* were reused"):
        assert_fresh(tmp_path)
    assert "fresh" in sys.modules
