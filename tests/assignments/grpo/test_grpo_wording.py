"""What a grade says, read as its readers read it: a class graded with the `autograde`
command, then its summary (the TA), each student's feedback and results.json.

* one count of failed tests in all three (a module that calls ``os._exit`` at import once
  read "31 failed" in the summary, "32 tests failed for the same reason" in the feedback, and
  results.json held 37 tests);
* points that wait on a function's main cases are said up front, with how many, and their
  tests are headed by what happened to them (held back), never "failed for the same reason";
* the sandbox's protections are the TA's (the summary), never in the student's feedback or
  results.json's text;
* what the code printed is the student's own: a submission that draws with matplotlib shows
  its own prints only, nothing of the worker's environment (matplotlib's and Fontconfig's
  warnings about a home that cannot be written).
"""
import json
import re

import pytest

from autograder.authoring import course
from autograder.engine import mutants
from conftest import autograde, make_submission

GRPO = course.get("grpo")
PLOTS = '''

import matplotlib.pyplot as plt

_figure = plt.figure()
plt.plot([1, 2, 3])
plt.title("a title drawn with a font")
_figure.savefig("curve.png")
print("hello from the student")
'''


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """The class, graded once: student -> (results.json, feedback.md, feedback.html), and the
    command's summary (standard output)."""
    root = tmp_path_factory.mktemp("wording")
    [detached] = [m for m in mutants.bank(GRPO) if m.name == "advantages_not_detached"]
    make_submission(root / "class" / "exits", GRPO.name, "import os\nos._exit(3)\n")
    make_submission(root / "class" / "detached", GRPO.name, detached.materialize())
    make_submission(root / "class" / "plots", GRPO.name, GRPO.reference_module.read_text() + PLOTS)
    out = root / "out"
    proc = autograde("grade", root / "class", "-a", GRPO.name, "--jobs", "2", "--out", out)
    files = {s: (json.loads((out / s / "results.json").read_text()),
                 (out / s / "feedback.md").read_text(), (out / s / "feedback.html").read_text())
             for s in ("exits", "detached", "plots")}
    return files, proc.stdout


def summary_count(summary: str, student: str) -> int:
    row = next(line for line in summary.splitlines() if line.startswith(f"│ {student} "))
    found = re.search(r"(\d+) failed", row)
    return int(found.group(1)) if found else 0


@pytest.mark.parametrize("student", ["exits", "detached", "plots"])
def test_one_count_of_failed_tests_in_summary_feedback_and_results(graded, student):
    files, summary = graded
    results, md, html = files[student]
    failed = [t for t in results["tests"] if t["status"] == "failed"
              and "manual" not in t["extra_data"] and "not_implemented" not in t["extra_data"]]
    said = re.search(r"^## Failed \((\d+) tests?\)$", md, re.M)
    assert (int(said.group(1)) if said else 0) == len(failed)
    assert summary_count(summary, student) == len(failed)
    if failed:
        assert f"{len(failed)} test{'s' if len(failed) != 1 else ''} failed" in results["output"]
        assert f"Failed ({len(failed)} test" in html
    listed = sum(int(n) for n in re.findall(r"^### (\d+) tests ", md, re.M)) + \
        len(re.findall(r"^### .* \(0 / [\d.]+\)$", md[:md.find("## Passed")], re.M))
    assert listed >= len(failed)    # every failed test is under a heading (the written answer too)


def test_a_module_that_exits_at_import_fails_every_test_once(graded):
    results, md, _ = graded[0]["exits"]
    loading = [t for t in results["tests"] if "died while loading" in t["output"]]
    assert len(loading) >= 30 and f"### {len(loading)} tests failed for the same reason" in md


def test_held_back_points_are_said_up_front_and_headed_as_held_back(graded):
    results, md, html = graded[0]["detached"]
    held = [t for t in results["tests"] if t["output"].startswith("held back until")]
    assert held, "the known mistake leaves some of grpo_loss's edge cases held back"
    points = sum(t["max_score"] for t in held)
    up_front = (f"Held back: {points:g} point{'s' if points != 1 else ''} of {len(held)} "
                f"test{'s' if len(held) != 1 else ''} that passed count once the main cases of ")
    assert up_front in md.split("## ", 1)[0] and up_front in html
    assert "tests failed for the same reason" not in md.split("held back until")[0][-300:]
    if len(held) > 1:
        assert f"### {len(held)} tests held back until the main cases of" in md
    assert "this test passed, but its points count" not in md


@pytest.mark.parametrize("student", ["exits", "detached", "plots"])
def test_the_sandbox_is_the_tas_not_the_students(graded, student):
    files, summary = graded
    results, md, html = files[student]
    for text in (md, html, results["output"], *(t["output"] for t in results["tests"])):
        assert "andbox: " not in text and "rlimits" not in text
    assert results["extra_data"]["protections"]         # kept, for the TA's tools
    assert re.search(r"^sandbox: session, rlimits.* \(3 submissions\)$", summary, re.M)


def test_what_the_code_printed_is_the_students_own(graded):
    results, md, html = graded[0]["plots"]
    printed = md.split("## Output your code printed\n\n", 1)[1]
    assert printed.strip("`\n") == "hello from the student", printed
    assert "Fontconfig" not in html and "MPLCONFIGDIR" not in html and "nonexistent" not in md
    lost = [t["name"] for t in results["tests"] if t["score"] < t["max_score"]]
    assert lost and all(n.startswith(("table exercise", "written answers")) for n in lost)
