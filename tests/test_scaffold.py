"""Adding an assignment is a documented path: `autograde new`, one line of reference, and the
rest works (release, public checks, grading, the mutant bank), with no other file touched.

Runs in a temp copy of the repository, its own code imported from there (``python -m``
from the copy's folder, ``AUTOGRADE_ROOT`` pointing at it).
"""
import hashlib
import json
import os
import shutil
import subprocess
import sys

import pytest

from autograder.authoring import scaffold
from conftest import ROOT

NAME = "toy_scale"


def tracked_files() -> list[str]:
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    return [f for f in out.stdout.split() if (ROOT / f).is_file() or (ROOT / f).is_symlink()]


def digest(folder) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts}


@pytest.mark.slow
def test_a_new_assignment_from_scaffold_to_grades(tmp_path):
    copy = tmp_path / "repo"
    for name in tracked_files():
        target = copy / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if (ROOT / name).is_symlink():
            target.symlink_to(os.readlink(ROOT / name))
        else:
            shutil.copy2(ROOT / name, target)
    env = {**os.environ, "AUTOGRADE_ROOT": str(copy)}

    def autograde(*args, ok=True):
        proc = subprocess.run([sys.executable, "-m", "autograder.cli", *map(str, args)], cwd=copy,
                              env=env, capture_output=True, text=True, timeout=600)
        assert (proc.returncode == 0) == ok, proc.stderr[-3000:]
        return proc

    before = digest(copy)
    autograde("new", NAME, "--title", "a toy")
    autograde("new", NAME, ok=False)                       # never overwrites
    module = copy / "solutions" / NAME / f"{NAME}.py"
    module.write_text(module.read_text().replace(scaffold.TODO_LINE, "return 2 * x"))
    autograde("release")
    autograde("release", "--check")

    after = digest(copy)
    changed = sorted(f for f in before if after.get(f) != before[f])
    assert changed == [], "scaffolding and releasing changed existing files"
    new = sorted(set(after) - set(before))
    allowed = (f"solutions/{NAME}/", f"assignments/{NAME}/", f"autograder/hidden/{NAME}/",
               f"tests/variants/{NAME}/")
    assert new and all(f.startswith(allowed) for f in new), new
    assert (copy / "tests" / "mutants" / NAME).resolve() == \
        (copy / "autograder" / "hidden" / NAME / "mutants").resolve()

    stub = autograde("check", NAME, copy / "assignments" / NAME)
    assert f"not implemented: {scaffold.EXAMPLE}" in stub.stdout
    check_py = subprocess.run([sys.executable, "check.py"], cwd=copy / "assignments" / NAME,
                              capture_output=True, text=True, env=env)
    assert check_py.returncode == 1 and f"not implemented: {scaffold.EXAMPLE}" in check_py.stdout

    batch = tmp_path / "class"
    (batch / "reference").mkdir(parents=True)
    shutil.copy(module, batch / "reference")
    (batch / "blank").mkdir()
    shutil.copy(copy / "assignments" / NAME / f"{NAME}.py", batch / "blank")
    (batch / "mistake").mkdir()
    mutant = copy / "autograder" / "hidden" / NAME / "mutants" / "forgets_the_factor.py"
    shutil.copy(mutant, batch / "mistake" / f"{NAME}.py")
    for variant in (copy / "tests" / "variants" / NAME).iterdir():
        shutil.copytree(variant, batch / f"variant-{variant.name}")
    proc = autograde("grade", batch, "--assignment", NAME, "--json", "--out", tmp_path / "out")
    results = {r["submission"]: r for r in json.loads(proc.stdout)}
    assert results["reference"]["score"] == results["reference"]["max_score"] > 0
    assert results["variant-loop"]["score"] == results["variant-loop"]["max_score"]
    assert results["blank"]["score"] == 0
    assert 0 == results["mistake"]["score"] < results["mistake"]["max_score"]
    hint = "the input came back unchanged"
    assert any(hint in t["output"] for t in results["mistake"]["tests"])
    assert not any(hint in t["output"] for t in results["reference"]["tests"])
