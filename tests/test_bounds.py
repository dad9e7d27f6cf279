"""Every byte from a worker is bounded before the grader holds it (issue 22, point 3).

One real worker (the strongest sandbox this machine allows) answers a submission whose functions
each attack the grader's side of the conversation: a reply trickled one byte at a time, a header
that declares 2 TB, JSON of tiny values, an answer 6,000 times the reference's, frames forged with
absurd shapes or the wrong fields, and messages far longer than feedback may be. The session
runs in a fresh process (``probe`` below), so that its peak RSS, read from the kernel, measures
what the attacks cost the grader itself; every test reads the same run.
"""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from autograder.sandbox import replies
from autograder.sandbox.codec import ProtocolError

ATTACKS = '''
import os, socket, struct, sys, time
import torch

_codec = sys.modules["autograder.sandbox.codec"]
_worker = sys.modules["autograder.sandbox.worker"]


def _call_socket() -> int:
    """The descriptor of the worker's call socket: the bytes written on it reach the grader
    (this worker runs without its harness, see :func:`probe`)."""
    import gc
    found = [o.fileno() for o in gc.get_objects()
             if isinstance(o, socket.socket) and o.fileno() >= 0]
    assert len(found) == 1, found
    return found[0]


def ok(x):
    return x * 2


def trickle(x):
    """A valid reply frame, written on the call socket one byte every 0.2 s."""
    fd = _call_socket()
    for i, byte in enumerate(_codec.pack({"ok": True, "value": x * 2})):
        os.write(fd, bytes([byte]))
        time.sleep(0.2)
    time.sleep(60)


def lying_header(x):
    """A header declaring 2 TB of buffers, then zeros for as long as the grader reads."""
    fd = _call_socket()
    os.write(fd, struct.pack(">II", 2, 4096) + struct.pack(">Q", 512 << 20) * 4096 + b"{}")
    while True:
        os.write(fd, bytes(1 << 16))


def many_values(x):
    return [[]] * 60_000


def far_larger(x):
    return torch.zeros(100_000, dtype=torch.float64)  # 800 KB where 32 bytes were expected


def largest_accepted(x):
    return torch.zeros(60_000)                          # 240 KB: within the allowance


def forged_shape(x):
    def encode(message, buffers, depth=0):
        buffers.append(b"")
        return {"t": "dict", "v": {"ok": True, "value": {
            "t": "tensor", "dtype": "float32", "shape": [2**31, 2**31, 0], "buf": 0}}}
    _codec.encode = encode
    return x


def forged_fields(x):
    _codec.encode = lambda message, buffers, depth=0: {"t": "dict", "v": {"ok": "yes"}}
    return x


def long_message(x):
    _worker.describe = lambda exc: {"type": "E" * 5000, "message": "m" * 200_000,
                                    "traceback": "t" * 50_000}
    raise ValueError("long")
'''


def probe(folder: str) -> None:
    """Run in a fresh process: one session through every attack; print outcomes and RSS."""
    import resource
    import time

    import torch

    from autograder.sandbox.problems import SubmissionProblem
    from autograder.sandbox.proxy import Student
    from autograder.sandbox.servers import Zygote
    from autograder.sandbox.session import Session
    from autograder.sandbox.confine import Config
    from pgcheck.discovery import read

    def peak_mb():
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    (Path(folder) / "probe.py").write_text(ATTACKS)
    zygote = Zygote()
    session = Session(zygote, read("s", Path(folder), "probe").load_message("probe", {}), Config())
    # these attacks are aimed at the grader's own bounds, which must hold whatever a worker
    # sends: this one runs without its harness (autograder/sandbox/harness.py), so the
    # submission's code holds the call socket itself and writes what it likes on it
    session.load_message.pop("harness")
    student = Student(session)
    x = torch.ones(4, dtype=torch.float64)
    student.ok.on("warm-up", 1e-5, x * 2)(x)
    student.largest_accepted.on("warm-up", 1e-5, x * 2)(x)   # numpy's first use, and the like
    before = peak_mb()
    outcomes = {}
    for name in ("trickle", "lying_header", "many_values", "far_larger", "largest_accepted",
                 "forged_shape", "forged_fields", "long_message", "ok"):
        start = time.monotonic()
        try:
            student.__getattr__(name).on(f"case {name}", 1e-5, x * 2)(x)
            kind, text = "returned", ""
        except SubmissionProblem as exc:
            kind, text = type(exc).__name__, str(exc)
        outcomes[name] = {"kind": kind, "text": text, "seconds": time.monotonic() - start}
    session.close()
    zygote.close()
    print(json.dumps({"outcomes": outcomes, "before_mb": before, "after_mb": peak_mb()}))


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    folder = tmp_path_factory.mktemp("bounds")
    code = f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); " \
           f"import test_bounds; test_bounds.probe({str(folder)!r})"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def outcome(run, name):
    return run["outcomes"][name]


def test_a_trickled_reply_is_stopped_at_the_calls_limit(run):
    """One byte every 0.2 s: each recv returns at once, the exchange's deadline stops it."""
    got = outcome(run, "trickle")
    assert got["kind"] == "CallTimeout", got
    assert got["seconds"] < 6, "the call's limit is 2 s (+1 s for a new worker)"


