"""The grading engine: scores, isolation, limits, feedback, outputs (issue: grading engine)."""
import csv
import json
import os

import jsonschema
import pytest

from autograder.authoring import course

from autograder.engine.plugin import gate_note
from autograder.report import SCHEMA
from conftest import autograde, grade_json, inject, lost, make_submission, value_mistake

NAMES = sorted(course.assignments())
#: the assignment these engine tests grade (the registry names it: [tests] engine_example)
EX = course.example()
FIRST, LAST = EX.functions[0], EX.functions[-1]


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Reference and blank release of every assignment, graded once, the training checks left
    to the slow lane (README command 1's test grades the references with them, whole)."""
    out = tmp_path_factory.mktemp("out")
    results = {}
    for name in NAMES:
        a = course.get(name)
        batch = tmp_path_factory.mktemp(f"batch-{name}")
        make_submission(batch / "reference", name, a.reference_module.read_text())
        make_submission(batch / "blank", name, (a.release_dir / f"{name}.py").read_text())
        results[name], _ = grade_json([batch], name, out / name, "--jobs", "2", "--skip-slow")
    return out, results


@pytest.mark.parametrize("name", NAMES)
def test_reference_full_marks_blank_zero(graded, name):
    out, results = graded
    ref, blank = results[name]["reference"], results[name]["blank"]
    assert ref["max_score"] > 0 and not lost(ref), ref    # (a module alone: conftest.lost)
    assert blank["score"] == 0 and blank["max_score"] == ref["max_score"]
    feedback = (out / name / "blank" / "feedback.md").read_text()
    for fn in course.get(name).functions:
        assert feedback.count(f"- not implemented: {fn}\n") == 1, fn


@pytest.mark.parametrize("name", NAMES)
def test_outputs_follow_the_formats(graded, name):
    out, results = graded
    schema = json.loads(SCHEMA.read_text())
    for student in ("reference", "blank"):
        data = json.loads((out / name / student / "results.json").read_text())
        jsonschema.validate(data, schema)
        assert data["score"] == results[name][student]["score"]
        assert all(set(t) == {"name", "score", "max_score", "output"}
                   for t in results[name][student]["tests"])
    rows = list(csv.DictReader((out / name / "gradebook.csv").open()))
    assert {r["student"] for r in rows} == {"reference", "blank"}


def test_syntax_error_and_missing_function(tmp_path):
    ref = EX.reference_module.read_text()
    make_submission(tmp_path / "b" / "syntax", EX.name, ref + "\ndef broken(:\n    pass\n")
    missing = ref.replace(f"def {LAST}(", f"def {LAST}_renamed(")
    make_submission(tmp_path / "b" / "missing", EX.name, missing)
    # torch's own NotImplementedError on the student's line is an error of the code, not a stub
    make_submission(tmp_path / "b" / "bitwise", EX.name, ref + f"\n\ndef {LAST}(*args, **kw):\n"
                    "    return torch.zeros(3) & torch.zeros(3)\n")
    results, _ = grade_json([tmp_path / "b"], EX.name, tmp_path / "out")
    failed = lost(results["bitwise"])
    assert failed and all("your code raised NotImplementedError: \"bitwise_and_cpu\"" in t["output"]
                          and "line" in t["output"] for t in failed)
    assert f"not implemented: {LAST}" not in (tmp_path / "out" / "bitwise" / "feedback.md").read_text()
    assert results["syntax"]["score"] == 0
    text = (tmp_path / "out" / "syntax" / "feedback.md").read_text()
    assert "SyntaxError" in text and f'File "{EX.name}.py", line' in text
    assert "autograder" not in text.split("## Failed")[1], "traceback trimmed to the student's frames"
    # only the tests of the missing function fail
    failed = lost(results["missing"])
    assert failed and all(f"missing function: {LAST}" in t["output"] for t in failed)
    assert results["missing"]["score"] > 0


def test_grader_never_imports_the_submission(tmp_path):
    marker = tmp_path / "marker"
    marker.parent.chmod(0o777)
    ref = EX.reference_module.read_text()
    spy = ("import os, sys\n"
           f"open({str(marker)!r}, 'a').write(f'{{os.getpid()}} {{os.getppid()}}\\n')\n")
    make_submission(tmp_path / "spy", EX.name, spy + ref)
    results, proc = grade_json([tmp_path / "spy"], EX.name, tmp_path / "out", "--sandbox", "plain")
    # the plain sandbox lets the write through; the writer is never the grader process
    pids = {line.split()[0] for line in marker.read_text().splitlines()}
    assert pids and str(os.getpid()) not in pids
    assert not lost(results["spy"])


def test_in_process_grading_keeps_sys_modules_clean(tmp_path):
    """Grading in this very process: the submission's module never appears in sys.modules."""
    import sys

    from autograder.engine import grade
    from autograder.sandbox.servers import Zygote

    make_submission(tmp_path / "s", EX.name, "import os\nPROBE_MARKER_42 = 1\n" +
                    EX.reference_module.read_text())
    zygote = Zygote()
    try:
        result = grade.grade("s", tmp_path / "s", EX,
                              grade.Options(out_dir=tmp_path / "out"), zygote).to_contract()
    finally:
        zygote.close()
    assert not lost(result)
    assert not any("PROBE_MARKER_42" in (getattr(m, "__dict__", None) or {})
                   for m in list(sys.modules.values()))


def test_monkeypatched_comparisons_earn_nothing(tmp_path):
    wrong = ("import numpy, torch, torch.testing\n"
             "torch.allclose = lambda *a, **k: True\n"
             "torch.testing.assert_close = lambda *a, **k: None\n"
             "numpy.allclose = lambda *a, **k: True\n"
             "torch.Tensor.__eq__ = lambda *a, **k: True\n"
             + "".join(f"def {fn}(*args, **kwargs):\n    return 7\n" for fn in EX.functions))
    make_submission(tmp_path / "patcher", EX.name, wrong)
    results, _ = grade_json([tmp_path / "patcher"], EX.name, tmp_path / "out")
    assert results["patcher"]["score"] == 0


def test_infinite_loop_is_cut_and_the_suite_goes_on(tmp_path):
    looping = inject(EX.reference_module.read_text(), LAST, "while True:\n    pass")
    make_submission(tmp_path / "loop", EX.name, looping)
    results, _ = grade_json([tmp_path / "loop"], EX.name, tmp_path / "out", "--timeout", "1")
    tests = results["loop"]["tests"]
    looped = [t for t in tests if "did not return within" in t["output"]]
    assert looped, "the looping call is reported as a timeout"
    others = [t for t in tests if t["max_score"] > 0 and t["score"] == t["max_score"]]
    assert others, "the other functions are still graded"


def test_worker_killed_by_a_signal_is_restarted(tmp_path):
    killing = inject(EX.reference_module.read_text(), LAST, "import faulthandler\nfaulthandler._sigsegv()")
    make_submission(tmp_path / "killer", EX.name, killing)
    results, _ = grade_json([tmp_path / "killer"], EX.name, tmp_path / "out")
    tests = results["killer"]["tests"]
    assert any("died during this call (killed by signal SIG" in t["output"] for t in tests)
    later = [t for t in tests if t["max_score"] > 0 and t["score"] == t["max_score"]]
    assert later, "the worker is restarted and the other functions are graded"


def test_feedback_names_case_expected_actual_and_hides_test_source(tmp_path):
    mistake = value_mistake(EX)
    make_submission(tmp_path / "m", EX.name, mistake.materialize())
    results, _ = grade_json([tmp_path / "m"], EX.name, tmp_path / "out")
    failed = lost(results["m"])
    gated = [t for t in failed if t["output"] == gate_note([FIRST])]   # edge cases held back
    assert failed and len(gated) < len(failed)
    for t in failed:
        assert "def test_" not in t["output"] and "student." not in t["output"]
        if t not in gated:
            assert "expected" in t["output"] and "got" in t["output"]
    hidden_src = "\n".join(p.read_text() for p in EX.hidden_dir.glob("test_*.py"))
    feedback = (tmp_path / "out" / "m" / "feedback.md").read_text()
    assert not [l for l in hidden_src.splitlines() if len(l.strip()) > 30 and l.strip() in feedback]


def test_exit_codes_and_json_only_on_stdout(tmp_path):
    bad = autograde("grade", tmp_path, "--assignment", "nope", check=False)
    assert bad.returncode == 2 and "unknown assignment" in bad.stderr and bad.stdout == ""
    missing = autograde("grade", tmp_path / "nothing-here", "--assignment", EX.name, check=False)
    assert missing.returncode == 2
    make_submission(tmp_path / "x", EX.name, "this is not python")
    results, proc = grade_json([tmp_path / "x"], EX.name, tmp_path / "out")
    assert json.loads(proc.stdout) and results["x"]["score"] == 0
