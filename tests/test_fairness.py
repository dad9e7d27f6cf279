"""No correct solution loses a point: the fairness bank (issue 39, tests/fairness.py).

For every assignment of the registry:

* the bank holds at least :data:`MIN_FORMS` correct but unusual implementations of every graded
  function, each saying what is unusual about it, none calling another graded function, their
  helpers' names their own;
* each is proved correct by the differential test: the reference's answer on the documented
  input space (the fuzz draws in both dtypes and the docstrings' edge cases, each inside the
  contract), float64 inputs to float64's precision, the gradients where the contract speaks of
  them, the inputs left as they were;
* the differential test rejects every known mistake of the bank (``hidden/<name>/mutants``) and
  every wrong form of ``tests/fair/<name>/wrong`` (run with ``-s`` for the figures);
* graded by ``autograde grade``, in a few whole submissions (the k-th form of every function in
  the k-th), every one keeps full marks and is shown no likely cause.
"""
import ast
import contextlib
import io

import pytest

from autograder.authoring import course
from autograder.engine import lint, mutants
from conftest import grade_json, lost, make_submission
import fairness

NAMES = sorted(course.assignments())
MIN_FORMS = lint.MIN_FORMS     #: one place for these tests and ``autograde lint``


def quiet(function, *args, **kwargs):
    """``function(*args)`` with what the bank prints (some forms print, as students' do) kept."""
    with contextlib.redirect_stdout(io.StringIO()):
        return function(*args, **kwargs)


@pytest.mark.parametrize("name", NAMES)
def test_the_bank_has_enough_forms_of_every_function_each_standing_alone(name):
    assignment = course.get(name)
    forms = fairness.bank(name)
    for fn in assignment.functions:
        count = sum(f.function == fn for f in forms)
        assert count >= MIN_FORMS, f"{name}: only {count} forms of {fn} in tests/fair/{name}/{fn}"
    reference_names = {n.name for n in ast.parse(assignment.reference_module.read_text()).body
                       if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    seen: dict[str, str] = {}
    for form in forms:
        assert form.doc, f"{form.path}: say what is unusual about it"
        assert callable(quiet(form.load)), form.path
        used = {n.id for n in ast.walk(ast.parse(form.source)) if isinstance(n, ast.Name)}
        others = used & set(assignment.functions) - {form.function}
        assert not others, f"{form.path} calls {others}: a form stands alone"
        for own in form.own_names():
            assert own not in reference_names and own not in seen, \
                f"{form.path}: {own} is also defined by {seen.get(own, 'the reference')}"
            seen[own] = str(form.path)


@pytest.mark.parametrize("name", NAMES)
def test_every_form_is_correct_by_the_differential_test(name):
    wrong = {f"{f.function}/{f.form}": quiet(fairness.differences, f.load(), name, f.function)
             for f in fairness.bank(name)}
    wrong = {k: v for k, v in wrong.items() if v}
    assert not wrong, "\n".join(f"{k}: {v[0]}" for k, v in wrong.items())


@pytest.mark.parametrize("name", NAMES)
def test_the_differential_test_rejects_every_wrong_variant(name, capsys):
    """Its sensitivity: every known mistake and every wrong form differs from the reference on
    the documented input space."""
    assignment = course.get(name)
    missed, tried = [], 0
    for mistake in mutants.bank(assignment):
        namespace = quiet(mistake.load)
        functions = [fn for fn in mistake.functions if fn in assignment.functions]
        tried += 1
        if not any(quiet(fairness.differences, namespace[fn], name, fn, limit=1)
                   for fn in functions):
            missed.append(f"mutant {mistake.name}")
    wrong = fairness.bank(name, wrong=True)
    assert wrong, f"tests/fair/{name}/wrong holds no wrong forms"
    for form in wrong:
        tried += 1
        if not quiet(fairness.differences, quiet(form.load), name, form.function, limit=1):
            missed.append(f"wrong form {form.function}/{form.form}")
    with capsys.disabled():
        print(f"\n{name}: the differential test rejects {tried - len(missed)}/{tried} wrong "
              f"variants ({len(mutants.bank(assignment))} known mistakes, {len(wrong)} wrong forms)")
    assert not missed, f"accepted as correct: {missed}"


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_the_bank_keeps_full_marks(name, tmp_path, capsys):
    """Graded as students hand it in (the training runs left out, as in tests/test_mutants.py)."""
    rounds = fairness.rounds(name)
    for k, (source, _) in enumerate(rounds):
        make_submission(tmp_path / "class" / f"fair-{k}", name, source)
    results, _ = grade_json([tmp_path / "class"], name, tmp_path / "out", "--jobs", "2",
                            "--skip-slow")
    charged, hinted = {}, []
    for k, (_, held) in enumerate(rounds):
        result = results[f"fair-{k}"]
        if lost(result):
            charged[f"fair-{k} ({', '.join(f'{f.function}/{f.form}' for f in held)})"] = [
                f"{t['name']}: {t['output'].splitlines()[0] if t['output'] else ''}"
                for t in lost(result)]
        if any("likely cause:" in t["output"] for t in result["tests"]):
            hinted.append(f"fair-{k}")
    with capsys.disabled():
        print(f"\n{name}: {len(fairness.bank(name))} forms in {len(rounds)} submissions, "
              f"{len(rounds) - len(charged)} at full marks")
    assert not charged, "\n".join(f"{k}: {v}" for k, v in charged.items())
    assert not hinted, f"shown a likely cause: {hinted}"
