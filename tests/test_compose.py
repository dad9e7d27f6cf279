"""Composed conventions (autograder/engine/causes/compose.py) and the typed changes of the inputs
(changes.py): a convention, known mistake or the reference on changed inputs, with a twist of
its answer, is named when no single candidate or pair explains the cases; never for a correct
submission, never over a single convention, never where a candidate of fewer parts comes as
close; the cost of a failed function is bounded. The stacked-mistake functions themselves are
tests/assignments/<name>/causes/stacked_*.py, checked by each assignment's cause test."""
import importlib.util
from functools import partial

import pytest
import torch

from autograder.authoring import course
from autograder.engine.causes import Causes
from autograder.engine.causes import compose as composed
from autograder.engine.causes.changes import COMPOSE, RELATION, typed
from autograder.engine.causes.closest import assignment_conventions, fits, value_cases
from autograder.engine.causes.compose import Composer
from autograder.engine.causes.evidence import Observation, Raised, agree
from autograder.engine.causes.literals import literals
from autograder.engine.compare import _judge_value
from autograder.engine.plugin import reference_module
from conftest import ROOT
from test_closest import nudged, observe
import fairness

NAMES = sorted(course.assignments())


def reference(x, gamma):
    return x * gamma


def clipped(x, gamma):          # a convention: x clipped at 1, times gamma
    return x.clamp(max=1.0) * gamma


XS = [torch.tensor(v, dtype=torch.float64) for v in
      ([0.5, 2.0, -1.5, 3.0], [1.5, -0.25, 4.0], [2.5, 0.75, -3.0, 1.25, 6.0])]
GAMMAS = (0.7, 0.6, 0.8)


def observed(student):
    return [Observation("f", "value", (x, g), {}, student(x, g), reference(x, g),
                        partial(_judge_value, case=""), key=f"m{i}")
            for i, (x, g) in enumerate(zip(XS, GAMMAS))]


def compose_of(student, candidates=(("clipped", "clips x at 1", clipped),)):
    def answer(fn, obs):
        return fn(*obs.args)
    return Composer("made-up", "f", reference, answer).closest(observed(student),
                                                               list(candidates))


def test_the_changes_follow_the_types_of_the_arguments():
    bound = {"x": XS[0], "y": XS[0] + 1, "done": XS[0] > 0, "cut": XS[0] > 1, "gamma": 0.7,
             "lam": 0.5, "n": 3}
    names = {c.name for c in typed(bound)}
    assert {"gamma:fixed_0.99", "gamma:complement", "gamma<>lam", "n:+1", "done:inverted",
            "done<>cut", "done:=done|cut", "x<>y", "x:next_row", "x:standardised_sample",
            "x:next_row_from_y"} <= names
    assert "gamma:fixed_0.99" not in {c.name for c in typed(bound, RELATION)}
    assert typed(bound)[0].rank == 0        # the likeliest second mistakes come first
    assert any(c.besides.startswith("`gamma` is fixed at 2.5")       # its default
               for c in typed({"gamma": 0.7}, COMPOSE, {"gamma": 2.5}))


def test_a_convention_on_a_changed_input_is_named_with_both_parts():
    near = compose_of(lambda x, g: clipped(x, 0.99))
    assert near is not None and near.names == ("clipped+gamma:fixed_0.99",)
    assert near.text == ("clips x at 1; besides, `gamma` is fixed at 0.99 whatever is passed "
                         "(the contract uses the gamma it is given)")
    summed = compose_of(lambda x, g: clipped(x, 0.99).sum() * 0 + clipped(x, 0.99) * -1)
    assert summed is not None and summed.names == ("clipped+gamma:fixed_0.99+negated",)


def test_the_reference_on_a_changed_input_names_no_convention_part():
    near = compose_of(lambda x, g: reference(x, 0.9) * (1 + 1e-6))
    assert near is not None and near.names == ("reference+gamma:fixed_0.9",)
    assert near.text.startswith("your code computes what the contract asks, except that "
                                "`gamma` is fixed at 0.9")


