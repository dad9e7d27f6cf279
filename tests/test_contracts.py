"""Every hidden test asks only what the student's contract states (issue 39).

The contract is each graded function's argument table (:mod:`autograder.authoring.contract`
reads it; docs/contract.md says what a row may say). Here, for all five assignments of the
registry, every call that a grade makes to a student function (the public checks, the hidden
suites through ``compare`` and its ``grad``/``precision``/``unmodified``/``gather``, a test's own
``student.fn``, and the provided training loops: tests/recorder.py, where each request to
the worker passes) is
checked against the table: each argument's type, shape (named dimensions agreeing across the
call) and dtype, and the answer the test requires (the reference's). A case outside the table
fails here, naming the test that made it, so no gate can take a passed test's points for a
failed case the student was never told of. The fuzz draws of the mutation benchmark, which say
they are drawn from the contract, are held to it too.
"""
import importlib.util

import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from autograder.authoring import course
from autograder.authoring.contract import (ContractError, check_answer, check_call, contracts,
                                           parse, parse_spec)
from recorder import record

NAMES = sorted(course.assignments())


def out_of_contract(name: str, calls) -> list[str]:
    """Each recorded call the table of its function does not allow, in words."""
    assignment = course.get(name)
    tables = contracts(assignment.reference_module, assignment.functions)
    found = []
    for call in calls:
        problems, binding = check_call(tables[call.fn], call.args, call.kwargs)
        if binding is not None:
            problems = check_answer(tables[call.fn], call.value, binding)
        found += [f"{call.where or 'a call'}: {call.fn} ({call.kind}): {p}" for p in problems]
    return found


@pytest.mark.parametrize("name", NAMES)
def test_every_graded_function_has_a_table_of_its_arguments(name):
    """Each graded function's table parses and documents exactly its parameters and answer."""
    assignment = course.get(name)
    tables = contracts(assignment.reference_module, assignment.functions)
    assert set(tables) == set(assignment.functions)


@pytest.mark.parametrize("name", NAMES)
def test_every_call_of_a_grade_is_inside_the_contract(name):
    """The public checks and the hidden suite (training runs aside: the slow test below)."""
    calls = record(course.get(name), "not slow")
    assert {c.fn for c in calls} == set(course.get(name).functions), "some function is never called"
    found = out_of_contract(name, calls)
    assert not found, "\n".join(found)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_training_runs_call_inside_the_contract(name):
    """The provided training loops call the student's functions as their tables say."""
    calls = record(course.get(name), "slow")
    found = out_of_contract(name, calls)
    assert not found, "\n".join(found)
    print(f"{name}: {len(calls)} calls from training runs, all inside the contract")


@pytest.mark.parametrize("name", NAMES)
def test_fuzz_draws_are_inside_the_contract(name):
    """benchmarks/bench_mutation.py's random inputs (hidden/<name>/fuzz.py), in both dtypes."""
    from autograder.engine.plugin import reference_module
    from recorder import Call

    assignment = course.get(name)
    spec = importlib.util.spec_from_file_location(f"_fuzz_{name}", assignment.hidden_dir / "fuzz.py")
    fuzz = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fuzz)
    reference = reference_module(assignment)
    calls = [Call(fn, "fuzz", args, kwargs, getattr(reference, fn)(*args, **kwargs),
                  f"fuzz seed {seed}, {dtype}")
             for seed in range(5) for dtype in (torch.float32, torch.float64)
             for fn, args, kwargs, _ in fuzz.calls(torch.Generator().manual_seed(seed), dtype)]
    found = out_of_contract(name, calls)
    assert not found, "\n".join(found)


# -- the checker can fail ----------------------------------------------------------------------

def test_a_call_outside_the_table_is_caught_where_a_grade_sends_it():
    """The recording is the session every call of a grade goes through to the worker (the
    real ``student`` in front of it): a call outside its function's table is named with the
    test that made it, one inside is not."""
    from autograder.sandbox.proxy import Student
    from recorder import Recording

    example = course.example()
    recording = Recording(example)
    student = Student(recording)
    student.begin("the test 'outside'")
    student.group_advantages(torch.tensor([[0.0, 1, 1, 0]]))
    student.group_advantages(torch.tensor([[0.0, 1, 1, 0]]), normalize_std=1)   # not a bool
    assert [c.kind for c in recording.calls] == ["value", "value"]
    (found,) = out_of_contract(example.name, recording.calls)
    assert found.startswith("the test 'outside': group_advantages (value): normalize_std"), found


