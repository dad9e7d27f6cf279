"""The closest convention (autograder/engine/causes/closest.py): each convention of
``hidden/<name>/conventions.py`` is named when a student computes it, also with a small second
deviation; a correct form, the reference with a small deviation, or a convention with a large
second one is named nothing. Inputs: the documented input space (tests/fairness.py)."""
from functools import partial

import pytest
import torch

from autograder.authoring import course
from autograder.engine.causes import Causes
from autograder.engine.causes.closest import (APPROXIMATE, assignment_conventions, closest,
                                              distance, explains)
from autograder.engine.causes.evidence import Observation
from autograder.engine.compare import _judge_value
from autograder.engine.plugin import reference_module
from pgcheck.calls import clone
import fairness

NAMES = sorted(course.assignments())


def observe(name: str, fn: str, student, precision: bool = False) -> list[Observation]:
    """``fn``'s cases of the documented input space (float64 ones: the matcher's own precision
    is not what these tests measure), ``student`` answering them, judged as value tests judge
    or (``precision``) as the float64 precision tests do."""
    reference = getattr(reference_module(course.get(name)), fn)
    found = []
    for i, (call_fn, args, kwargs, _, where) in enumerate(fairness.inputs(name)):
        if call_fn != fn or "float32" in where:
            continue
        with torch.no_grad():
            expected = reference(*clone(args), **clone(kwargs))
            try:
                answer = student(*clone(args), **clone(kwargs))
            except Exception:  # noqa: BLE001 - a convention may refuse an edge case
                continue
        found.append(Observation(fn, "value", clone(args), clone(kwargs), answer, expected,
                                 partial(_judge_value, case=where, precision=precision),
                                 key=f"{name}-{fn}-{i}-{precision}"))
    return found


def nudged(function, factor):
    """``function`` with every float tensor of its answer times ``factor``, and every Python
    float of a tuple answer (a mean and a variance)."""
    def student(*args, **kwargs):
        out = function(*args, **kwargs)
        scale = (lambda t: t * factor if isinstance(t, torch.Tensor) and t.is_floating_point()
                 or type(t) is float and isinstance(out, tuple) else t)
        return type(out)(map(scale, out)) if isinstance(out, tuple) else scale(out)
    return student


def conventions_of(name):
    return [pytest.param(name, c, id=f"{name}-{c.name}")
            for c in assignment_conventions(course.get(name))]


ALL = [p for name in NAMES for p in conventions_of(name)]


@pytest.mark.parametrize("name,item", ALL)
def test_every_convention_is_named_when_a_student_computes_it(name, item):
    cause = Causes(course.get(name)).closest(item.fn, observe(name, item.fn, item.function))
    assert cause is not None and item.name in cause.mistake.split(":")[1].split(","), cause
    assert item.text in cause.text


@pytest.mark.parametrize("name,item", ALL)
def test_a_small_second_deviation_still_names_it_and_says_so(name, item):
    """A float32 intermediate's size of deviation, judged by the float64 precision test."""
    student = nudged(item.function, 1 + 1e-6)
    cases = observe(name, item.fn, student, precision=True)
    if all(isinstance(o.student, float) for o in cases):
        pytest.skip("answers of bits: no small deviation")
    if not any(isinstance(a, torch.Tensor) for o in cases
               for a in (o.student if isinstance(o.student, tuple) else (o.student,))):
        pytest.skip("answers of Python floats: judged at the value tests' tolerance, no "
                    "float64 precision test")
    cause = Causes(course.get(name)).closest(item.fn, cases)
    assert cause is not None and item.name in cause.mistake, cause
    assert cause.text.endswith(APPROXIMATE)


@pytest.mark.parametrize("name,item", ALL)
def test_a_large_second_deviation_names_nothing(name, item):
    cases = observe(name, item.fn, nudged(item.function, 1.5))
    if all(isinstance(o.student, float) for o in cases):
        pytest.skip("answers of bits")
    assert Causes(course.get(name)).closest(item.fn, cases) is None


@pytest.mark.parametrize("name", NAMES)
def test_correct_forms_and_a_reference_off_by_a_little_get_no_convention(name):
    assignment = course.get(name)
    causes = Causes(assignment)
    for form in fairness.bank(name):
        assert causes.closest(form.function, observe(name, form.function, form.load())) is None
    reference = reference_module(assignment)
    for fn in assignment.functions:
        off = nudged(getattr(reference, fn), 1 + 3e-3)
        assert causes.closest(fn, observe(name, fn, off)) is None, fn


