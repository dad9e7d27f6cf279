"""No state survives a worker (issue 22, point 2; docs/security.md, "No state survives a worker").

``tests/worker_state_probe.py`` is a submission that looks through every channel a worker might
share with another (keyrings, SysV and POSIX IPC, an abstract socket, /dev/shm, /tmp, every
world-writable folder it can see, the memory it inherits from the fork server), then plants the
reference solution's source through each. Graded as the example assignment with
``autograde grade --jobs 1``: a planter, then a finder in the same batch (same job slot, next
worker), then a finder in a separate, later ``grade`` run. The finders execute whatever they
find, so any point they earn came through a channel; they must see nothing and score 0. A
control in ``--sandbox plain`` (no namespaces, no uid) shows that the finder does find what
crosses there. Then: two graders running at once give their workers different uids, and the
syscall filter refuses what Docker's default profile refuses, with EPERM, while torch, numpy and
gymnasium still work.
"""
import json
import os
import re
import secrets
import subprocess
import sys
import time
from pathlib import Path

import pytest

from autograder.authoring import course
from autograder.sandbox import kernel, uids
from autograder.sandbox.confine import namespaces_possible
from conftest import ROOT, lost, make_submission

EX = course.example()
PROBE = (ROOT / "tests" / "worker_state_probe.py").read_text()
ROOT_ONLY = pytest.mark.skipif(os.geteuid() != 0, reason=(
    "NOT CHECKED: worker uids, uid leases and the uid-mode clean-up need a root grader"))
NO_SECCOMP = pytest.mark.skipif(kernel.seccomp is None, reason=(
    f"NOT CHECKED: the syscall filter: libseccomp is missing here ({kernel.MISSING})"))
KEYRINGS = ("session-keyring", "user-keyring", "user-session-keyring")
SYSV = ("sysv-shm", "sysv-msg", "sysv-sem")
FILES = ("dev-shm-file", "tmp-file", "writable-folders")
#: what the planter's plants do, by mode: planted (and then gone with the worker, or removed
#: after it), or refused by the syscall filter
PLANTS = {
    "namespaces": {**dict.fromkeys((*KEYRINGS, "sysv-msg", "posix-mqueue"), "refused EPERM"),
                   **dict.fromkeys(("sysv-shm", "sysv-sem", "posix-shm", "abstract-socket",
                                    *FILES), "planted")},
    "uid": {**dict.fromkeys((*KEYRINGS, *SYSV, "posix-mqueue"), "refused EPERM"),
            **dict.fromkeys(("posix-shm", "abstract-socket", *FILES), "planted")},
}
LINE = re.compile(r"^probe (look|planted-in|plant|uid) ?([\w/.-]*):? ?(.*)$", re.M)


def probe(tag: str, payload: str = "", needle: tuple[str, str] | None = None) -> str:
    return f"TAG = {tag!r}\nPAYLOAD = {payload!r}\nNEEDLE = {needle!r}\n" + PROBE


#: ``autograde`` with the student's process left without its harness: the probe reaches the
#: kernel through ``ctypes``, which the harness refuses as tampering before any syscall is made
#: (tests/test_forgeries.py); this test is of the layer under it, the namespaces, uids and
#: syscall filter, which must hold whatever code runs in the worker. The grading processes
#: are forked from this one, so the empty harness reaches every session they make.
WITHOUT_HARNESS = [sys.executable, "-c", "import sys\nfrom autograder.sandbox import session\n"
                   "session.HARNESS = ''\nfrom autograder.cli import main\nsys.exit(main())"]


