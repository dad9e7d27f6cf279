"""Forgeries of results the worker once reported on its own word (issue 33).

* The training checks: a submission whose functions are stubs swaps the provided trainer in
  the worker (``tests/forgeries/<assignment>_trainer_swap.py``). The trainer runs in the
  grader now (:mod:`autograder.training.remote`), so the swap reaches nothing: 0 points, the
  correct neighbour keeps full marks (slow: the neighbour's training check runs).
* The student's process's harness (:mod:`autograder.sandbox.harness`) reads results through
  torch's own descriptors and the graph's reach, whatever a subclass or a hook says; the worker
  takes echoed arguments from shared memory and refuses frames without the harness's mark.
  ``tests/test_forgery_bank.py`` grades five routes and more of each class of forgery.
* Replies checked by type: a gradient that is a string is the student's wrong answer.
* A training run's loss enters the grader's graph with exactly the value and gradient the
  worker reported: the same numbers as the loss run in place, so the rule's calibration
  holds.
"""
import json
import os
import socket
import subprocess
import sys

import pytest
import torch

from autograder.authoring import course
from autograder.engine.assertions import Mismatch
from autograder.engine.plugin import reference_module
from autograder.sandbox import codec, session, worker
from autograder.training import remote
from conftest import ROOT, lost, make_submission
from pgcheck.assertions import grads_of
from pgcheck.calls import CallResult, call_function, clone

FORGERIES = ROOT / "tests" / "forgeries"
NEIGHBOUR = "zz-correct-neighbour"


def test_a_gradient_that_is_a_string_is_the_students_wrong_answer():
    with pytest.raises(Mismatch, match="gradient 1 came back as str, not a float tensor"):
        grads_of(CallResult(torch.tensor(1.0), grads=["not a gradient"]), case="c")
    assert grads_of(CallResult(1.0, grads=[None, torch.zeros(2)]), case="c")[0] is None


def _harness() -> dict:
    """The harness's namespace, as the student's process builds it, with its student's thread
    (its audit hook is only installed by ``serve``: none is left in this process)."""
    import builtins

    space = {"__name__": "_harness", "__builtins__": dict(builtins.__dict__)}
    exec(compile(session.HARNESS, "<harness>", "exec"), space)
    space["_student_thread"]()
    return space


def test_the_harness_reads_a_returned_tensor_through_torch_own_descriptors():
    """A subclass's lying ``requires_grad`` or ``__torch_function__`` changes nothing read."""
    plain = _harness()["_plain"]

    class Lying(torch.Tensor):
        requires_grad = property(lambda self: False)

    class Answering(torch.Tensor):
        @classmethod
        def __torch_function__(cls, func, types, args=(), kwargs=None):
            return False

    x = torch.ones(3, requires_grad=True)
    for kind in (Lying, Answering):
        buffers: list = []
        encoded = plain((x * 2).as_subclass(kind), buffers)
        assert encoded["requires_grad"] is True and encoded["shape"] == [3], kind
        assert bytes(buffers[0]) == (torch.ones(3) * 2).numpy().tobytes()


def test_no_hook_hides_a_path_the_graph_has_and_a_custom_function_decides_for_itself():
    space = _harness()
    x = torch.randn(3, requires_grad=True)
    adv = torch.randn(3, requires_grad=True)
    edges = (space["_edge"](x), space["_edge"](adv))
    adv.register_hook(lambda g: torch.zeros_like(g))      # zeroes the number, not the path
    out = (x * adv).sum()
    got = space["_gradients"](out, {"wrt": [0, 1]}, edges, worker.describe)
    assert got["reached"] == [True, True] and not bool(got["grads"][1].any())

    class Detaching(torch.autograd.Function):
        @staticmethod
        def forward(ctx, a):
            return a * 1

        @staticmethod
        def backward(ctx, g):
            return None

    adv = torch.randn(3, requires_grad=True)
    edges = (space["_edge"](x), space["_edge"](adv))
    out = (x * Detaching.apply(adv)).sum()
    got = space["_gradients"](out, {"wrt": [0, 1]}, edges, worker.describe)
    assert got.get("reached") == [True, False] and got["grads"][1] is None, got