def test_the_rule_on_made_up_candidates():
    """Named only when one candidate is far closer than the reference and every other one."""
    x = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64)
    ref, conv, other = (lambda v: v), (lambda v: 2 * v), (lambda v: v + v)
    judge = partial(_judge_value, case="")

    def cases(student):
        return [Observation("f", "value", (x * k,), {}, student(x * k), ref(x * k), judge)
                for k in (1.0, 2.0)]

    def answer(fn, obs):
        return fn(*obs.args)
    named = closest(cases(conv), [("conv", "conv", conv), ("far", "far", lambda v: 3 * v)],
                    answer)
    assert named is not None and named.names == ("conv",) and named.exact
    both = closest(cases(conv), [("conv", "conv", conv), ("other", "other", other)], answer)
    assert both is not None and both.text.startswith("one of:")
    assert closest(cases(ref), [("conv", "conv", conv)], answer) is None
    assert distance(torch.tensor([float("nan"), 1.0]), torch.tensor([float("nan"), 1.0])) == 0
    assert distance(torch.tensor([float("nan")]), torch.tensor([0.0])) == float("inf")
    assert explains(cases(conv)[0], conv(x) * (1 + 1e-3))[:2] == (True, False)



def test_an_answer_of_another_shape_than_the_reference_is_measured_by_the_candidates_of_its_shape():
    """A per-sample answer where the contract asks for the mean: on a batch of one sample its
    one number is the reference's too, so no distance tells the candidate from the reference;
    the shape does (judged as a float64 precision test, where a float32 intermediate's
    deviation fails). A candidate of the reference's shape is not helped by it."""
    judge = partial(_judge_value, case="", precision=True)
    per_sample = (lambda v: -v)
    batches = [torch.tensor(b, dtype=torch.float64) for b in ([0.5], [1.0, -2.0, 0.25])]

    def cases(student):
        return [Observation("f", "value", (x,), {}, student(x), (-x).mean(), judge, key=f"s{i}")
                for i, x in enumerate(batches)]

    def answer(fn, obs):
        return fn(*obs.args)
    nudged_student = (lambda v: -v * (1 + 1e-6))
    for student in (per_sample, nudged_student):
        found = closest(cases(student), [("rows", "per sample", per_sample),
                                         ("mean2", "twice", lambda v: -2 * v.mean())], answer)
        assert found is not None and found.names == ("rows",), found
    one = cases(nudged_student)[0]
    assert explains(one, per_sample(*one.args))[0]
    assert not explains(one, (-one.args[0]).mean() * 1.5)[0]

def test_answers_of_one_number_tolerate_a_few_unexplained_cases_and_say_so():
    """A verifier's bits: a candidate that explains all but one in ten of the failed cases is
    named, saying that another difference remains; one that misses more is not."""
    judge = partial(_judge_value, case="")
    texts = [f"{w}=408{end}" for w in "abcdefghijkl" for end in (".", "")]

    def ref(s):
        return 1.0

    def keeps_dot(s):
        return 0.0 if s.endswith(".") else 1.0

    def student_with(misses):
        dotted = [s for s in texts if s.endswith(".")]
        return lambda s: 1.0 if s in dotted[:misses] else keeps_dot(s)

    def answer(fn, obs):
        return fn(*obs.args)

    def cases(student):
        return [Observation("verify", "value", (s,), {}, student(s), ref(s), judge, key=s)
                for s in texts]
    one_off = closest(cases(student_with(1)), [("dot", "keeps the dot", keeps_dot)], answer)
    assert one_off is not None and one_off.partial and one_off.text == "keeps the dot"
    assert closest(cases(student_with(2)), [("dot", "keeps the dot", keeps_dot)], answer) is None
    exact = closest(cases(keeps_dot), [("dot", "keeps the dot", keeps_dot)], answer)
    assert exact is not None and exact.exact and not exact.partial


def test_two_conventions_with_one_name_are_refused_and_a_loop_variable_counts_once():
    import types

    from autograder.engine.causes.closest import convention, conventions

    def made(name):
        def fn(x):
            return x
        fn.__name__ = name
        return convention("f", "text")(fn)

    module = types.ModuleType("conv")
    module.a, module.b = made("same"), made("same")
    with pytest.raises(ValueError, match="two conventions are named same"):
        conventions(module)
    module.b = made("other")
    module._fn = module.b          # a factory loop's variable still holds the last one
    assert [c.name for c in conventions(module)] == ["same", "other"]
