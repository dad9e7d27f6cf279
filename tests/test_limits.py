"""Time limits that follow the work, and broken functions that fail fast (issue 18).

A call may take a floor plus a multiple of what the reference took on the same input; once a
function has hung, crashed its worker or run out of memory, its remaining calls fail at once
naming that first failure, while the other functions are graded as usual; a submission that
loops at import is loaded once. How much time this saves is measured by
``benchmarks/bench_adversarial.py``, not here.
"""
import pytest
import torch

from autograder import course, runner
from autograder.compare import Compare, Hints, reference_timer
from autograder.plugin import reference_module
from autograder.worker.client import CallSkipped, Session, Student, Zygote
from autograder.worker.sandbox import Config, Limits
from conftest import make_submission
from pgcheck.calls import CallResult


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

    def call(self, fn, args, kwargs, *, grad=None, echo_args=False, reference_seconds=None,
             case=""):
        self.calls.append((fn, reference_seconds, case))
        return CallResult(getattr(self.reference, fn)(*args, **kwargs), None, None, list(args), {})


def test_compare_times_the_reference_and_passes_its_time_and_the_case():
    grpo = course.get("grpo")
    reference = reference_module(grpo)
    session = RecordingSession(reference)
    compare = Compare(Student(session), reference, Hints(grpo))
    compare("group_advantages", torch.tensor([[0.0, 1, 1, 0]]), case="the table")
    ((fn, seconds, case),) = session.calls
    assert fn == "group_advantages" and case == "the table" and 0 < seconds < 1


def test_direct_calls_are_timed_against_the_reference_too():
    """The public checks call ``student.fn(...)`` themselves: the proxy times the reference."""
    reference = reference_module(course.get("grpo"))
    session = RecordingSession(reference)
    student = Student(session, timer=reference_timer(reference))
    student.group_advantages(torch.tensor([[0.0, 1, 1, 0]]))
    ((_, seconds, case),) = session.calls
    assert 0 < seconds < 1 and case == ""
    assert reference_timer(reference)("not_a_function", (), {}) is None


def test_a_broken_function_is_skipped_with_its_first_failure():
    session = RecordingSession(reference_module(course.get("grpo")))
    session.broken["grpo_loss"] = "hung on case 'six responses' (stopped after 2.0 s)"
    with pytest.raises(CallSkipped, match=r"^skipped: grpo_loss hung on case 'six responses'"):
        Student(session).grpo_loss(torch.zeros(1, 1), torch.ones(1, 1, dtype=torch.bool),
                                   torch.zeros(1))
    assert session.calls == []


def test_a_training_run_that_calls_a_broken_function_is_not_started():
    session = RecordingSession(reference_module(course.get("grpo_lm")))
    session.broken["verify"] = "hung on case 'junk strings' (stopped after 3.0 s)"
    with pytest.raises(CallSkipped, match=r"^skipped: verify hung on case 'junk strings' .*, so "
                                          "this training run, which calls it, was not run"):
        Student(session).run("train_grpo.train_for_grading", timeout=60,
                             student_args={"verify": "verify", "tis_weights": "tis_weights"})


BROKEN_REINFORCE = '''
import ctypes

import torch


def discounted_returns(rewards, gamma):
    while True:                                   # hangs
        pass


def softmax_logprob_grad(logits, action):
    hoard = []
    while True:                                   # runs out of memory
        hoard.append(bytearray(64 << 20))


def reinforce_loss(logprobs, returns, baseline=None):
    return ctypes.string_at(0)                    # crashes the worker


def reinforce_update(logits, action, ret, lr):       # correct, on its own
    onehot = torch.zeros_like(logits)
    onehot[int(action)] = 1.0
    return logits + lr * ret * (onehot - torch.softmax(logits, dim=-1))
'''


@pytest.fixture(scope="module")
def zygote():
    z = Zygote()
    yield z
    z.close()


def test_hang_crash_and_memory_fail_once_and_the_rest_is_graded(tmp_path, zygote):
    """Each broken function fails once with its reason, then its calls are skipped naming that
    case; the correct functions of the same submission keep full marks."""
    reference = course.get("reinforce").reference_module.read_text()
    stats = reference[reference.index("def logit_grad_estimate_stats"):]
    make_submission(tmp_path / "s", "reinforce", BROKEN_REINFORCE + "\n\n" + stats)
    limits = Limits(call_floor=1.0, warmup=0.0, memory_mb=256)   # a small bomb, quickly
    result = runner.grade("s", tmp_path / "s", course.get("reinforce"),
                          runner.Options(out_dir=tmp_path / "out", limits=limits), zygote)
    outputs = [t["output"] for t in result["tests"]]
    for fn, first, then in [
            ("discounted_returns", "discounted_returns did not return within",
             "skipped: discounted_returns hung on "),
            ("softmax_logprob_grad", "MemoryError", "skipped: softmax_logprob_grad ran out of memory on "),
            ("reinforce_loss", "the process running your code died",
             "skipped: reinforce_loss crashed the process running it on ")]:
        firsts = [o for o in outputs if first in o]
        assert len(firsts) == 1, (fn, firsts)
        assert any(o.startswith(then) for o in outputs), (fn, outputs)
    assert result.spent.hangs == ["discounted_returns"], "one hang, not one per call"
    correct = [t for t in result["tests"] if t["name"].split(":")[0] in ("update step",
                                                                         "variance of the estimate")]
    assert len(correct) == 5 and all(t["score"] == t["max_score"] > 0 for t in correct), correct


def test_a_loop_at_import_is_waited_for_once(tmp_path, zygote):
    make_submission(tmp_path / "s", "gae", "while True:\n    pass\n")
    result = runner.grade("s", tmp_path / "s", course.get("gae"),
                          runner.Options(out_dir=tmp_path / "out", limits=Limits(load_timeout=1)),
                          zygote)
    outputs = {t["output"] for t in result["tests"]}
    assert len(outputs) == 1, outputs
    assert outputs.pop().startswith("loading your code did not finish within 1 s")
    assert result.spent.load < 2.5, "loaded once, not once per test"
