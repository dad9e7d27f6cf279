"""Time limits that follow the work, and broken functions that fail fast (issue 18).

A call may take a floor plus a multiple of what the reference took on the same input; once a
function has hung, crashed its worker or run out of memory, its remaining calls fail at once
naming that first failure, while the other functions are graded as usual; a submission that
loops at import is loaded once. How much time this saves is measured by
``benchmarks/bench_adversarial.py``, not here.
"""
import pytest
import torch

from autograder.authoring import course

from autograder.engine import grade
from autograder.engine.compare import Compare, Causes, reference_timer
from autograder.engine.plugin import reference_module
from autograder.sandbox.problems import CallSkipped
from autograder.sandbox.proxy import Student
from autograder.sandbox.servers import Zygote
from autograder.sandbox.session import Session
from autograder.sandbox.codec import Size, pack
from autograder.sandbox.confine import Limits
from autograder.records.events import Event, Kind
from autograder.sandbox.confine import Config
from autograder.sandbox.problems import BudgetExhausted
from conftest import make_submission
from pgcheck.discovery import read
from pgcheck.calls import CallResult

#: the assignment these tests grade (the registry names it: [tests] engine_example)
EX = course.example()


def test_a_calls_limit_is_a_floor_plus_a_multiple_of_the_references_time():
    limits = Limits(call_floor=2.0, call_factor=1000.0)
    assert limits.call_limit(None) == 2.0
    assert limits.call_limit(0.003) == pytest.approx(5.0)
    assert Limits().call_floor == 2.0 and Limits().call_factor == 1000.0


class RecordingSession:
    """Stands in for a worker: records how each call was limited, answers like the reference."""

    def __init__(self, reference, limits=Limits()):
        self.reference, self.limits, self.calls = reference, limits, []
        self.broken = {}

    def skip_if_broken(self, *names, **then):
        Session.skip_if_broken(self, *names, **then)

    def call(self, fn, args, kwargs, *, grad=None, echo_args=False, reference=None, case=""):
        self.calls.append((fn, reference, case))
        return CallResult(getattr(self.reference, fn)(*args, **kwargs), None, None, list(args), {})


def test_compare_times_the_reference_and_passes_its_time_its_answers_size_and_the_case():
    reference = reference_module(EX)
    session = RecordingSession(reference)
    compare = Compare(Student(session), reference, Causes(EX))
    compare("group_advantages", torch.tensor([[0.0, 1, 1, 0]]), case="the table")
    ((fn, run, case),) = session.calls
    assert fn == "group_advantages" and case == "the table" and 0 < run.seconds < 1
    answer = reference.group_advantages(torch.tensor([[0.0, 1, 1, 0]]))
    assert run.answer == Size.of(pack(answer))      # the reply budget follows it


def test_direct_calls_are_timed_against_the_reference_too():
    """The public checks call ``student.fn(...)`` themselves: the proxy times the reference."""
    reference = reference_module(EX)
    session = RecordingSession(reference)
    student = Student(session, timer=reference_timer(reference))
    student.group_advantages(torch.tensor([[0.0, 1, 1, 0]]))
    ((_, run, case),) = session.calls
    assert 0 < run.seconds < 1 and run.answer.bytes > 16 and case == ""
    assert reference_timer(reference)("not_a_function", (), {}) is None


def test_a_broken_function_is_skipped_with_its_first_failure():
    session = RecordingSession(reference_module(EX))
    session.broken["grpo_loss"] = Event(Kind.HUNG, "grpo_loss", "case 'six responses'", 2.0)
    with pytest.raises(CallSkipped, match=r"^skipped: grpo_loss hung on case 'six responses'"):
        Student(session).grpo_loss(torch.zeros(1, 1), torch.ones(1, 1, dtype=torch.bool),
                                   torch.zeros(1))
    assert session.calls == []


def test_the_proxy_notes_each_function_a_test_names_until_the_next_test():
    """The plugin's gates read ``student.called``: every route to a function counts (a call,
    a case's ``.on``, ``map``), and ``begin`` starts the next test afresh."""
    session = RecordingSession(reference_module(EX))
    student = Student(session)
    student.begin("the test 'one'")
    rewards = torch.tensor([[0.0, 1, 1, 0]])
    student.group_advantages(rewards)
    student.group_advantages.on("a case", None)(rewards)
    assert student.called == ["group_advantages"] * 2 and session.where == "the test 'one'"
    student.begin("the test 'two'")
    assert student.called == [] and session.where == "the test 'two'"


