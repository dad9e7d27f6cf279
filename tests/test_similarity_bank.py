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
import math

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


def sources(assignment=EX) -> dict[str, str]:
    """The independent solutions: the reference and the correct variants."""
    variants = ROOT / "tests" / "variants" / assignment.name
    found = {"reference": assignment.reference_module.read_text()}
    return found | {v.name: (v / f"{assignment.name}.py").read_text()
                    for v in sorted(variants.iterdir())}


def build(folder, assignment=EX):
    """The bank as a class folder: student -> (the source it was made from, its file)."""
    name_ = assignment.name
    notebook = (assignment.release_dir / f"{name_}.ipynb").read_text()
    family = {}
    for name, text in sources(assignment).items():
        (folder / name).mkdir(parents=True)
        (folder / name / f"{name_}.py").write_text(text)
        family[name] = (name, folder / name / f"{name_}.py")
    for (name, disguise), (suffix, text) in disguises.bank(sources(assignment), notebook).items():
        student = f"{name}~{disguise}"
        (folder / student).mkdir()
        (folder / student / f"{name_}.{suffix}").write_text(text)
        family[student] = (name, folder / student / f"{name_}.{suffix}")
    return family


def rates(docs, family, assignment=EX):
    """(pairs of the same source, those listed; pairs of different sources, those listed,
    the most alike of them) at the default threshold, from one comparison of every pair."""
    result = similarity.check(docs, assignment, threshold=0.0)
    share = {frozenset((p["a"], p["b"])): max(p["similarity_a"], p["similarity_b"])
             for p in result["pairs"]}
    same = [p for p in itertools.combinations(family, 2) if family[p[0]] == family[p[1]]]
    other = [p for p in itertools.combinations(family, 2) if family[p[0]] != family[p[1]]]
    listed = [p for p in share if share[p] >= similarity.threshold_of(assignment)]
    return (same, [p for p in same if frozenset(p) in listed], other,
            [p for p in other if frozenset(p) in listed],
            max((share.get(frozenset(p), 0.0) for p in other), default=0.0))


@pytest.fixture(scope="module")
def klass(tmp_path_factory):
    folder = tmp_path_factory.mktemp("bank") / "class"
    return folder, build(folder)


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
    same, detected, other, false, closest = rates(docs, family)
    members = len(disguises.DISGUISES) + 1                 # each source and its copies
    assert len(same) == len(sources()) * math.comb(members, 2)
    assert len(detected) == len(same), set(same) - set(detected)         # detection: 100 %
    assert false == [] and len(other) == math.comb(len(family), 2) - len(same)   # 0 % false
    assert closest < 0.3            # a margin: the most alike unrelated pair, far under 50 %
    # the pairs listed at the default threshold are exactly the copies' families
    flagged = similarity.check(docs, EX)["pairs"]
    assert {frozenset((p["a"], p["b"])) for p in flagged} == {frozenset(p) for p in same}


@pytest.mark.slow
@pytest.mark.parametrize("name", [n for n in course.assignments() if n != EX.name
                                  and (ROOT / "tests" / "variants" / n).is_dir()])
def test_every_assignments_bank(name, tmp_path):
    """The same bank on every other assignment: its threshold and the match length
    (:data:`~autograder.review.similarity.NOISE`) hold there too, with a margin between the
    most alike independent solutions and the threshold."""
    assignment = course.get(name)
    family = {s: f for s, (f, _) in build(tmp_path / "class", assignment).items()}
    docs, _ = similarity.collect(tmp_path / "class", assignment)
    same, detected, other, false, closest = rates(docs, family, assignment)
    margin = similarity.threshold_of(assignment) - 0.15
    assert len(detected) == len(same) and false == [] and closest < margin, (false, closest)


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
    assert pair[f"code_{side}"] == code["reference~parentheses"]
    marked_text = "\n".join(pair[f"code_{side}"][a:b] for a, b in pair[f"marks_{side}"])
    assert "((" in marked_text and set(marked_text.splitlines()) <= set(lines)


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


def test_a_file_that_does_not_parse_is_compared_as_tokens(tmp_path):
    """Unfinished work is compared as written: two copies of one broken file are paired,
    and the result says they were compared as tokens."""
    broken = EX.reference_module.read_text() + "\ndef unfinished(x:\n    return x\n"
    for student, text in (("ann", broken), ("bob", broken.replace("\n\n\n", "\n\n")),
                          ("cy", EX.reference_module.read_text())):
        (tmp_path / "class" / student).mkdir(parents=True)
        (tmp_path / "class" / student / f"{EX.name}.py").write_text(text)
    docs, _ = similarity.collect(tmp_path / "class", EX)
    result = similarity.check(docs, EX)
    assert result["as_tokens"] == ["ann", "bob"]
    assert {frozenset((p["a"], p["b"])) for p in result["pairs"]} >= {frozenset(("ann", "bob"))}
