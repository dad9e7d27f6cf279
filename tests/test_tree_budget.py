"""One submission, one budget (issue 34): the memory, tasks and CPU of a worker's whole tree.

Where the grader may make a cgroup (root, a writable ``/sys/fs/cgroup``, v1 or v2), each worker
has one (:mod:`autograder.sandbox.cgroup`): children that each touch 300 MB cannot hold more
together than the tree's budget, a swarm of children stops at the tasks limit, and the group
is gone once the worker is reaped. Where none can be made (here forced with
``Limits(cgroup=False)``), the worker may start no process at all, so its own ``RLIMIT_AS``
is the tree's bound. Either way, the protections list names the bound that was in force.
"""
import os
from pathlib import Path

import pytest

from autograder.sandbox import cgroup
from autograder.sandbox.confine import Config, Limits
from autograder.sandbox.problems import SubmissionProblem
from autograder.sandbox.proxy import Student
from autograder.sandbox.servers import Zygote
from autograder.sandbox.session import Session
from pgcheck.discovery import read

CHILDREN = '''
import os, time

def hoard(n, mb):
    """Fork n children that each touch mb MB and wait; report how many held it at once."""
    pids, r, w = [], *os.pipe()
    for _ in range(n):
        try:
            pid = os.fork()
        except OSError as exc:
            return f"fork refused: {exc.errno}"
        if pid == 0:
            try:
                block = bytearray(mb << 20)
                os.write(w, b"x")
                time.sleep(30)
            finally:
                os._exit(0)
        pids.append(pid)
    deadline, held = time.monotonic() + 8, 0
    os.set_blocking(r, False)
    while time.monotonic() < deadline and held < n:
        try:
            held += len(os.read(r, 100))
        except BlockingIOError:
            time.sleep(0.05)
    return f"held {held}"

def spawn(n):
    started = 0
    for _ in range(n):
        try:
            if os.fork() == 0:
                time.sleep(30)
                os._exit(0)
            started += 1
        except OSError:
            break
    return started
'''

CGROUP = cgroup.version() and os.geteuid() == 0
needs_cgroup = pytest.mark.skipif(not CGROUP, reason="needs root and a cgroup file system")


def session_for(tmp_path: Path, limits: Limits) -> tuple[Zygote, Session, Student]:
    (tmp_path / "tree.py").write_text(CHILDREN)
    zygote = Zygote()
    message = read("s", tmp_path, "tree").load_message("tree", {})
    session = Session(zygote, message, Config(limits=limits))
    return zygote, session, Student(session)


def call(student, name, *args):
    try:
        return student.__getattr__(name).on("the case", 0.0, None)(*args)
    except SubmissionProblem as exc:
        return f"{type(exc).__name__}: {exc}"


@needs_cgroup
def test_children_of_300_mb_hold_no_more_together_than_the_trees_budget(tmp_path):
    zygote, session, student = session_for(tmp_path, Limits(memory_mb=400, tree_headroom_mb=0))
    try:
        outcome = call(student, "hoard", 7, 300)
        bound = session.protections[-1]
    finally:
        session.close()
        peak = zygote.peak_mb
        zygote.close()
    assert bound.startswith(f"cgroup-{cgroup.version()} (tree: 400 MB, 64 tasks, 1 CPU)"), bound
    assert outcome != "held 7", outcome      # seven did not all hold their 300 MB at once
    assert 0 < peak <= 401, peak             # the tree's own high-water mark, from the kernel


@needs_cgroup
def test_a_swarm_stops_at_the_tasks_limit_and_the_group_goes_with_the_worker(tmp_path):
    zygote, session, student = session_for(tmp_path, Limits(max_processes=12))
    try:
        started = call(student, "spawn", 60)
        pid = session.zygote.pid
        mine = [p for p in Path(f"{cgroup.ROOT}/pids").rglob(f"autograde-{pid}/w*")] \
            if cgroup.version() == "v1" else list(Path(cgroup.ROOT).rglob(f"autograde-{pid}/w*"))
        assert len(mine) == 1
    finally:
        session.close()
    try:
        assert isinstance(started, int) and 0 < started < 12, started
        assert not mine[0].exists()              # removed when the worker was reaped
    finally:
        zygote.close()


def test_without_a_cgroup_the_worker_may_start_no_process_and_says_so(tmp_path):
    zygote, session, student = session_for(tmp_path, Limits(cgroup=False, memory_mb=512))
    try:
        outcome = call(student, "spawn", 5)
        protections = list(session.protections)
    finally:
        session.close()
        zygote.close()
    assert protections[-1] == "no-cgroup: one process, tree 512 MB (cgroups turned off)"
    assert "seccomp+no-fork" in protections
    assert outcome == 0                      # not one child: RLIMIT_AS bounds the whole tree


def test_the_security_doc_states_the_limits_the_code_keeps():
    from pgcheck.answers import WRITTEN_CHARS

    doc = (Path(__file__).resolve().parent.parent / "docs" / "security.md").read_text()
    limits = Limits()
    assert f"`pgcheck.answers.WRITTEN_CHARS` ({WRITTEN_CHARS:,} characters" not in doc
    assert f"`pgcheck.answers.WRITTEN_CHARS` ({WRITTEN_CHARS:,}) characters" in doc
    tree = limits.memory_mb + limits.tree_headroom_mb
    assert f"({tree:,} MB;" in doc and f"(tree: {tree} MB, {limits.max_processes} tasks, " \
        f"{limits.cpus:g} CPU)" in doc
    assert f"tree {limits.memory_mb} MB (why)" in doc
    assert "2,000 characters" not in doc
