"""Adding an assignment is a documented path (docs/adding-an-assignment.md), run here as written:
its command blocks are pasted into bash in a fresh clone, with the reference's one line written
in between; then the rest works (public checks, grading, the mutant bank), no existing file was
touched, and the project's own suite says what it still wants, as the document says it will.
"""
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys

import pytest

from autograder.authoring import scaffold
from conftest import ROOT, fresh_checkout, walkthroughs
from test_fairness import MIN_FORMS
from test_mutants import MIN_BANK, MIN_VARIANTS

DOC = ROOT / "docs" / "adding-an-assignment.md"


def digest(folder) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in folder.rglob("*") if p.is_file() and not {"__pycache__", ".venv"} &
            set(p.relative_to(folder).parts)}


def test_the_document_states_what_the_suite_wants_of_a_new_assignment():
    text = " ".join(DOC.read_text().split())
    assert f"at least {MIN_BANK} known mistakes" in text
    assert f"at least {MIN_VARIANTS} correct variants" in text
    assert f"at least {MIN_FORMS} correct forms of every function" in text
    assert "fails on purpose" in text and "AUTOGRADE_ROOT" in text


@pytest.mark.slow
def test_a_new_assignment_from_scaffold_to_grades(tmp_path):
    blocks = walkthroughs(DOC.read_text())
    name = re.search(r"autograde new (\w+)", blocks["scaffold"]).group(1)
    copy = fresh_checkout(tmp_path / "repo")
    env = {**os.environ, "AUTOGRADE_ROOT": str(copy)}

    def bash(script, ok=True):
        proc = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=copy, env=env,
                              capture_output=True, text=True, timeout=600)
        assert (proc.returncode == 0) == ok, proc.stdout[-2000:] + proc.stderr[-3000:]
        return proc

    before = digest(copy)
    bash(blocks["scaffold"])
    bash(blocks["scaffold"], ok=False)                       # never overwrites
    module = copy / "solutions" / name / f"{name}.py"        # "write the reference"
    module.write_text(module.read_text().replace(scaffold.TODO_LINE, "return 2 * x"))
    released = bash(blocks["release"])
    assert f"not implemented: {scaffold.EXAMPLE}" in released.stdout           # check, stubs
    reference_row = [line for line in released.stdout.splitlines() if f" {name} " in line
                     and re.search(r"\s(\d+)\s+\S\s+\1\s", line)]
    assert reference_row, f"the reference did not get full marks:\n{released.stdout}"
    bash(".venv/bin/autograde release --check")

    after = digest(copy)
    changed = sorted(f for f in before if after.get(f) != before[f])
    assert changed == [], "scaffolding and releasing changed existing files"
    new = sorted(set(after) - set(before))
    allowed = (f"solutions/{name}/", f"assignments/{name}/", f"autograder/hidden/{name}/",
               f"tests/variants/{name}/", f"tests/fair/{name}/",
               "autograde-out/")     # the last: grade's, git-ignored
    assert new and all(f.startswith(allowed) for f in new), [f for f in new
                                                             if not f.startswith(allowed)]
    assert (copy / "tests" / "mutants" / name).resolve() == \
        (copy / "autograder" / "hidden" / name / "mutants").resolve()

    check_py = subprocess.run([sys.executable, "check.py"], cwd=copy / "assignments" / name,
                              capture_output=True, text=True, env=env)
    assert check_py.returncode == 1 and f"not implemented: {scaffold.EXAMPLE}" in check_py.stdout

    batch = tmp_path / "class"
    (batch / "reference").mkdir(parents=True)
    shutil.copy(module, batch / "reference")
    (batch / "blank").mkdir()
    shutil.copy(copy / "assignments" / name / f"{name}.py", batch / "blank")
    (batch / "mistake").mkdir()
    mutant = copy / "autograder" / "hidden" / name / "mutants" / "forgets_the_factor.py"
    shutil.copy(mutant, batch / "mistake" / f"{name}.py")
    for variant in (copy / "tests" / "variants" / name).iterdir():
        shutil.copytree(variant, batch / f"variant-{variant.name}")
    proc = bash(f".venv/bin/autograde grade {batch} --assignment {name} --json "
                f"--out {tmp_path / 'out'}")
    results = {r["submission"]: r for r in json.loads(proc.stdout)}
    assert results["reference"]["score"] == results["reference"]["max_score"] > 0
    assert results["variant-loop"]["score"] == results["variant-loop"]["max_score"]
    assert results["blank"]["score"] == 0
    assert 0 == results["mistake"]["score"] < results["mistake"]["max_score"]
    hint = "the input came back unchanged"
    assert any(hint in t["output"] for t in results["mistake"]["tests"])
    assert not any(hint in t["output"] for t in results["reference"]["tests"])

    # lint and the suite fail for it, on purpose and as the document says, until the banks are
    # written: each line of the "own-tests" block, as written
    lint, suite = blocks["own-tests"].splitlines()
    said = bash(lint, ok=False).stderr
    for expected in (f"at least {MIN_BANK} wanted", f"at least {MIN_VARIANTS} wanted",
                     f"at least {MIN_FORMS} wanted", f"no section for {name}"):
        assert expected in said, (expected, said)
    failed = bash(suite + " -q -p no:cacheprovider", ok=False).stdout
    assert f"{name}: only 1 mutants" in failed and f"{name}: only 1 mutants" in DOC.read_text()
    assert f"{name}: only 1 forms of {scaffold.EXAMPLE}" in failed
