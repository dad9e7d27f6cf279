"""Malformed submissions get score 0 and a clear one-line reason, and the batch goes on."""
import json

import pytest

from autograder.authoring import course
from conftest import grade_json, lost
from pgcheck import files

#: the assignment graded (the registry names it: [tests] engine_example)
EX = course.example()
PY, NB = f"{EX.name}.py", f"{EX.name}.ipynb"
FIRST = EX.functions[0]
NOTHING_GRADED = "def something_else():\n    return 1\n"


def reasons(result) -> set[str]:
    return {t["output"] for t in result["tests"] if t["score"] < t["max_score"]}


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("malformed")
    batch = tmp / "batch"
    reference = EX.reference_module.read_text()

    def folder(name):
        (batch / name).mkdir(parents=True)
        return batch / name

    (folder("invalid_json") / NB).write_text('{"cells": [ {"cell_type": ')
    (folder("nbformat3") / NB).write_text(json.dumps(
        {"nbformat": 3, "nbformat_minor": 0, "worksheets": [{"cells": []}], "metadata": {}}))
    (folder("syntax_error") / PY).write_text(f"def {FIRST}(rewards:\n    return 1\n")
    (folder("missing_functions") / PY).write_text(NOTHING_GRADED)
    (folder("wrong_signature") / PY).write_text(
        "".join(f"def {fn}():\n    return 0\n" for fn in EX.functions))
    folder("empty_directory")
    (folder("binary") / PY).write_bytes(bytes(range(256)) * 64)
    with open(folder("huge") / PY, "wb") as fh:     # 100 MB, sparse: costs no disk
        fh.truncate(100 << 20)
    (folder("not_utf8") / PY).write_bytes("# d\xe9j\xe0 vu\n".encode("latin-1") +
                                                  NOTHING_GRADED.encode())
    both = folder("both_files")
    (both / PY).write_text(reference)
    (both / NB).write_text("{}")
    results, proc = grade_json([batch], EX.name, tmp / "out", "--jobs", "2")
    return results, tmp / "out"


@pytest.mark.parametrize("case, reason", [
    ("invalid_json", "is not valid notebook JSON"),
    ("nbformat3", "uses nbformat 3; only nbformat 4"),
    ("syntax_error", "SyntaxError"),
    ("missing_functions", f"missing function: {FIRST}"),
    ("wrong_signature", "TypeError"),
    ("empty_directory", f"no {PY} or {NB} found"),
    ("binary", "is a binary file, not Python source"),
    ("huge", f"is 100 MB, over the {files.MODULE_BYTES >> 20} MB limit"),
    ("not_utf8", "is not valid UTF-8"),
])
def test_malformed_scores_zero_with_one_line_reason(graded, case, reason):
    results, out = graded
    result = results[case]
    assert result["score"] == 0 and result["max_score"] > 0
    found = [r for r in reasons(result) if reason in r]
    assert found, f"{case}: no feedback says {reason!r}: {sorted(reasons(result))[:3]}"
    first_line = found[0].splitlines()[0]
    assert reason in first_line or case in ("syntax_error", "wrong_signature"), first_line
    assert len(first_line) < 200
    assert (out / case / "feedback.md").is_file() and (out / case / "results.json").is_file()


def test_both_files_says_which_was_graded(graded):
    results, out = graded
    assert not lost(results["both_files"])
    assert f"{PY} is graded" in (out / "both_files" / "feedback.md").read_text()
