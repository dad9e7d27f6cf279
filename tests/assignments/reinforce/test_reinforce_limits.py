"""A hang, a memory bomb and a crash in three reinforce functions: each fails once with its
reason, then is skipped; the correct functions keep full marks (issue 18)."""
import pytest

from autograder.authoring import course
from autograder.engine import grade
from autograder.sandbox.servers import Zygote
from autograder.records.events import Kind
from autograder.sandbox.confine import Limits
from conftest import make_submission

BROKEN_REINFORCE = '''
import faulthandler

import torch


def discounted_returns(rewards, gamma):
    while True:                                   # hangs
        pass


def softmax_logprob_grad(logits, action):
    hoard = []
    while True:                                   # runs out of memory
        hoard.append(bytearray(64 << 20))


def reinforce_loss(logprobs, returns, baseline=None):
    return faulthandler._sigsegv()                # crashes the process running it


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
    result = grade.grade("s", tmp_path / "s", course.get("reinforce"),
                          grade.Options(out_dir=tmp_path / "out", limits=limits), zygote)
    contract = result.to_contract()
    outputs = [t["output"] for t in contract["tests"]]
    for fn, first, then in [
            ("discounted_returns", "discounted_returns did not return within",
             "skipped: discounted_returns hung on "),
            ("softmax_logprob_grad", "MemoryError", "skipped: softmax_logprob_grad ran out of memory on "),
            ("reinforce_loss", "the process running your code died",
             "skipped: reinforce_loss crashed the process running it on ")]:
        firsts = [o for o in outputs if first in o]
        assert len(firsts) == 1, (fn, firsts)
        assert any(o.startswith(then) for o in outputs), (fn, outputs)
    assert [e.function for e in result.of_kind(Kind.HUNG)] == ["discounted_returns"], \
        "one hang, not one per call"
    correct = [t for t in contract["tests"] if t["name"].split(":")[0] in ("update step",
                                                                         "variance of the estimate")]
    assert len(correct) == 5 and all(t["score"] == t["max_score"] > 0 for t in correct), correct