def test_a_header_declaring_2_tb_is_refused_unread_naming_both_sizes(run):
    got = outcome(run, "lying_header")
    assert got["kind"] == "AnswerTooLarge", got
    assert got["text"].startswith("your answer is 2.2 TB; expected about 1"), got["text"]
    assert got["seconds"] < 3


def test_json_of_tiny_values_is_refused_by_its_count(run):
    got = outcome(run, "many_values")
    assert got["kind"] == "AnswerTooLarge", got
    assert got["text"].startswith("your answer is made of 120,00"), got["text"]


def test_an_answer_is_refused_past_64_times_the_references_plus_the_allowance(run):
    """The reference answers 32 bytes (a frame of about 130): 800 KB is refused, 240 KB is
    within the allowance and comes back, to be judged as a wrong answer."""
    got = outcome(run, "far_larger")
    assert got["kind"] == "AnswerTooLarge", got
    assert got["text"].startswith("your answer is 800 KB; expected about 1"), got["text"]
    assert outcome(run, "largest_accepted")["kind"] == "returned"


def test_forged_frames_are_the_students_fault(run):
    for name in ("forged_shape", "forged_fields"):
        got = outcome(run, name)
        assert got["kind"] == "MalformedReply", got
        assert got["text"].startswith("your code sent a malformed reply"), got["text"]


def test_messages_are_cut_by_the_grader_whatever_the_worker_did(run):
    got = outcome(run, "long_message")
    assert got["kind"] == "StudentError", got
    limit = replies.TYPE_CHARS + replies.MESSAGE_CHARS + replies.TRACEBACK_CHARS + 200
    assert len(got["text"]) < limit, len(got["text"])


def test_the_session_goes_on_after_every_attack(run):
    assert outcome(run, "ok")["kind"] == "returned"


def test_the_graders_own_memory_stays_bounded(run):
    """Issue 22 allows the grader's peak RSS to grow by 300 MB whatever a submission sends;
    with budgets a call's reply is at most a few MB here."""
    grown = run["after_mb"] - run["before_mb"]
    print(f"peak RSS {run['before_mb']:.0f} MB before the attacks, grew by {grown:.1f} MB")
    assert grown < 50, f"the grader's peak RSS grew by {grown:.0f} MB"


def test_the_longest_error_an_honest_worker_sends_fits_any_calls_budget():
    """An exception whose message is all commas (counted as JSON values: the codec does not
    lex strings) still fits the budget of a call whose reference answers one number."""
    from autograder.sandbox import codec, worker

    reply = {"ok": False, "error": worker.describe(ValueError(",:[{" * 100_000))}
    frame = codec.pack(reply)
    budget = replies.reply_budget({"op": "call"}, codec.Size.of(codec.pack([1.0])),
                                 replies.ReferenceRun(0.001, codec.Size.of(codec.pack(1.0))))
    assert codec.Size.of(frame).values <= budget.values
    assert codec.Size.of(frame).bytes <= budget.bytes


@pytest.mark.parametrize("reply, why", [
    ({"ok": "yes"}, "not of the worker's shape"),
    ([True], "not of the worker's shape"),
    ({"ok": False, "error": ["ValueError", 1]}, "not three strings"),
    ({"ok": False, "error": {"type": "E", "message": 5}}, "not three strings"),
    ({"ok": True, "value": 1.0, "grads": 3}, "wrong type"),
    ({"ok": True, "value": 1.0, "grads": []}, "one gradient per argument"),   # checks undone
    ({"ok": True, "value": 1.0, "args_after": [1.0]}, "every argument"),
    ({"ok": True, "value": 1.0, "args_after": [1.0, 2.0], "kwargs_after": {}}, "every argument"),
])
def test_a_reply_is_checked_against_its_request(reply, why):
    """A forged reply with fewer gradients or arguments than asked for would leave the checks
    of the missing ones undone: refused like any malformed reply."""
    request = {"op": "call", "fn": "f", "args": [1.0, 2.0], "kwargs": {"k": 1},
               "grad": {"wrt": [0, "k"]}, "echo_args": True}
    with pytest.raises(ProtocolError, match=why):
        replies.Reply.parse(reply, request)


def test_texts_of_a_reply_are_cut_by_the_grader():
    error = replies.Reply.parse({"ok": False, "error": {
        "type": "T" * 10**5, "message": "m" * 10**6, "traceback": "x" * 10**6 + "the end"}},
        {"op": "call"}).error
    assert len(error.type) < replies.TYPE_CHARS + 40
    assert len(error.message) < replies.MESSAGE_CHARS + 40
    assert error.traceback.endswith("the end")
    assert len(error.traceback) < replies.TRACEBACK_CHARS + 40


def test_feedback_is_bounded_per_test_and_per_submission():
    """Whatever the failures say, a test's feedback stays within its cap, and once the
    submission's feedback is long, each further failure keeps its first line."""
    from autograder.authoring import course
    from autograder.engine import plugin

    grading = plugin.GradingPlugin(course.example(), student=None)
    texts = [grading._bounded(f"{i}: " + "\U0001d518" * 10_000 + "\nline 2") for i in range(40)]
    assert all(len(t) < plugin.TEST_OUTPUT_CHARS + 60 for t in texts)
    assert texts[-1].startswith("39: ") and texts[-1].endswith("already long]")
    most = plugin.SUBMISSION_OUTPUT_CHARS + plugin.TEST_OUTPUT_CHARS + 40 * (
        plugin.FIRST_LINE_CHARS + 100)
    assert sum(map(len, texts)) < most
