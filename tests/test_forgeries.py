"""Forgeries of results the worker once reported on its own word (issue 33).

* The training checks: a submission whose functions are stubs swaps the provided trainer in
  the worker (``tests/forgeries/<assignment>_trainer_swap.py``). The trainer runs in the
  grader now (:mod:`autograder.training.remote`), so the swap reaches nothing: 0 points, the
  correct neighbour keeps full marks (slow: the neighbour's training check runs).
* The worker's harness (:mod:`autograder.sandbox.harness`) finds a replaced function and says
  which, with the line of the student's file that defined the replacement; the grader then
  scores 0 every test the worker's results decided. The grpo cases of the adversarial bank
  (``wrapped_call_function``, ``echo_swap``, ``string_gradient``) are graded with the bank.
* Replies checked by type: a gradient that is a string is the student's wrong answer.
* A training run's loss enters the grader's graph with exactly the value and gradient the
  worker reported: the same numbers as the loss run in place, so the rule's calibration
  holds.
"""
import json
import subprocess
import sys

import pytest
import torch

from autograder.authoring import course
from autograder.engine.assertions import Mismatch
from autograder.engine.plugin import reference_module
from autograder.sandbox import codec, harness, worker
from autograder.training import remote
from conftest import ROOT, lost, make_submission
from pgcheck import calls
from pgcheck.assertions import grads_of
from pgcheck.calls import CallResult, call_function, clone

FORGERIES = ROOT / "tests" / "forgeries"
NEIGHBOUR = "zz-correct-neighbour"


def test_a_gradient_that_is_a_string_is_the_students_wrong_answer():
    with pytest.raises(Mismatch, match="gradient 1 came back as str, not a float tensor"):
        grads_of(CallResult(torch.tensor(1.0), grads=["not a gradient"]), case="c")
    assert grads_of(CallResult(1.0, grads=[None, torch.zeros(2)]), case="c")[0] is None


def test_the_harness_puts_back_a_replaced_function_and_names_the_line(monkeypatch):
    guard = harness.Guard(worker, codec, calls, torch)
    assert guard.check() == []
    source = "def forged(*args, **kwargs):\n    return {}\n"
    monkeypatch.setattr(worker, "STUDENT_FILES", guard.student_files | {"<student>"})
    guard.student_files = worker.STUDENT_FILES
    space: dict = {}
    exec(compile("\n" + source, "<student>", "exec"), space)
    original = calls.call_function
    monkeypatch.setattr(calls, "call_function", space["forged"])
    assert guard.check() == [{"what": "pgcheck.calls's call_function", "line": 2}]
    assert calls.call_function is original          # put back
    frame = guard.answer({"ok": True, "value": 1.0})
    assert codec.unpack(frame)["tampered"] == [{"what": "pgcheck.calls's call_function",
                                                "line": 2}]


def test_the_injected_loss_trains_as_the_loss_itself():
    """One minibatch: the grader's gradient through the policy is the same as in place."""
    ppo = reference_module(course.get("ppo"))
    torch.manual_seed(0)
    net = torch.nn.Linear(4, 2)
    obs, act = torch.randn(250, 4), torch.randint(0, 2, (250,))
    old, adv = torch.randn(250) - 1, torch.randn(250)

    def logp():
        return torch.log_softmax(net(obs), -1).gather(-1, act[:, None]).squeeze(-1)

    ppo.ppo_clip_loss(logp(), old, adv, 0.2).backward()
    in_place = [p.grad.clone() for p in net.parameters()]
    net.zero_grad()

    class Local:        # the worker's answer, computed here by the same call_function
        def grad(self, *args, wrt):
            reply = call_function(ppo.ppo_clip_loss, args, {}, grad={"wrt": wrt})
            return CallResult(reply["value"], reply["grads"])

    remote.policy_loss(Local(), "c")(logp(), old, adv, 0.2).backward()
    assert all(torch.equal(a, p.grad) for a, p in zip(in_place, net.parameters()))


def test_a_loss_that_answers_no_tensor_is_the_students_error():
    class Liar:
        def grad(self, *args, wrt):
            return CallResult("500", [torch.zeros(3)])

    with pytest.raises(remote.BadReply, match="the loss should be a tensor of shape"):
        remote.policy_loss(Liar(), "training run: cart-pole, seed 1")(
            torch.zeros(3, requires_grad=True), torch.zeros(3), torch.zeros(3), 0.2)


#: every assignment with a training check (``[training] check``): each has its trainer swap
TRAINED = [n for n, a in course.assignments().items() if a.settings.training.check]


