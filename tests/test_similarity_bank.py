"""Issue 24, point 1: the similarity check sees through mechanical disguises.

The bank (``tests/disguises.py``) on the registry's example assignment: its reference and
its correct variants (independent solutions) and a copy of each under every disguise. Every
copy must still work (the public checks pass on it, loaded as the grader loads it), must
defeat a comparison of its text (copydetect on the raw code, as before), and must be paired
with its source, while no two independent solutions, nor copies of different ones, are.
The detection and false-pair rates measured here are the ones ``docs/class-report.md``
states; ``benchmarks/bench_similarity.py`` measures the check before and after side by side.
"""
import importlib.util
import io
import itertools

import pytest
from copydetect import CodeFingerprint, compare_files

import disguises
from autograder.authoring import course
from autograder.review import similarity
from conftest import ROOT
from pgcheck.discovery import read
from pgcheck.loading import exec_work, new_module
from pgcheck.runner import run_function

EX = course.example()
VARIANTS = ROOT / "tests" / "variants" / EX.name


def sources() -> dict[str, str]:
    found = {"reference": EX.reference_module.read_text()}
    return found | {v.name: (v / f"{EX.name}.py").read_text() for v in sorted(VARIANTS.iterdir())}


@pytest.fixture(scope="module")
def klass(tmp_path_factory):
    """The class folder: student -> (the source it was made from, its file)."""
    folder = tmp_path_factory.mktemp("bank") / "class"
    notebook = (EX.release_dir / f"{EX.name}.ipynb").read_text()
    family = {}
    for name, text in sources().items():
        (folder / name).mkdir(parents=True)
        (folder / name / f"{EX.name}.py").write_text(text)
        family[name] = (name, folder / name / f"{EX.name}.py")
    for (name, disguise), (suffix, text) in disguises.bank(sources(), notebook).items():
        student = f"{name}~{disguise}"
        (folder / student).mkdir()
        (folder / student / f"{EX.name}.{suffix}").write_text(text)
        family[student] = (name, folder / student / f"{EX.name}.{suffix}")
    return folder, family


@pytest.fixture(scope="module")
def found(klass):
    docs, _ = similarity.collect(klass[0], EX)
    return docs, similarity.check(docs, EX, threshold=0.0)


def _checks():
    spec = importlib.util.spec_from_file_location("_bank_checks", EX.checks_module)
    checks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(checks)
    return checks


def test_every_disguised_copy_still_works(klass):
    """Loaded as the grader's worker loads it (a notebook: definitions only), each copy
    passes every public check: the disguises are copies, not broken code."""
    checks = _checks()
    for student, (_, path) in klass[1].items():
        sub = read(student, path, EX.name)
        module = new_module(f"bank_{abs(hash(student))}", path.name)
        exec_work(module, sub.kind, path.name, source=sub.source, cells=sub.cells,
                  note=lambda text: None)
        for function in EX.functions:
            report = run_function(function, vars(module), checks)
            assert report.ok, (student, function, report.lines())


def test_disguises_defeat_a_comparison_of_text(klass):
    """The bank is hard: compared as raw tokens (the check before code was parsed), most
    disguised copies share under half their code with their source."""
    def raw(path):
        sub = read("x", path, EX.name)
        code = sub.source if sub.kind == "py" else "\n\n".join(c for _, c in sub.cells)
        return CodeFingerprint(str(path), 25, 1, language="python", fp=io.StringIO(code))

    family = klass[1]
    for disguise in ("parentheses", "exec_encoded", "notebook_class_body", "mix"):
        for name in sources():
            _, (a, b), _ = compare_files(raw(family[f"{name}~{disguise}"][1]), raw(family[name][1]))
            assert max(a, b) < 0.5, (name, disguise, a, b)


def test_copies_are_paired_and_independent_solutions_are_not(klass, found):
    docs, result = found
    family = {s: f for s, (f, _) in klass[1].items()}
    assert {d.student for d in docs} == set(family) and result["as_tokens"] == []
    share = {frozenset((p["a"], p["b"])): max(p["similarity_a"], p["similarity_b"])
             for p in result["pairs"]}
    same = [p for p in itertools.combinations(family, 2) if family[p[0]] == family[p[1]]]
    other = [p for p in itertools.combinations(family, 2) if family[p[0]] != family[p[1]]]
    detected = [p for p in same if share.get(frozenset(p), 0) >= 0.5]
    false = [p for p in other if share.get(frozenset(p), 0) >= 0.5]
    assert len(detected) == len(same), set(same) - set(detected)       # detection: 100 %
    assert false == []                                                 # false pairs: 0 %
    # a margin: the most alike unrelated pair stays well under the flag
    assert max(share.get(frozenset(p), 0) for p in other) < 0.45
    # the pairs listed at the default threshold are exactly the copies' families
    flagged = similarity.check(docs, EX)["pairs"]
    assert {frozenset((p["a"], p["b"])) for p in flagged} == {frozenset(p) for p in same}


def test_matched_regions_are_the_students_own_lines(klass, found):
    """A pair's lines are lines of the student's file (for a notebook, of its code cells
    joined), marked in the student's own code, not in the canonical form compared."""
    docs, result = found
    code = {d.student: d.code for d in docs}
    pair = next(p for p in result["pairs"] if {p["a"], p["b"]} == {"reference",
                                                                 "reference~parentheses"})
    side = "a" if pair["a"] == "reference~parentheses" else "b"
    lines = code["reference~parentheses"].splitlines()
    marked = [n for a, b in pair[f"lines_{side}"] for n in range(a, b + 1)]
    assert marked and max(marked) <= len(lines)
    assert any("(" in lines[n - 1] and "))" in lines[n - 1] for n in marked)
    assert "<mark>" in pair[f"html_{side}"] and "((" in pair[f"html_{side}"]


def test_code_built_at_run_time_is_reported_with_its_lines(klass, found):
    docs, result = found
    dynamic = result["dynamic"]
    by = {d.student: d for d in docs}
    for name in sources():
        assert name not in dynamic, "independent solutions run no code built at run time"
        encoded = dynamic[f"{name}~exec_encoded"]
        assert [(f["line"], f["what"], f["decoded"]) for f in encoded] == [(2, "exec", True)]
        assert encoded[0]["place"] == "line 2" and encoded[0]["code"].startswith("exec(")
        notebook = dynamic[f"{name}~notebook_class_body"]
        assert {f["what"] for f in notebook} == {
            "exec", "runs when the notebook is loaded: class body"}
        last_cell = by[f"{name}~notebook_class_body"].cells[-1][0]
        assert all(f["place"] == f"cell {last_cell}, line 5" for f in notebook)
    released = [similarity.canonical(d, EX) for d in similarity.boilerplate(EX)]
    assert released and all(r.findings == () for r in released)