def test_the_constants_a_function_writes_are_read_from_its_source_never_run():
    source = ("CLIP = 0.15\nLR = 3e-4\nimport os\n\n"
              "def f(x, gamma, GAMMA=0.97):\n"
              "    os.system('never run')\n"
              "    y = x[:, 0] ** 2 - 1 + CLIP * -0.5\n"
              "    return y / (y.std() + 1e-5) * 10\n"
              "def f(x, gamma):\n    return x * 0.93\n")
    found = literals((source,), "f")          # the last definition, as the worker ran it
    assert [(lit.value, lit.line, lit.where) for lit in found] == [
        (0.93, 10, "0.93 at line 10"), (0.07, 10, "0.93 (1 - 0.07) at line 10")]
    first = literals((source.split("def f(x, gamma):")[0],), "f")
    assert [lit.where for lit in first] == ["CLIP = 0.15 at line 1", "-0.5 at line 7",
                                            "1e-5 at line 8", "0.97 at line 5",
                                            "0.97 (1 - 0.03) at line 5",
                                            "10 at line 8"]  # not LR: f never reads it
    assert literals(("def f(:",), "f") == () and literals((source,), "g") == ()
    band = literals(("def f(r, eps):\n    return r.clamp(0.8, 1.2)\n",), "f")
    assert [lit.where for lit in band] == ["0.8 at line 2", "1.2 at line 2",
                                           "0.8 (1 - 0.2) at line 2"]   # a band's half-width


def test_a_constant_the_student_writes_is_a_fixed_value_that_quotes_its_line():
    written = literals(("def f(x, gamma):\n    return x * 0.93\n",), "f")
    near = Composer("made-up", "f", reference, lambda fn, obs: fn(*obs.args),
                    literals=written).closest(observed(lambda x, g: reference(x, 0.93)), [])
    assert near is not None and near.names == ("reference+gamma:fixed_0.93",)
    assert "your code writes 0.93 at line 2 where `gamma` belongs" in near.text
    assert compose_of(lambda x, g: reference(x, 0.93)) is None     # no source: no such value
    eps = typed({"a": XS[0]}, COMPOSE, literals=literals(("def f(a):\n    "
                                                           "return a / (a.std() + 1e-5)",), "f"))
    assert "a:standardised_sample_eps_1e-05" in {c.name for c in eps}


def test_an_input_standardised_with_the_students_eps_and_a_sign_or_sum_is_composed():
    """Problem of real code: an input standardised (its own eps) AND a second deviation of the
    whole answer; the composer tries the change with each twist (a sign, a size of the
    inputs), and the eps written in the source."""
    def standardised(x, eps):
        return (x - x.mean()) / (x.std() + eps)
    flipped = compose_of(lambda x, g: -reference(standardised(x, 1e-8), g))
    assert flipped is not None and flipped.names == ("reference+x:standardised_sample+negated",)
    written = literals(("def f(x, gamma):\n    return (x - x.mean()) / (x.std() + 5e-3)\n",),
                       "f")
    summed = Composer("made-up", "f", reference, lambda fn, obs: fn(*obs.args),
                      literals=written).closest(
        observed(lambda x, g: reference(standardised(x, 5e-3), g).sum() * 0
                 + reference(standardised(x, 5e-3), g) * x.numel()), [], lambda o: {
                     "the length of `x`": float(o.args[0].numel())})
    assert summed is not None and summed.names == (
        "reference+x:standardised_sample_eps_0.005+times the length of `x`",), summed
    assert "5e-3 your code writes at line 2" in summed.text


def test_an_extra_part_that_changes_nothing_is_not_named():
    """A convention equal to the reference on these cases, on a changed input: the reference on
    that input comes as close with fewer parts, so it is named, not the guess."""
    same = (("same", "the same as the reference", lambda x, g: reference(x, g) + 0.0),)
    near = compose_of(lambda x, g: reference(x, 0.99), same)
    assert near is not None and near.names == ("reference+gamma:fixed_0.99",)