@pytest.mark.parametrize("name", TRAINED)
def test_every_training_check_has_its_trainer_swap(name):
    assert (FORGERIES / f"{name}_trainer_swap.py").is_file(), (
        f"{name} has a training check: add tests/forgeries/{name}_trainer_swap.py, a submission "
        "that replaces the provided trainer in the worker (see the others there)")


@pytest.mark.slow
@pytest.mark.parametrize("name", TRAINED)
def test_a_swapped_trainer_earns_nothing_and_the_neighbour_keeps_full_marks(tmp_path, name):
    assignment = course.get(name)
    stubs = (ROOT / "assignments" / name / f"{name}.py").read_text()
    make_submission(tmp_path / "class" / "swap", name,
                    stubs + "\n" + (FORGERIES / f"{name}_trainer_swap.py").read_text())
    make_submission(tmp_path / "class" / NEIGHBOUR, name,
                    (assignment.source_dir / f"{name}.py").read_text())
    proc = subprocess.run([sys.executable, "-m", "autograder.cli", "grade",
                           str(tmp_path / "class"), "-a", name, "--jobs", "2", "--out",
                           str(tmp_path / "out"), "--json"], capture_output=True, text=True,
                          cwd=ROOT, timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    results = {r["submission"]: r for r in json.loads(proc.stdout)}
    assert results["swap"]["score"] == 0, [t["name"] for t in results["swap"]["tests"]
                                           if t["score"]]
    assert not lost(results[NEIGHBOUR]), [t["name"] for t in lost(results[NEIGHBOUR])]
    assert not any("internal error" in t["output"] for t in results["swap"]["tests"])


def _probed(student, reference, args, wrt):
    """probes.check of ``student`` (run here) against ``reference`` on ``args``."""
    from autograder.engine import probes

    spec = {"wrt": wrt}
    expected = CallResult.of(call_function(reference, clone(args), {}, grad=spec))
    reply = call_function(student, clone(args), {}, grad=spec)
    probes.check(lambda items: [student(*clone(i)) for i in items], reference, args, wrt,
                 CallResult.of(reply), expected, output=None,
                 grad_output=None, case="c")


def test_a_gradient_its_own_values_contradict_is_forged_and_a_correct_one_is_not():
    """The grader's probes (autograder/engine/probes.py): a correct loss passes, on smooth
    points and on the clip band's kinks (skipped there, never accused); a loss that answers
    the graded input from memory (the reference's value, a straight-through gradient) and
    something else next to it is caught. The bank's ``memorised_gradient`` grades it."""
    from autograder.engine.probes import ForgedGradient

    ppo = reference_module(course.get("ppo"))
    old = torch.log(torch.full((8,), 0.4, dtype=torch.float64))
    for ratios in (torch.linspace(0.5, 1.6, 8, dtype=torch.float64),
                   torch.tensor([0.8, 1.2] * 4, dtype=torch.float64)):     # on the kinks
        new = (old + torch.log(ratios)).requires_grad_(True)
        adv = torch.tensor([1.0, -2.0] * 4, dtype=torch.float64)
        for _ in range(20):
            _probed(ppo.ppo_clip_loss, ppo.ppo_clip_loss, [new, old, adv, 0.2], [0])
        seen = new.detach().clone()

        def memorised(new_, old_, adv_, eps, seen=seen):
            if torch.equal(new_.detach(), seen):
                return ppo.ppo_clip_loss(new_, old_, adv_, eps)
            return 2 * ppo.ppo_clip_loss(new_, old_, adv_, eps)
        if ratios[0] == 0.5:        # the kinks leave no informative direction: no verdict
            with pytest.raises(ForgedGradient, match="does not match your function's own"):
                _probed(memorised, ppo.ppo_clip_loss, [new, old, adv, 0.2], [0])


def test_every_gradient_test_of_a_function_whose_gradient_was_forged_scores_0():
    """Also the ones that passed before the probe that caught it; other tests keep theirs."""
    from types import SimpleNamespace

    from autograder.engine.plugin import GradingPlugin
    from autograder.records.outcomes import TestOutcome

    plugin = GradingPlugin(course.get("grpo"), student=None)
    plugin.outcomes = [TestOutcome(name, "g", 3.0, 3.0, "passed", "", "after_published",
                                   functions=("grpo_loss",)) for name in ("a", "b", "c")]
    plugin._grads = {0: ("grpo_loss",), 2: ("sequence_logprob",)}
    plugin.compare = SimpleNamespace(forged={"grpo_loss": "6 padded responses"})
    plugin.zero_forged_gradients()
    assert [o.score for o in plugin.outcomes] == [0.0, 3.0, 3.0]
    assert plugin.outcomes[0].output.startswith("0 points: the gradient reported for grpo_loss "
                                                "on case '6 padded responses' does not match")