def test_no_function_is_named_like_an_attribute_of_the_proxy():
    """``student.fn`` finds the proxy's own attributes first (``map``, ``begin``, ...): no
    graded function of the registry, nor one a hidden suite or a training run calls, may be
    named like one."""
    import re

    from conftest import ROOT

    own = {n for n in [*dir(Student), *vars(Student(None))] if not n.startswith("_")}
    used = {fn for name in course.assignments() for fn in course.get(name).functions}
    for path in [*ROOT.glob("autograder/hidden/*/*.py"), *ROOT.glob("autograder/training/*.py")]:
        used |= set(re.findall(r"\bstudent\.(\w+)", path.read_text())) - {"map"}
    assert len(used) > 10 and not own & used, own & used


@pytest.fixture(scope="module")
def zygote():
    z = Zygote()
    yield z
    z.close()


def test_a_loop_at_import_is_waited_for_once(tmp_path, zygote):
    make_submission(tmp_path / "s", EX.name, "while True:\n    pass\n")
    result = grade.grade("s", tmp_path / "s", EX,
                          grade.Options(out_dir=tmp_path / "out", limits=Limits(load_timeout=1)),
                          zygote)
    outputs = {o.output for o in result.outcomes if o.group not in EX.answers.ideas}    # those need a notebook
    assert len(outputs) == 1, outputs
    assert outputs.pop().startswith("loading your code did not finish within 1 s")
    assert result.spent.load < 2.5, "loaded once, not once per test"


def test_the_time_budget_running_out_is_recorded_as_such(tmp_path, zygote):
    """A call cut short by the submission's budget (not by its own limit) is a budget event,
    not a hang: the function is not marked broken, and every later call says the budget is
    used up."""
    make_submission(tmp_path / "s", EX.name, "import time\ndef slow(): time.sleep(30)\n")
    sub = read("s", tmp_path / "s", EX.name, ["slow"])
    session = Session(zygote, sub.load_message(EX.name, {}),
                      Config(mode="plain", limits=Limits(wall_budget=1.5, warmup=0)))
    try:
        with pytest.raises(BudgetExhausted, match="when the time budget of 1.5 s"):
            session.call("slow", timeout=20)
        with pytest.raises(BudgetExhausted, match="is used up; this test was not run"):
            session.call("slow", timeout=20)
    finally:
        session.close()
    [event] = session.events
    assert event.kind is Kind.BUDGET and event.function == "slow" and not session.broken
    assert event.text.startswith("the time budget ran out during slow on ")
    assert session.spent.budget_exhausted


def test_a_first_call_that_builds_an_optimizer_pays_no_import(tmp_path):
    """An optimizer's first use imports torch._dynamo (about 1.2 core-seconds, 1.7 s under
    load: over a call's floor). A submission that names ``optim`` has its fork server pay it
    before forking its worker, once: that worker's first call that builds one is as fast as
    any other, and a later worker of the same server inherits it. A class whose submissions
    name no optimizer never pays it, whatever the assignment."""
    from autograder.sandbox.servers import ForkFactory
    from autograder.sandbox.session import mentions_optimizer

    dynamo = "import sys, torch\ndef dynamo():\n    return torch.tensor('torch._dynamo' in sys.modules)\n"
    make_submission(tmp_path / "plain", EX.name, dynamo)
    make_submission(tmp_path / "optim", EX.name, dynamo + (
        "def step():\n    w = torch.nn.Parameter(torch.zeros(2))\n"
        "    opt = torch.optim.SGD([w], lr=0.1)\n    w.sum().backward()\n"
        "    opt.step()\n    return w.detach()\n"))
    plain = read("s", tmp_path / "plain", EX.name, ["dynamo"]).load_message(EX.name, {})
    optim = read("s", tmp_path / "optim", EX.name, ["step", "dynamo"]).load_message(EX.name, {})
    assert mentions_optimizer(optim) and not mentions_optimizer(plain)
    assert mentions_optimizer({"cells": [[0, "from torch.optim import Adam"]]})
    # a provided course module's optimizer (ppo's cartpole.py) trains in the grader, not here
    assert not mentions_optimizer({**plain, "provided": {"cartpole": "torch.optim.Adam(p)"}})
    assert mentions_optimizer({**optim, "provided": {"cartpole": "torch.optim.Adam(p)"}})
    for text in ("the scalar a torch optimiser minimises", "optimizer = None", "optima"):
        assert not mentions_optimizer({"source": text}), text
    for text in ("from torch import optim", "import torch.optim as o", "getattr(torch, 'optim')"):
        assert mentions_optimizer({"source": text}), text
    zygote = Zygote(ForkFactory(course.warm_imports()))     # every assignment's warm imports
    try:
        for load, warm in ((plain, False), (optim, True), (plain, True)):
            session = Session(zygote, load, Config(mode="plain", limits=Limits(warmup=0)))
            try:
                assert session.call("dynamo").value.item() is warm
                if load is optim:
                    assert session.call("step", timeout=1.0).value.tolist() == \
                        pytest.approx([-0.1, -0.1])
            finally:
                session.close()
    finally:
        zygote.close()
        zygote.factory.close()