def test_answers_of_zeros_are_not_composed():
    """The reference on `x` left at 0 gives zeros, as countless mistakes do: not named."""
    assert compose_of(lambda x, g: torch.zeros_like(x)) is None
    assert compose_of(lambda x, g: torch.zeros_like(x) + 1e-18 * x) is None


def test_a_large_third_deviation_names_nothing():
    assert compose_of(lambda x, g: clipped(x, 0.99) * 1.3 + 0.1) is None


def test_a_case_the_student_raised_is_explained_by_a_candidate_that_raises_there():
    def raising(x, g):
        if x.numel() == 3:
            raise IndexError("another type: any two exceptions agree")
        return clipped(x, g)
    cases_ = [Observation(o.fn, o.kind, o.args, o.kwargs,
                          Raised("ValueError") if o.args[0].numel() == 3 else o.student,
                          o.reference, o.judge, key=o.key) for o in observed(clipped)]
    assert len(value_cases("f", cases_)) == 3       # kept, where only the student raised

    def answer(fn, obs):
        try:
            return fn(*obs.args)
        except Exception as exc:  # noqa: BLE001 - as a replay answers
            return Raised(type(exc).__name__)
    fitting = fits(cases_, [("raising", "raises", raising), ("clipped", "clips", clipped)],
                   answer)
    assert [f.name for f in fitting] == ["raising"]
    refused = [Observation("f", "value", (x,), {}, Raised("ValueError"), x.sum(),
                           partial(_judge_value, case="")) for x in XS]
    assert value_cases("f", refused) and not value_cases("f", [
        Observation("f", "value", (XS[0],), {}, XS[0], Raised("ValueError"),
                    partial(_judge_value, case=""))])


@pytest.mark.parametrize("name", NAMES)
def test_correct_forms_and_variants_pay_nothing_and_get_no_cause(name, monkeypatch):
    """Step e runs only for a failed function: a correct one never reaches the composer."""
    def refuse(*args, **kwargs):
        raise AssertionError("the composer ran for a correct function")
    monkeypatch.setattr(composed.Composer, "closest", refuse)
    assignment = course.get(name)
    causes, ref = Causes(assignment), reference_module(assignment)
    for form in fairness.bank(name):
        got = causes.conclude(form.function, observe(name, form.function, form.load()), ref)
        assert got.text is None, (form.name, got)
    for folder in sorted((ROOT / "tests" / "variants" / name).iterdir()):
        path = folder / f"{name}.py"
        if not path.is_file():
            continue
        spec = importlib.util.spec_from_file_location(f"_variant_{name}_{folder.name}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for fn in assignment.functions:
            seen = observe(name, fn, getattr(module, fn)) if hasattr(module, fn) else []
            if all(agree(o, o.student, o.reference) for o in seen):
                # (python_loops' tis_weights answers one NaN edge of this input space that the
                # hidden tests do not ask: the grader gives it full marks, tests/test_mutants)
                assert causes.conclude(fn, seen, ref).text is None, (folder.name, fn)


@pytest.mark.parametrize("name", NAMES)
def test_the_reference_off_by_a_little_gets_no_composed_cause(name):
    assignment = course.get(name)
    causes, ref = Causes(assignment), reference_module(assignment)
    for fn in assignment.functions:
        off = nudged(getattr(ref, fn), 1 + 3e-3)
        assert causes.closest(fn, observe(name, fn, off), getattr(ref, fn)) is None, fn


@pytest.mark.parametrize("name", NAMES)
def test_composition_never_beats_a_single_convention(name):
    """A student computing a convention exactly gets that convention, never a composed
    candidate, with the reference's signature given (composition allowed)."""
    assignment = course.get(name)
    causes, ref = Causes(assignment), reference_module(assignment)
    for item in assignment_conventions(assignment):
        cause = causes.closest(item.fn, observe(name, item.fn, item.function),
                               getattr(ref, item.fn))
        assert cause is not None and item.name in cause.mistake.split(":")[1].split(","), \
            (item.name, cause)
        assert "+" not in cause.mistake, (item.name, cause)
