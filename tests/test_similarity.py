"""`autograde similarity` (issue 19, point 4): a disguised copy is found, independent work is not.

The class: the engine example's reference (the registry names it: ``[tests]
engine_example``) and its correct variants (independent correct solutions), plus two copies.
``copier-py`` took the first variant, renamed its variables and put its functions in the
opposite order; ``copier-nb`` pasted the second, with renamed variables, into the released
notebook (only its code cells are compared, and the notebook's own starter code is
boilerplate). Exactly those two pairs must be listed.
"""
import ast
import json
import re
import shutil

import nbformat
import pytest

from autograder.authoring import course
from autograder.review import similarity
from conftest import ROOT, autograde, make_submission

#: the assignment compared, and the two variants that are copied
EX = course.example()
VARIANTS = ROOT / "tests" / "variants" / EX.name
FIRST, SECOND = sorted(v.name for v in VARIANTS.iterdir())[:2]
MODULE = f"{EX.name}.py"


def disguise(source: str, reorder: bool = True) -> str:
    """``source`` with every local variable renamed and, optionally, its functions reversed."""
    tree = ast.parse(source)
    functions = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
    local = sorted({n.id for f in functions for n in ast.walk(f)
                    if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)})
    lines = source.splitlines()
    head = "\n".join(lines[:functions[0].lineno - 1])
    blocks = ["\n".join(lines[f.lineno - 1:f.end_lineno]) for f in functions]
    text = head + "\n\n" + "\n\n\n".join(blocks[::-1] if reorder else blocks) + "\n"
    for i, name in enumerate(local):
        text = re.sub(rf"\b{name}\b", f"tmp_{i}_{name[::-1]}", text)
    return text


def notebook_with(functions_source: str) -> str:
    """The released notebook with its function cells replaced by ``functions_source``'s."""
    nb = nbformat.read(EX.release_dir / f"{EX.name}.ipynb", as_version=4)
    tree = ast.parse(functions_source)
    lines = functions_source.splitlines()
    defs = {n.name: "\n".join(lines[n.lineno - 1:n.end_lineno]) for n in tree.body
            if isinstance(n, ast.FunctionDef)}
    imports = "\n".join(ast.get_source_segment(functions_source, n) for n in tree.body
                        if isinstance(n, (ast.Import, ast.ImportFrom)))
    for cell in nb.cells:
        if cell.cell_type == "code":
            match = re.match(r"def (\w+)\(", cell.source)
            if match and match.group(1) in defs:
                cell.source = defs[match.group(1)]
    nb.cells[1].source += "\n" + imports
    return nbformat.writes(nb)


@pytest.fixture(scope="module")
def klass(tmp_path_factory):
    folder = tmp_path_factory.mktemp("similarity") / "class"
    make_submission(folder / "reference", EX.name, EX.reference_module.read_text())
    for v in VARIANTS.iterdir():
        shutil.copytree(v, folder / f"variant-{v.name}")
    make_submission(folder / "copier-py", EX.name,
                    disguise((VARIANTS / FIRST / MODULE).read_text()))
    (folder / "copier-nb").mkdir()
    (folder / "copier-nb" / f"{EX.name}.ipynb").write_text(notebook_with(disguise(
        (VARIANTS / SECOND / MODULE).read_text(), reorder=False)))
    return folder


def test_disguise_changes_the_text():
    original = (VARIANTS / FIRST / MODULE).read_text()
    copied = disguise(original)
    assert copied != original and "tmp_0_" in copied
    first, last = EX.functions[0], EX.functions[-1]
    assert original.index(f"def {first}(") < original.index(f"def {last}(")
    assert copied.index(f"def {last}(") < copied.index(f"def {first}(")


def test_copies_found_independent_solutions_not(klass, tmp_path):
    docs, _ = similarity.collect(klass, EX)
    assert {d.student for d in docs} == {p.name for p in klass.iterdir()}
    nb_doc = next(d for d in docs if d.student == "copier-nb")
    assert nb_doc.file == f"{EX.name}.ipynb" and "{" not in nb_doc.code[:1]   # code, not JSON
    found = similarity.check(docs, EX)
    pairs = {frozenset((p["a"], p["b"])) for p in found["pairs"]}
    assert pairs == {frozenset((f"variant-{FIRST}", "copier-py")),
                     frozenset((f"variant-{SECOND}", "copier-nb"))}, found["pairs"]
    for p in found["pairs"]:
        assert max(p["similarity_a"], p["similarity_b"]) > 0.95
        assert min(p["similarity_a"], p["similarity_b"]) > 0.6
        assert p["lines_a"] and p["lines_b"] and p["marks_a"] and p["marks_b"]
    # the margin: independent correct solutions share little once the stub is left out
    everything = similarity.check(docs, EX, threshold=0.0)["pairs"]
    independent = [max(p["similarity_a"], p["similarity_b"]) for p in everything
                   if frozenset((p["a"], p["b"])) not in pairs]
    # (compared as code in canonical form, two independent solutions share at most a few
    # matches: pairs with nothing in common are not listed at all)
    assert max(independent, default=0.0) < 0.4


def test_the_stub_is_boilerplate(tmp_path):
    """Two students who handed in the released notebook and module untouched share nothing
    that counts."""
    for student, kind in (("x", "ipynb"), ("y", "ipynb"), ("z", "py")):
        (tmp_path / "class" / student).mkdir(parents=True)
        shutil.copy(EX.release_dir / f"{EX.name}.{kind}", tmp_path / "class" / student)
    docs, _ = similarity.collect(tmp_path / "class", EX)
    assert len(docs) == 3
    assert similarity.check(docs, EX, threshold=0.01)["pairs"] == []


def test_command_writes_the_pairs(klass, tmp_path):
    out = tmp_path / "out"
    proc = autograde("similarity", klass, "-a", EX.name, "--out", out)
    assert "copier-py" in proc.stdout and f"variant-{FIRST}" in proc.stdout
    data = json.loads((out / "_report" / f"{EX.name}-similarity.json").read_text())
    assert data["pairs_flagged"] == 2
    assert data["compared"] == 1 + len(list(VARIANTS.iterdir())) + 2     # reference, variants, copies
    assert (out / "_report" / f"{EX.name}-similarity.csv").read_text().count("\n") == 3


@pytest.mark.parametrize("expr", ['S.replace("x", T)', 'S * 60000', '"".join([S, S, S, S, S])',
                                  'S + S + S + S + S'])
def test_folding_refuses_a_value_over_its_cap_before_building_it(expr):
    """Issue 34: ``if False: exec(S.replace("x", T))`` with two 60,000-character strings asked
    for 3.6 GB while folding; the size of each result is checked from its parts first."""
    import tracemalloc

    from autograder.review.dynamic import MAX_DECODED, Folder

    text = "x" * 60_000
    tree = ast.parse(f"S = {text!r}\nT = {'y' * 60_000!r}\nif False:\n    exec({expr})\n")
    call = tree.body[2].body[0].value
    tracemalloc.start()
    try:
        folded = Folder(tree).fold(call.args[0])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert folded is None
    assert peak < MAX_DECODED * 2, peak     # never more than the cap, let alone 3.6 GB
    assert Folder(ast.parse("S = 'ab'\nR = S * 3")).fold(ast.parse("S * 3").body[0].value) \
        == "ababab"