def test_echoed_arguments_come_from_the_shared_memory_and_unmarked_frames_are_refused():
    rewards = torch.arange(6, dtype=torch.float64).reshape(2, 3)
    msg = {"op": "call", "fn": "f", "args": [rewards, 2.0], "kwargs": {}, "echo_args": True}
    shared = worker.Shared.of(msg)
    try:
        os.pwrite(shared.fd, torch.zeros(6, dtype=torch.float64).numpy().tobytes(), 0)
        answer = {"ok": True, "value": 1.0, "args_after": [rewards, 2.0], "rebound": [False, False]}
        after = worker.rebuilt(answer, msg, shared)["args_after"]
        assert not after[0].any() and after[1] == 2.0      # the memory's word, not the report
        moved = worker.rebuilt({**answer, "rebound": [True, False]}, msg, shared)["args_after"]
        assert moved[0] is rewards                         # replaced by another tensor: as seen
    finally:
        shared.close()
    ours, theirs = socket.socketpair()
    key = os.urandom(32)
    frame = codec.pack({"ok": True, "value": 1.0})
    theirs.sendall(worker._mac(key, 1, frame) + frame + bytes(16) + frame)
    assert worker._answer(ours, key, 1) == {"ok": True, "value": 1.0}
    with pytest.raises(codec.ProtocolError, match="without the harness's mark"):
        worker._answer(ours, key, 2)


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


HONEST_AND_NOT = '''
import inspect, logging, sys, traceback, torch


def honest(x):
    """Frames of its own thread, logging and tracebacks: allowed."""
    logging.getLogger("s").warning("looking at %s", inspect.currentframe().f_code.co_name)
    traceback.format_stack()
    try:
        raise ValueError
    except ValueError as exc:
        traceback.format_exception(exc)
    return x * 2


def traced(x):
    sys.settrace(lambda *a: None)
    return x * 2
'''


def _worker_replies(source: str, calls: list) -> list:
    """The replies of a worker (with its harness, as graded) to loading ``source`` and ``calls``,
    run in a fresh process so that nothing of it stays in this one."""
    script = f'''
import json, os, socket, sys
sys.path.insert(0, {str(ROOT)!r})
import torch
from autograder.sandbox import codec, session, worker
a, b = socket.socketpair()
if os.fork() == 0:
    a.close(); worker.serve(b); os._exit(0)
b.close()
codec.send(a, {{"op": "load", "module": "m", "filename": "m.py", "kind": "py",
               "source": {source!r}, "harness": session.HARNESS}})
out = [codec.recv(a)]
for fn in {calls!r}:
    codec.send(a, {{"op": "call", "fn": fn, "args": [torch.ones(2)], "kwargs": {{}}}})
    out.append(codec.recv(a))
print(json.dumps([{{"ok": r["ok"], "tampered": r.get("tampered")}} for r in out]))
'''
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_the_harness_refuses_a_trace_function_and_lets_honest_code_see_its_own_frames():
    load, honest, traced = _worker_replies(HONEST_AND_NOT, ["honest", "traced"])
    assert load == {"ok": True, "tampered": None}
    assert honest == {"ok": True, "tampered": None}
    assert traced["ok"] is False
    assert traced["tampered"] == [{"what": "refused: sys.settrace", "line": None}]


KERNEL_REACHERS = '''
import ctypes, socket


def netlink(x):
    socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 0)
    return x


def inet(x):
    socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    return x


def libc(x):
    ctypes.CDLL(None).getpid()
    return x
'''


def test_the_harness_refuses_new_sockets_and_ctypes_before_the_kernel_is_asked():
    """The first layer in front of the kernel's bounds (tests/test_kernel_budget.py runs the
    hoards without it, to show the syscall filter and the rlimits hold on their own)."""
    load, *calls = _worker_replies(KERNEL_REACHERS, ["netlink", "inet", "libc"])
    assert load == {"ok": True, "tampered": None}
    for reply in calls:
        assert reply["ok"] is False
        assert reply["tampered"] and reply["tampered"][0]["what"].startswith("refused: ")