def grade(batch: Path, out: Path, *extra: str) -> dict:
    proc = subprocess.run([*WITHOUT_HARNESS, "grade", str(batch),
                           "--assignment", EX.name, "--jobs", "1", "--out", str(out), "--json",
                           *extra], capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return {r["submission"]: r for r in json.loads(proc.stdout)}


def report(out: Path, student: str) -> dict:
    """{"look": {channel: what}, "plant": {channel: what}, "uid": int} from its feedback."""
    text = (out / student / "feedback.md").read_text()
    found: dict = {"look": {}, "plant": {}, "planted-in": []}
    for step, channel, what in LINE.findall(text):
        if step == "uid":
            found["uid"] = int(channel)
        elif step == "planted-in":
            found["planted-in"].append(channel)
        else:
            found[step][channel] = what
    assert found["look"], f"{student} printed no probe report:\n{text[-2000:]}"
    return found


def saw_nothing(seen: dict) -> dict:
    """The channels through which a finder saw something (or could not look)."""
    return {c: w for c, w in seen["look"].items() if w not in ("absent", "refused EPERM")}


def run_modes() -> list[str]:
    modes = ["namespaces"] if os.geteuid() == 0 and namespaces_possible() else []
    return modes + ["uid"]


@ROOT_ONLY
@NO_SECCOMP
@pytest.mark.slow
@pytest.mark.parametrize("mode", run_modes())
def test_nothing_a_worker_plants_reaches_the_next_worker_or_a_later_run(tmp_path, mode):
    token, tag = secrets.token_hex(8), f"pgprobe-{secrets.token_hex(4)}"
    needle = (token[:8], token[8:])      # the finder never holds the planter's name whole
    batch = tmp_path / "batch"
    make_submission(batch / f"a0-{token}", EX.name,
                    probe(tag, payload=EX.reference_module.read_text()))
    for earlier in range(1, 4):          # more students before the finder, names marked too
        make_submission(batch / f"a{earlier}-{token}", EX.name, "answer = None\n")
    make_submission(batch / "b-finder", EX.name, probe(tag, needle=needle))
    results = grade(batch, tmp_path / "out", "--sandbox", mode)
    later = tmp_path / "later"
    make_submission(later / "c-later-finder", EX.name, probe(tag, needle=needle))
    results |= grade(later, tmp_path / "out-later", "--sandbox", mode)

    planter = report(tmp_path / "out", f"a0-{token}")
    assert planter["plant"] == PLANTS[mode]
    extra = json.loads((tmp_path / "out" / f"a0-{token}" / "results.json").read_text())
    assert {"uid", "fresh-keyrings", "seccomp", *(["ipc-namespace"] if mode == "namespaces"
                                                 else [])} <= set(extra["extra_data"]["protections"])
    finders = {"the next worker": report(tmp_path / "out", "b-finder"),
               "a later run": report(tmp_path / "out-later", "c-later-finder")}
    for who, seen in finders.items():
        assert set(seen["look"]) == {*PLANTS[mode], "inherited-memory"}
        assert saw_nothing(seen) == {}, f"{who} saw what the planter left ({mode} mode)"
    assert results["b-finder"]["score"] == results["c-later-finder"]["score"] == 0
    worker_uids = [planter["uid"], finders["the next worker"]["uid"]]
    assert all(map(uids.is_worker_uid, worker_uids)) and len(set(worker_uids)) == 2, \
        "each worker of a job slot gets a fresh uid"


@ROOT_ONLY
@pytest.mark.slow
def test_the_finder_finds_what_crosses_where_nothing_stops_it(tmp_path):
    """The control: ``--sandbox plain`` has no private /tmp and no uid, so the planter's files
    reach the finder, which runs them (full marks); and the finder's memory scan finds a name
    that its own memory does hold (its own folder's, in the paths it hides)."""
    token, tag = secrets.token_hex(8), f"pgprobe-{secrets.token_hex(4)}"
    batch = tmp_path / "batch"
    make_submission(batch / "a-planter", EX.name,
                    probe(tag, payload=EX.reference_module.read_text()))
    make_submission(batch / f"b-{token}", EX.name, probe(tag, needle=(token[:8], token[8:])))
    try:
        results = grade(batch, tmp_path / "out", "--sandbox", "plain")
        seen = report(tmp_path / "out", f"b-{token}")
    finally:
        planted = [Path(folder, f"{tag}-any")
                   for folder in report(tmp_path / "out", "a-planter")["planted-in"]]
        for path in [*planted, Path("/tmp", f"{tag}-tmp"), Path("/dev/shm", f"{tag}-dev-shm"),
                     Path("/dev/shm", f"{tag}-posix")]:
            path.unlink(missing_ok=True)
    for channel in ("tmp-file", "dev-shm-file", "posix-shm", "writable-folders",
                    "inherited-memory"):
        assert seen["look"][channel].startswith("FOUND"), (channel, seen["look"])
    score = results[f"b-{token}"]
    assert score["max_score"] > 0 and not lost(score)


def leased_by_others(folder: Path) -> bool:
    import fcntl

    for lock in sorted(folder.glob("block-*.lock")):
        fd = os.open(lock, os.O_RDWR)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        finally:
            os.close(fd)
    return False


@ROOT_ONLY
@pytest.mark.slow
def test_two_graders_at_once_give_their_workers_different_uids(tmp_path):
    sleeper = "import os, time\nprint(f'probe uid {os.getuid()}')\ntime.sleep(3)\n"
    cmd = [sys.executable, "-m", "autograder.cli", "grade", "--assignment", EX.name,
           "--jobs", "1", "--json"]
    procs = []
    for name in ("first", "second"):
        make_submission(tmp_path / name / "student", EX.name, sleeper)
        procs.append(subprocess.Popen([*cmd, str(tmp_path / name), "--out",
                                       str(tmp_path / f"out-{name}")], cwd=ROOT,
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE))
        deadline = time.monotonic() + 60   # the second starts once the first holds its block
        while name == "first" and not leased_by_others(uids.lock_dir()):
            assert time.monotonic() < deadline and procs[0].poll() is None, "no lease taken"
            time.sleep(0.1)
    for proc in procs:
        assert proc.wait(timeout=300) == 0, proc.stderr.read().decode()[-2000:]
    seen = [int(re.search(r"probe uid (\d+)",
                          (tmp_path / f"out-{n}" / "student" / "feedback.md").read_text())[1])
            for n in ("first", "second")]
    assert all(map(uids.is_worker_uid, seen)) and seen[0] != seen[1], seen


def test_a_plain_worker_leaves_no_working_folder_behind(tmp_path):
    """Each worker works in a folder of its own. In plain mode that folder is in the host's
    /tmp, and it used to stay there, one per worker; now the fork server removes it when it
    reaps the worker. (A leased uid's folder goes with the rest of what that uid left:
    ``test_leftovers_of_a_uid_are_removed_and_nothing_else``; in namespaces mode it is in the
    worker's own /tmp.) The submission writes down where it ran; the folder must be gone."""
    seen = tmp_path / "cwd"
    code = f"import os\nopen({str(seen)!r}, 'w').write(os.getcwd())\n"
    make_submission(tmp_path / "batch" / "s", EX.name, code + EX.reference_module.read_text())
    grade(tmp_path / "batch", tmp_path / "out", "--sandbox", "plain")
    where = seen.read_text()
    assert where.startswith("/tmp/autograde-work-") and not os.path.lexists(where), where


def test_uid_blocks_are_leased_once_until_released(tmp_path):
    first, second = uids.lease(tmp_path), uids.lease(tmp_path)
    assert first.block != second.block
    handed = [first.next_uid() for _ in range(uids.BLOCK + 1)]
    assert len(set(handed)) == uids.BLOCK and handed[0] == handed[-1] == first.first
    assert not any(second.owns(u) for u in handed) and all(map(uids.is_worker_uid, handed))
    first.release()
    assert uids.lease(tmp_path).block == first.block     # free again once released
    assert not uids.is_worker_uid(0) and not uids.is_worker_uid(os.getuid() or 1000)


def test_uid_leases_refuse_a_folder_others_can_write(tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o777)
    shared.chmod(0o777)
    with pytest.raises(uids.NoFreeUids, match="not a private folder"):
        uids.lease(shared)


@ROOT_ONLY
def test_leftovers_of_a_uid_are_removed_and_nothing_else(tmp_path):
    uid, other = uids.BASE_UID + 7, uids.BASE_UID + 8
    shared = tmp_path / "tmp"
    (shared / "world").mkdir(parents=True)
    (shared / "world").chmod(0o1777)
    (shared / "private").mkdir(mode=0o700)
    targets = {"file": shared / "left", "nested": shared / "world" / "left",
               "tree": shared / "tree" / "a" / "b" / "c"}
    targets["tree"].mkdir(parents=True)
    (targets["tree"] / "payload").write_text("x")
    for path in (targets["file"], targets["nested"], shared / "private" / "left"):
        path.write_text("payload")
    keep = {shared / "others", shared / "world" / "others", shared / "private" / "left"}
    for path in keep - {shared / "private" / "left"}:
        path.write_text("not the worker's")
        os.chown(path, other, other)
    outside = tmp_path / "outside"
    outside.write_text("reached through a link")
    os.chown(outside, uid, uid)
    (shared / "world" / "link").symlink_to(outside)
    for path in [targets["file"], targets["nested"], shared / "tree", shared / "private" / "left",
                 *(shared / "tree").rglob("*")]:
        os.chown(path, uid, uid, follow_symlinks=False)
    os.chown(shared / "world" / "link", uid, uid, follow_symlinks=False)
    os.chown(shared / "private" / "left", 0, 0)

    kernel.remove_leftovers(uid, folders=[str(shared)])

    assert not any(p.exists() for p in (targets["file"], targets["nested"], shared / "tree"))
    assert not (shared / "world" / "link").is_symlink() and outside.exists()
    assert all(p.exists() for p in keep)


KEYRING_REUSE = """
import ctypes, os, platform, sys
from autograder.sandbox import kernel
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
L = ctypes.c_long
ADD_KEY, KEYCTL = {"x86_64": (248, 250), "aarch64": (217, 219)}[platform.machine()]
uid = int(sys.argv[1])
def as_uid(step):
    pid = os.fork()
    if pid == 0:
        os.setgroups([]); os.setgid(uid); os.setuid(uid)
        os._exit(step())
    return os.waitpid(pid, 0)[1] >> 8
def plant():      # a payload in both keyrings of the uid; the owner's write permission taken
    for ring in (-4, -5):
        if libc.syscall(L(ADD_KEY), b"user", b"pg-payload", b"print(1)", L(8), L(ring)) < 0:
            return 1
        libc.syscall(L(KEYCTL), L(5), L(ring), L(0x3F010000))     # SETPERM: view only
    return 0
def found():
    return sum(libc.syscall(L(KEYCTL), L(10), L(ring), b"user", b"pg-payload", L(0)) > 0
               for ring in (-4, -5))
print(as_uid(plant), as_uid(found), as_uid(lambda: kernel.fresh_keyrings() and found()))
"""


@ROOT_ONLY
def test_a_uid_comes_back_to_empty_keyrings_even_without_the_filter():
    """The uid's keyrings outlive its processes; the next worker with that uid empties them
    before any student code (for machines where libseccomp is missing)."""
    unused = uids.BASE_UID + uids.BLOCKS * uids.BLOCK        # no grader hands this one out
    proc = subprocess.run([sys.executable, "-c", KEYRING_REUSE, str(unused)],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    planted, seen_before, seen_after = map(int, proc.stdout.split())
    assert (planted, seen_before, seen_after) == (0, 2, 0), proc.stderr


SYSCALLS = """
import ctypes, errno, json, os, platform, subprocess, sys, threading
import numpy, torch, gymnasium       # warm, as in the fork server; each variant in a fork
from autograder.sandbox import kernel
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
L = ctypes.c_long
NR = {"x86_64": dict(add_key=248, request_key=249, keyctl=250, ptrace=101, bpf=321,
                     userfaultfd=323, perf_event_open=298, unshare=272, mount=165,
                     io_uring_setup=425, process_vm_readv=310, clone=56, clone3=435,
                     shmget=29, msgget=68, semget=64, mq_open=240),
      "aarch64": dict(add_key=217, request_key=218, keyctl=219, ptrace=117, bpf=280,
                      userfaultfd=282, perf_event_open=241, unshare=97, mount=40,
                      io_uring_setup=425, process_vm_readv=270, clone=220, clone3=435,
                      shmget=194, msgget=186, semget=190, mq_open=180)}[platform.machine()]
def errno_of(name, *args):
    ctypes.set_errno(0)
    done = libc.syscall(L(NR[name]), *(L(a) for a in args))
    if done == 0 and name == "clone":      # let through: we are the new process
        os._exit(0)
    return errno.errorcode.get(ctypes.get_errno(), "none") if done < 0 else "allowed"
def variant(ipc_namespace):
    seen = {"protection": kernel.install_filter(ipc_namespace)}
    if seen["protection"] == "seccomp":    # unfiltered, some of these would do something
        seen |= {name: errno_of(name, 0, 0, 0, 0, 0) for name in NR
                 if name not in ("clone", "clone3")}
        seen["clone"] = errno_of("clone", 0x10000000 | 17, 0, 0, 0, 0)   # CLONE_NEWUSER|SIGCHLD
        seen["clone3"] = errno_of("clone3", 0, 0)
    x = torch.ones(64, 64, requires_grad=True)
    (x @ x).sum().backward()
    torch.set_num_threads(4)
    threads = [threading.Thread(target=lambda: torch.randn(256, 256) @ torch.randn(256, 256))
               for _ in range(4)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    env = gymnasium.make("CartPole-v1")
    env.reset(seed=0)
    env.step(0)
    pid = os.fork()
    if pid == 0:
        os._exit(7)
    assert os.waitpid(pid, 0)[1] >> 8 == 7
    seen["works"] = [float(x.grad.sum()), float(numpy.ones(3).sum()),
                     subprocess.run(["/bin/true"]).returncode]
    return seen
for ipc_namespace in (True, False):
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.write(write, json.dumps(variant(ipc_namespace)).encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as fh:
        print(fh.read(), flush=True)
    os.waitpid(pid, 0)
"""
WORKS = [64 * 64 * 128.0, 3.0, 0]    # the gradient's sum, numpy's, /bin/true's exit status


@NO_SECCOMP
def test_the_filter_refuses_what_containers_refuse_and_torch_still_works():
    proc = subprocess.run([sys.executable, "-c", SYSCALLS], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    own_ipc, shared_ipc = map(json.loads, proc.stdout.splitlines())
    denied = {"add_key", "request_key", "keyctl", "ptrace", "bpf", "userfaultfd",
              "perf_event_open", "unshare", "mount", "io_uring_setup", "process_vm_readv",
              "clone", "msgget", "mq_open"}     # message queues: kernel memory, refused always
    ipc = {"shmget", "semget"}
    for seen, refused in ((own_ipc, denied), (shared_ipc, denied | ipc)):
        assert seen["protection"] == "seccomp"
        assert {name: seen[name] for name in refused} == dict.fromkeys(refused, "EPERM")
        assert seen["clone3"] == "ENOSYS"    # the C library then falls back to clone
        assert seen["works"] == WORKS
    assert all(own_ipc[n] != "EPERM" for n in ipc), "with its own IPC namespace, IPC works"


def test_without_libseccomp_the_protections_say_the_filter_is_not_in_force():
    proc = subprocess.run([sys.executable, "-c", "import sys\nsys.modules['pyseccomp'] = None\n"
                           "from autograder.sandbox import kernel\n"
                           "print(kernel.install_filter(True))"],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.stdout.startswith("seccomp NOT in force (libseccomp not found"), proc.stderr