def loss(logprobs, returns, baseline=None):
    """A table as the references write it.

    ============  ===========  ============================================
    argument      shape/dtype  meaning
    ============  ===========  ============================================
    ``logprobs``  ``(T,)``     log-probs
    ``returns``   ``(T,)``     returns
    ``baseline``  None, float  a baseline
    returns       ``()``       the loss
    ============  ===========  ============================================
    """
    return -(logprobs * returns).mean()


def rollout(rewards, terminated, gamma):
    """Named dimensions, ``like``, bool and a pair.

    ===============  ======================  ==============================
    argument         shape/dtype             meaning
    ===============  ======================  ==============================
    ``rewards``      ``(T,)`` or ``(T, N)``  rewards
    ``terminated``   bool like ``rewards``   ends
    ``gamma``        float                   discount
    returns          two like ``rewards``    a pair
    ===============  ======================  ==============================
    """
    return rewards, rewards


@pytest.mark.parametrize("args, problem", [
    ((torch.zeros(5, 3), torch.zeros(5, 3)), "logprobs is a float32 tensor of shape (5, 3)"),
    ((torch.zeros(5), torch.zeros(4)), "the named dimensions disagree"),
    ((torch.zeros(5), torch.zeros(5, dtype=torch.float64)), "dtypes"),
    ((torch.zeros(5), torch.zeros(5), torch.tensor(2.0)), "baseline is a float32 tensor of shape ()"),
    ((torch.zeros(5), torch.zeros(5), 2), "baseline is a int (2)"),
    ((torch.zeros(5, dtype=torch.int64), torch.zeros(5)), "logprobs is a int64 tensor"),
    ((torch.zeros(5),), "does not fit the signature"),
])
def test_a_call_outside_the_table_is_named(args, problem):
    found, binding = check_call(parse(loss), args, {})
    assert binding is None and any(problem in p for p in found), found


def test_named_dimensions_like_and_answers_are_checked():
    contract = parse(rollout)
    r = torch.zeros(4, 2, dtype=torch.float64)
    found, binding = check_call(contract, (r, torch.zeros(4, 2, dtype=torch.bool), 0.9), {})
    assert not found
    assert not check_answer(contract, (r, r), binding)
    assert check_answer(contract, (r, r.float()), binding)           # dtype of the call
    assert check_answer(contract, (r, r[:, 0]), binding)             # shape of rewards
    assert check_answer(contract, r, binding)                        # not a pair
    assert check_call(contract, (r, torch.zeros(4, 2), 0.9), {})[1] is None     # not bool
    assert check_call(contract, (r, torch.zeros(4, dtype=torch.bool), 0.9), {})[1] is None
    assert check_call(contract, (r[:, 0], torch.zeros(4, dtype=torch.bool), 1), {})[1] is None
    assert not check_answer(parse(loss), torch.tensor(1.0), check_call(
        parse(loss), (torch.zeros(3), torch.zeros(3)), {})[1])


@pytest.mark.parametrize("doc, message", [
    ("no table at all", "no argument table"),
    ("====  ====  ====\nname  kind  meaning\n====  ====  ====\n``x``  float  x\n====  ====  ====",
     "columns should be"),
    ("========  =======  ====\nargument  type     meaning\n========  =======  ====\n"
     "``x``     float    x\n========  =======  ====", "no 'returns' row"),
    ("========  =======  ====\nargument  type     meaning\n========  =======  ====\n"
     "``x``     float    x\nreturns   complex  y\n========  =======  ====", "cannot read 'complex'"),
    ("========  =======  ====\nargument  type     meaning\n========  =======  ====\n"
     "``y``     float    x\nreturns   float    y\n========  =======  ====", "the function takes ['x']"),
    ("========  ===========  ====\nargument  type         meaning\n========  ===========  ====\n"
     "``x``     like ``z``   x\nreturns   float        y\n========  ===========  ====",
     "names 'z', not an argument"),
])
def test_an_unreadable_table_is_named(doc, message):
    def f(x):
        pass
    f.__doc__ = doc
    with pytest.raises(ContractError) as info:
        parse(f, "m.py: f")
    assert str(info.value).startswith("m.py: f") and message in str(info.value), info.value


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="`(),TN0123 abcdefghiklnorstuwy", max_size=60))
def test_any_text_parses_or_is_refused_with_a_contract_error(text):
    try:
        parse_spec(text, "f")
    except ContractError:
        pass
