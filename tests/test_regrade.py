"""Safe regrades and the class report's rules (issue 19, points 1-3), without a browser.

The key that lets a grade be reused changes with each of its inputs: the submission, the
hidden suite (mutants included), the reference, the engine version and the options. The
unfair-test rule and the run comparison are checked on small made-up classes; the command
line is checked end to end on a class of three.
"""
import json
import shutil
import tomllib
from pathlib import Path

import pytest

from autograder import __version__
from autograder.authoring import course
from autograder.engine import mutants
from autograder.authoring import fingerprints
from autograder.batch import regrade
from autograder.records.grades import Graded
from autograder.records.outcomes import TestOutcome
from autograder.review import classview
from pgcheck.discovery import read
from conftest import ROOT, SuiteAt, autograde, lost, make_submission

#: the assignment graded (the registry names it: [tests] engine_example)
EX = course.example()
#: the known mistake two students of the command-line class share
BUG = mutants.bank(EX)[0]


def test_engine_version_is_the_package_version():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert __version__ == project["version"]


def test_the_key_changes_with_each_input(tmp_path, monkeypatch):
    real = EX
    root = tmp_path / "course"
    shutil.copytree(real.source_dir, root / "solutions" / EX.name)
    suite = tmp_path / "suite"
    shutil.copytree(real.hidden_dir, suite, ignore=shutil.ignore_patterns("__pycache__"))
    a = SuiteAt(real.name, root, real.functions, real.settings, suite=suite)
    before = fingerprints.assignment_fingerprint(a)
    assert fingerprints.assignment_fingerprint(a) == before                   # stable
    (suite / "mutants" / f"{BUG.name}.py").write_text(
        (suite / "mutants" / f"{BUG.name}.py").read_text() + "\n# edited\n")
    after_mutant = fingerprints.assignment_fingerprint(a)
    first_test = sorted(suite.glob("test_*.py"))[0]
    first_test.write_text(first_test.read_text() + "\n")
    after_suite = fingerprints.assignment_fingerprint(a)
    (root / "solutions" / EX.name / f"{EX.name}.py").write_text(
        real.reference_module.read_text() + "\n")
    after_reference = fingerprints.assignment_fingerprint(a)
    assert len({before, after_mutant, after_suite, after_reference}) == 4

    assert all((ROOT / f).exists() for f in fingerprints.AFTER_GRADING)
    engine = fingerprints.engine_fingerprint()
    monkeypatch.setattr(fingerprints, "__version__", "999.0")
    fingerprints.engine_fingerprint.cache_clear()
    try:
        assert fingerprints.engine_fingerprint() != engine
    finally:
        monkeypatch.undo()
        fingerprints.engine_fingerprint.cache_clear()
    assert fingerprints.engine_fingerprint() == engine

    student = make_submission(tmp_path / "class" / "ann", EX.name,
                              real.reference_module.read_text())
    sub = fingerprints.submission_fingerprint(read("ann", student, EX.name, real.functions))
    (student / "notes.txt").write_text("not graded")
    assert fingerprints.submission_fingerprint(read("ann", student, EX.name, real.functions)) == sub
    (student / f"{EX.name}.py").write_text(real.reference_module.read_text() + "# changed\n")
    assert fingerprints.submission_fingerprint(read("ann", student, EX.name, real.functions)) != sub

    assert fingerprints.options_fingerprint({"skip_slow": True}) != \
        fingerprints.options_fingerprint({"skip_slow": False})


def _student(name, tests):
    """A student on the class page: ``tests`` maps test name -> (passed, mutant)."""
    return classview.record(Graded(name, "x", tuple(
        TestOutcome(t, t.split(":")[0], 1.0 if ok else 0.0, 1.0, "passed" if ok else "failed",
                    "", "after_published", mutant=m) for t, (ok, m) in tests.items()), 0.1))


def test_unfair_rule():
    def klass(wrong_fails, explained=False, rest_ok=True, n=10):
        students = []
        for i in range(n):
            fails = i < wrong_fails
            students.append(_student(f"s{i}", {
                "idea: a": (not fails or rest_ok, ""), "idea: b": (True, ""),
                "idea: suspect": (not fails, "known" if fails and explained else ""),
                "other: c": (i % 2 == 0, "")}))
        return students

    assert [u["test"] for u in classview.unfair_tests(klass(8))] == ["idea: suspect"]
    flag = classview.unfair_tests(klass(8))[0]
    assert flag["fail_share"] == 0.8 and flag["explained_share"] == 0 and flag["rest_share"] == 1
    assert classview.unfair_tests(klass(2)) == []                      # few fail it
    assert classview.unfair_tests(klass(8, explained=True)) == []      # a known mistake
    assert classview.unfair_tests(klass(8, rest_ok=False)) == []       # they fail the idea
    assert classview.unfair_tests(klass(3, n=4)) == []                 # class too small
    # "other: c" is failed by half the class, but it is its idea's only test
    summary = classview.summarise("x", klass(8), {"known": {"hint": "h", "doc": "d"}})
    assert [t["name"] for t in summary["tests"] if t["unfair"]] == ["idea: suspect"]
    assert summary["misconceptions"][0]["mutant"] == "known" and \
        summary["misconceptions"][0]["students"] == 0


