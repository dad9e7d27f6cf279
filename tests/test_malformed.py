"""Malformed submissions get score 0 and a clear one-line reason, and the batch goes on."""
import json

import pytest

from autograder import course
from conftest import grade_json

NOT_GRPO = "def something_else():\n    return 1\n"


def reasons(result) -> set[str]:
    return {t["output"] for t in result["tests"] if t["score"] < t["max_score"]}


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("malformed")
    batch = tmp / "batch"
    reference = course.get("grpo").reference_module.read_text()

    def folder(name):
        (batch / name).mkdir(parents=True)
        return batch / name

    (folder("invalid_json") / "grpo.ipynb").write_text('{"cells": [ {"cell_type": ')
    (folder("nbformat3") / "grpo.ipynb").write_text(json.dumps(
        {"nbformat": 3, "nbformat_minor": 0, "worksheets": [{"cells": []}], "metadata": {}}))
    (folder("syntax_error") / "grpo.py").write_text("def group_advantages(rewards:\n    return 1\n")
    (folder("missing_functions") / "grpo.py").write_text(NOT_GRPO)
    (folder("wrong_signature") / "grpo.py").write_text(
        "def group_advantages(rewards):\n    return rewards\n"
        "def sequence_logprob(x):\n    return x\n"
        "def grpo_loss():\n    return 0\n")
    folder("empty_directory")
    (folder("binary") / "grpo.py").write_bytes(bytes(range(256)) * 64)
    with open(folder("huge") / "grpo.py", "wb") as fh:     # 100 MB, sparse: costs no disk
        fh.truncate(100 << 20)
    (folder("not_utf8") / "grpo.py").write_bytes("# d\xe9j\xe0 vu\n".encode("latin-1") +
                                                  NOT_GRPO.encode())
    both = folder("both_files")
    (both / "grpo.py").write_text(reference)
    (both / "grpo.ipynb").write_text("{}")
    results, proc = grade_json([batch], "grpo", tmp / "out", "--jobs", "2")
    return results, tmp / "out"


@pytest.mark.parametrize("case, reason", [
    ("invalid_json", "is not valid notebook JSON"),
    ("nbformat3", "uses nbformat 3; only nbformat 4"),
    ("syntax_error", "SyntaxError"),
    ("missing_functions", "missing function: group_advantages"),
    ("wrong_signature", "TypeError"),
    ("empty_directory", "no grpo.py or grpo.ipynb found"),
    ("binary", "is a binary file, not Python source"),
    ("huge", "is 100 MB, over the 5 MB limit"),
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
    assert results["both_files"]["score"] == results["both_files"]["max_score"]
    assert "grpo.py is graded" in (out / "both_files" / "feedback.md").read_text()