def test_changes_between_runs():
    def run(name, scores):
        return {"run": name, "students": [{"id": s, "reused": s == "same", "why": ["submission"]}
                                          for s in scores],
                "results": [{"submission": s, "score": sum(t.values()), "max_score": 3.0,
                             "tests": [{"name": n, "score": v, "max_score": 1.0}
                                       for n, v in t.items()]} for s, t in scores.items()]}

    before = run("1", {"same": {"a": 1, "b": 1}, "up": {"a": 0, "b": 1}, "gone": {"a": 1}})
    after = run("2", {"same": {"a": 1, "b": 1}, "up": {"a": 1, "b": 1}, "new": {"a": 0}})
    c = regrade.changes(before, after)
    assert c["added"] == ["new"] and c["removed"] == ["gone"] and c["reused"] == ["same"]
    assert c["changed"] == [{"student": "up", "old": 1, "new": 2, "old_max": 3.0,
                             "new_max": 3.0, "why": ["submission"],
                             "tests": [{"name": "a", "old": 0, "new": 1}]}]
    assert regrade.changes(None, after)["changed"] == []


def test_reserved_student_names_are_refused(tmp_path):
    with pytest.raises(ValueError, match="_runs"):
        regrade.plan(tmp_path / "out", EX, [("_runs", tmp_path)], {})


def test_grade_reuses_reports_and_checks_similarity(tmp_path):
    """The command line: grade writes the class page; an unchanged class is not graded
    again; `report` and `similarity` work on the output folder."""
    a, name = EX, EX.name
    klass, out = tmp_path / "class", tmp_path / "out"
    make_submission(klass / "ann", name, a.reference_module.read_text())
    make_submission(klass / "bob", name, (a.release_dir / f"{name}.py").read_text())
    make_submission(klass / "cat", name, BUG.materialize())
    make_submission(klass / "dan", name, BUG.materialize())     # the same file as cat's
    first = autograde("grade", klass, "-a", name, "--out", out, "--json", "--skip-slow")
    page = out / "_report" / f"{name}.html"
    assert page.is_file() and "class report" in first.stderr
    second = autograde("grade", klass, "-a", name, "--out", out, "--json", "--skip-slow")
    assert "reused 4 earlier grades" in second.stderr and "graded 0" in second.stderr
    assert json.loads(second.stdout) == json.loads(first.stdout)
    runs = regrade.runs(out)
    assert len(runs) == 2 and all(s["reused"] for s in runs[1]["students"])

    page.unlink()
    proc = autograde("report", out)
    assert str(page) in proc.stdout and page.is_file()
    report = json.loads((out / "_report" / f"{name}.json").read_text())
    assert report["students"] == 4
    assert [r["submission"] for r in json.loads(first.stdout) if not lost(r)] == ["ann"]
    assert report["misconceptions"][0]["mutant"] == BUG.name
    assert report["misconceptions"][0]["who"] == ["cat", "dan"]

    proc = autograde("similarity", out, "-a", name)
    assert "cat" in proc.stdout and "dan" in proc.stdout
    similar = json.loads((out / "_report" / f"{name}-similarity.json").read_text())
    # cat and dan handed in the same file; a mutant is the reference with one function
    # changed, so both are close to ann's too; bob's untouched stub is all boilerplate
    assert (similar["pairs"][0]["a"], similar["pairs"][0]["b"]) == ("cat", "dan")
    assert similar["pairs"][0]["similarity_a"] == similar["pairs"][0]["similarity_b"] == 1.0
    assert {frozenset((p["a"], p["b"])) for p in similar["pairs"]} == {
        frozenset(("cat", "dan")), frozenset(("ann", "cat")), frozenset(("ann", "dan"))}
    html = page.read_text()
    assert 'id="similar-pairs"' in html and "<mark>" in html
    assert json.loads((out / "_report" / f"{name}.json").read_text())["similarity"]["stale"] is False

    assert autograde("report", tmp_path / "nothing-here", check=False).returncode == 2
    # an output folder without recorded runs (its _runs gone): rebuilt from the cache entries
    shutil.rmtree(out / "_runs")
    autograde("report", out)
    assert json.loads((out / "_report" / f"{name}.json").read_text())["students"] == 4

    # --no-reuse: the same key, every grade made again (what a benchmark must time)
    from dataclasses import asdict

    from autograder.cli import build_parser
    from autograder.sandbox.confine import Limits

    assert build_parser().parse_args(["grade", str(klass), "-a", name, "--no-reuse"]).no_reuse
    pairs = [(s, klass / s) for s in ("ann", "bob", "cat", "dan")]
    options = {"sandbox": "auto", "limits": asdict(Limits()), "skip_slow": True,
               "public_only": False}
    assert set(regrade.plan(out, a, pairs, options).reused) == {"ann", "bob", "cat", "dan"}
    again = regrade.plan(out, a, pairs, options, reuse=False)
    assert not again.reused and [sid for sid, _ in again.pending] == ["ann", "bob", "cat", "dan"]
    assert all(again.why[sid] == ["no-reuse"] for sid in again.why)
