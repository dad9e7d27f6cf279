"""Limits and isolation for the process that runs student code.

Called in the freshly forked worker, before any student code is loaded. What
it can do depends on the platform; it does the most it can and returns the
list of protections that are in force, which ends up in every report.

=================  ===============================================  ==========================
protection         what it stops                                    needs
=================  ===============================================  ==========================
``session``        a worker's children outliving the kill           always (setsid + the
                   (process group), orphans escaping (subreaper     zygote as subreaper)
                   in the zygote), a worker outliving its parent
``rlimits``        memory bombs (address space), fork swarms        always (setrlimit)
                   (process count), huge files, core dumps, CPU,
                   descriptors, locked memory, queued signals
``cgroup-v1`` or   the memory, tasks and CPU of the whole tree      root and a writable cgroup
``cgroup-v2``      together (:mod:`.cgroup`): many children of      file system; else the
                   300 MB, 62 spinners                              worker may not fork
                                                                    (``no-cgroup: one
                                                                    process``), so RLIMIT_AS
                                                                    bounds its tree
``pid-namespace``  seeing or signalling the grader or any other     root, or user namespaces
                   process; a daemon that double-forks survives
                   nothing once the namespace's first process dies
``mount-namespace`` mounts of its own (needed for the next row)       root, or user namespaces
``private-root``   reading or importing the hidden suites,          root, or user namespaces
                   ``solutions/``, other submissions, the output
                   folder, any other file of the machine: the
                   worker's root holds only the system dirs and
                   Python (read-only) and an empty ``/tmp``
``net-namespace``  any network access (only a down loopback)        root, or user namespaces
``ipc-namespace``  SysV shared memory, message queues and           root, or user namespaces
                   semaphores, POSIX message queues shared with
                   other workers or outliving this one
``uid``            writing the grader's files, signalling           root (drop to an unused
                   processes of other users, uid-keyed kernel       uid: a fresh one per worker,
                   state reaching the next submission               from a block leased per job
                                                                    slot, :mod:`.uids`)
``no-new-privs``   regaining privileges through setuid binaries     Linux
``fresh-``         keys the grader's session keyring holds, or      Linux
``keyrings``       that an earlier worker stored in its session
                   or uid's keyrings for the next
``seccomp``        keyrings, ``ptrace``, ``bpf``, ``userfaultfd``,   libseccomp (else the list
                   ``perf_event_open``, mounts, new namespaces,     says ``seccomp NOT in
                   io_uring, message queues and the like            force``)
                   (:mod:`.kernel`): EPERM; sockets of any family
                   but ``AF_UNIX``: EAFNOSUPPORT
=================  ===============================================  ==========================

``mode`` selects the strength: ``auto`` (the strongest available),
``namespaces``, ``uid`` (root without namespaces) or ``plain`` (limits and
process control only, the fallback for an unprivileged user with no user
namespaces). See docs/security.md for the threat model.
"""
from __future__ import annotations

import ctypes
import os
import resource
import shutil
import signal
from contextlib import suppress
from dataclasses import dataclass, field

from autograder.sandbox import kernel

CLONE_NEWNS, CLONE_NEWUTS, CLONE_NEWIPC = 0x00020000, 0x04000000, 0x08000000
CLONE_NEWUSER, CLONE_NEWPID, CLONE_NEWNET = 0x10000000, 0x20000000, 0x40000000
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC = 1, 2, 4, 8
MS_REMOUNT, MS_BIND, MS_REC, MS_PRIVATE = 32, 4096, 16384, 1 << 18
PR_SET_PDEATHSIG, PR_SET_CHILD_SUBREAPER, PR_SET_NO_NEW_PRIVS = 1, 36, 38

MODES = ("auto", "namespaces", "uid", "plain")
#: RLIMIT_MEMLOCK: torch, numpy and Python lock no memory; 64 kB is the kernel's own default
LOCKED_BYTES = 64 * 1024
#: RLIMIT_SIGPENDING: signals queued to the worker's uid (Python's handlers take one at a time)
PENDING_SIGNALS = 256


@dataclass
class Limits:
    """Resource limits of one worker (a submission).

    A call's time limit follows the work (:meth:`call_limit`): the grader runs the reference
    on the same input anyway, so a call may take ``call_floor`` seconds plus ``call_factor``
    times what the reference took, and the first call a newly started worker answers gets
    ``warmup`` seconds more. A function that hangs is stopped at that limit, not at a fixed
    number of seconds, and its later calls are skipped (:class:`~.session.Session`);
    ``wall_budget`` stays as the last resort for the whole submission.
    """
    call_floor: float = 2.0          #: seconds any call may take, however fast the reference is
    call_factor: float = 1000.0      #: a call may also take this many times the reference's time
    warmup: float = 1.0              #: extra seconds for a new worker's first call (lazy imports)
    load_timeout: float = 10.0       #: seconds loading the submission (its top-level code) may take
    wall_budget: float = 180.0       #: seconds all calls of one submission may take together
    #: extra address space above the warm interpreter's (RLIMIT_AS). The heaviest work a
    #: submission does, the capstone's GRPO run, needs about 150 MB; a memory bomb touches
    #: all of it before it fails (``bytearray`` fills with zeros), so more only costs time,
    #: and RAM that ``--jobs`` workers share
    memory_mb: int = 1024
    max_processes: int = 64          #: processes/threads of the worker's uid, and of its tree
    #: CPUs the whole tree may use at once (a cgroup's quota): torch runs one thread
    cpus: float = 1.0
    #: memory the tree may hold beyond ``memory_mb`` (a cgroup also counts the pages a worker
    #: copies from the fork server's and the files it reads): the tree's bound is the sum
    tree_headroom_mb: int = 128
    #: a cgroup per worker where one can be made (``False``: the single-process fallback)
    cgroup: bool = True
    max_output: int = 64 * 1024      #: bytes of stdout/stderr kept for the feedback
    max_file_mb: int = 16            #: largest file the worker may write
    #: open descriptors (RLIMIT_NOFILE), which also bounds the descriptors a worker can keep
    #: in flight inside unix sockets. A correct grade of every assignment (the capstone's
    #: included) holds at most 4 at once: stdin, stdout, stderr and the call socket (a thread
    #: listing /proc/self/fd every millisecond through each reference solution's grade); 64
    #: leaves a student's own files and a torch DataLoader's pipes room, and bounds what the
    #: kernel objects behind descriptors can hold (docs/security.md, "Kernel memory")
    max_files: int = 64
    tmp_mb: int = 64                 #: size of the private /tmp (namespaces only)

    def budget(self) -> dict | None:
        """The whole tree's budget (:class:`.cgroup.Budget`'s fields), ``None`` without cgroups."""
        if not self.cgroup:
            return None
        return {"memory_mb": self.memory_mb + self.tree_headroom_mb,
                "tasks": self.max_processes, "cpus": self.cpus}

    def call_limit(self, reference_seconds: float | None) -> float:
        """Seconds a call may take when the reference took ``reference_seconds`` on the same
        input (``None``: not measured; the floor alone)."""
        return self.call_floor + self.call_factor * max(reference_seconds or 0.0, 0.0)


@dataclass
class Config:
    """How one worker confines itself. The grader sends it over the worker's own call socket,
    never through the fork server, whose memory every later worker inherits."""
    mode: str = "auto"
    uid: int | None = None     #: the uid a root grader leased for this worker (:mod:`.uids`)
    hide: list[str] = field(default_factory=list)   #: paths the worker must not see
    limits: Limits = field(default_factory=Limits)
    #: no cgroup holds this worker: it may start no process, so its own limits bound the tree
    single_process: bool = False


_libc = ctypes.CDLL(None, use_errno=True)


def _check(result: int, what: str) -> None:
    if result != 0:
        errno = ctypes.get_errno()
        raise OSError(errno, f"{what}: {os.strerror(errno)}")


def prctl(option: int, value: int) -> None:
    _check(_libc.prctl(option, value, 0, 0, 0), f"prctl({option})")


def _mount(source, target, fstype, flags, data=None) -> None:
    enc = (lambda s: s.encode() if s is not None else None)
    _check(_libc.mount(enc(source), enc(target), enc(fstype), flags, enc(data)), f"mount {target}")


def make_subreaper() -> bool:
    """Orphaned descendants come back to this process instead of init."""
    try:
        prctl(PR_SET_CHILD_SUBREAPER, 1)
        return True
    except OSError:
        return False


def namespaces_possible() -> bool:
    """Whether this process could create PID/mount/net namespaces (root, or user namespaces)."""
    if os.geteuid() == 0:
        return True
    try:
        with open("/proc/sys/user/max_user_namespaces") as fh:
            return int(fh.read()) > 0
    except (OSError, ValueError):
        return False


def resolve_mode(mode: str) -> str:
    if mode not in MODES:
        raise ValueError(f"sandbox mode must be one of {MODES}, not {mode!r}")
    if mode != "auto":
        return mode
    if namespaces_possible():
        return "namespaces"
    return "uid" if os.geteuid() == 0 else "plain"


def enter_namespaces() -> list[str]:
    """unshare PID, mount, net, IPC and UTS namespaces; as non-root through a user namespace."""
    flags = CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS
    entered = ["pid-namespace", "mount-namespace", "net-namespace", "ipc-namespace"]
    uid, gid = os.geteuid(), os.getegid()
    if uid == 0:
        _check(_libc.unshare(flags), "unshare")
        return entered
    _check(_libc.unshare(flags | CLONE_NEWUSER), "unshare")
    for name, text in (("setgroups", "deny"), ("uid_map", f"0 {uid} 1"), ("gid_map", f"0 {gid} 1")):
        with open(f"/proc/self/{name}", "w") as fh:
            fh.write(text)
    return ["user-namespace", *entered]


#: what a worker's private root shows of the machine (read-only): the system, nothing else
SYSTEM_DIRS = ("/usr", "/lib", "/lib64", "/lib32", "/libx32", "/bin", "/sbin", "/etc")
#: the only device nodes a worker gets
DEVICES = ("null", "zero", "full", "random", "urandom")
#: pivot_root(2) by machine; elsewhere chroot(2) is used
SYS_PIVOT_ROOT = {"x86_64": 155, "aarch64": 41}


def _interpreter_dirs() -> list[str]:
    """The Python installation(s) the worker runs from (a venv and its base), and sys.path."""
    import sys

    dirs = {os.path.realpath(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix)}
    dirs |= {os.path.realpath(p) for p in sys.path if p and os.path.isdir(p)}
    return sorted(dirs)


def _visible_dirs() -> list[str]:
    """Directories bound into the private root; nested ones are covered by their parent."""
    chosen: list[str] = []
    for path in sorted({*SYSTEM_DIRS, *_interpreter_dirs()}, key=len):
        if os.path.lexists(path) and not any(path.startswith(c.rstrip("/") + "/")
                                             for c in chosen):
            chosen.append(path)
    return chosen


def _pivot_root(new_root: str) -> None:
    import platform

    number = SYS_PIVOT_ROOT.get(platform.machine())
    old = os.path.join(new_root, ".old-root")
    os.makedirs(old, exist_ok=True)
    if number is not None and _libc.syscall(number, new_root.encode(), old.encode()) == 0:
        os.chdir("/")
        _check(_libc.umount2(b"/.old-root", 2), "umount old root")   # MNT_DETACH
        os.rmdir("/.old-root")
    else:
        os.chdir(new_root)
        os.chroot(".")
        os.chdir("/")


def isolate_filesystem(config: Config) -> None:
    """Inside the new namespaces: a private root holding only the system directories and the
    Python installation (read-only), its own ``/proc``, and an empty, size-limited ``/tmp``.

    Nothing else of the machine is visible: not the course (hidden suites, ``solutions/``,
    the grader's package), not other copies of it, not home directories, not any submission.
    As a second line, the course paths in ``config.hide`` are covered by empty read-only
    mounts before the system directories are bound (in case one lies inside them).
    """
    _mount(None, "/", None, MS_REC | MS_PRIVATE)
    for path in sorted(set(config.hide), key=len):
        if os.path.isdir(path):
            _mount("tmpfs", path, "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC | MS_RDONLY,
                   "size=4k,mode=000")
        elif os.path.exists(path):
            _mount("/dev/null", path, None, MS_BIND)
    # Hold every directory to show by a descriptor first: /tmp (perhaps holding a venv) is
    # about to be covered by the new root.
    keep = {}
    for path in _visible_dirs():
        if os.path.islink(path):
            keep[path] = ("link", os.readlink(path))
        elif os.path.isdir(path):
            keep[path] = ("dir", os.open(path, os.O_RDONLY | os.O_DIRECTORY))
    root = "/tmp"
    _mount("tmpfs", root, "tmpfs", MS_NOSUID | MS_NODEV,
           f"size={config.limits.tmp_mb}m,mode=755")
    for path, (kind, what) in keep.items():
        target = root + path
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if kind == "link":
            os.symlink(what, target)
            continue
        os.makedirs(target, exist_ok=True)
        _mount(f"/proc/self/fd/{what}", target, None, MS_BIND | MS_REC)
        _mount(None, target, None, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID)
        os.close(what)
    for path in ("/tmp", "/proc", "/dev/shm"):
        os.makedirs(root + path, exist_ok=True)
    os.chmod(root + "/tmp", 0o1777)
    os.chmod(root + "/dev/shm", 0o1777)
    for name in DEVICES:
        if os.path.exists(f"/dev/{name}"):
            open(f"{root}/dev/{name}", "w").close()
            _mount(f"/dev/{name}", f"{root}/dev/{name}", None, MS_BIND)
    for name, target in (("fd", "/proc/self/fd"), ("stdin", "/proc/self/fd/0"),
                         ("stdout", "/proc/self/fd/1"), ("stderr", "/proc/self/fd/2")):
        os.symlink(target, f"{root}/dev/{name}")
    _mount("proc", root + "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC)
    _pivot_root(root)


def apply_limits(limits: Limits, *, processes: bool) -> None:
    def cap(which, value):
        soft, hard = resource.getrlimit(which)
        value = value if hard == resource.RLIM_INFINITY else min(value, hard)
        resource.setrlimit(which, (value, value))

    with open("/proc/self/statm") as fh:
        current = int(fh.read().split()[0]) * resource.getpagesize()
    cap(resource.RLIMIT_AS, current + limits.memory_mb * (1 << 20))
    cap(resource.RLIMIT_FSIZE, limits.max_file_mb * (1 << 20))
    cap(resource.RLIMIT_CORE, 0)
    cap(resource.RLIMIT_CPU, int(limits.wall_budget) + 30)
    cap(resource.RLIMIT_NOFILE, limits.max_files)
    # kernel objects no memory cgroup charges in full, bounded per worker (docs/security.md,
    # "Kernel memory"): locked pages, queued signals (and POSIX timers, which reserve one);
    # message queues are refused by the filter as well (:mod:`.kernel`)
    cap(resource.RLIMIT_MEMLOCK, LOCKED_BYTES)
    cap(resource.RLIMIT_SIGPENDING, PENDING_SIGNALS)
    cap(resource.RLIMIT_MSGQUEUE, 0)
    if processes:  # per-uid count: only meaningful once the worker has its own uid
        cap(resource.RLIMIT_NPROC, limits.max_processes)


def workdir(pid: int, uid: int) -> str:
    """The working folder of worker ``pid`` running as ``uid``: in the host's /tmp in plain and
    uid modes, in the worker's own /tmp in namespaces mode."""
    return f"/tmp/autograde-work-{pid}-{uid}"


def private_workdir(uid: int | None) -> str:
    path = workdir(os.getpid(), uid if uid is not None else os.getuid())
    os.makedirs(path, mode=0o700, exist_ok=True)
    if uid is not None:
        os.chown(path, uid, uid)
    return path


#: what the worker's environment points into its private working folder: a home, and the
#: config and cache folders of XDG (Fontconfig's cache), matplotlib's own
HOME_VARIABLES = {"HOME": "", "XDG_CONFIG_HOME": ".config", "XDG_CACHE_HOME": ".cache",
                  "MPLCONFIGDIR": ".config/matplotlib"}


def private_home(folder: str) -> None:
    """Give the worker a writable home inside its private working folder (a fresh one per
    worker, removed with it): libraries that write a config or cache (matplotlib, Fontconfig)
    find one and stay quiet, instead of warning about the fork server's ``/nonexistent`` home
    in what the student's code printed. Called as the worker's own uid: what it creates is
    its own."""
    for variable, below in HOME_VARIABLES.items():
        path = os.path.join(folder, below) if below else folder
        os.makedirs(path, mode=0o700, exist_ok=True)
        os.environ[variable] = path


def remove_workdir(pid: int) -> None:
    """Once worker ``pid`` is reaped: remove the folder it worked in under our own uid (plain
    mode; a leased uid's folder goes with everything else that uid left,
    :func:`.kernel.remove_leftovers`). A link there is not followed (``shutil.rmtree``)."""
    shutil.rmtree(workdir(pid, os.getuid()), ignore_errors=True)


def enter(config: Config, fork_init) -> list[str]:
    """Confine the current (forked) process; returns the protections now in force.

    ``fork_init`` is called in namespace mode: the current process forks the
    namespace's first process, which carries on; the current process only
    waits for it and mirrors its exit status (``fork_init`` never returns there).
    The last steps, once nothing of ours needs them any more: empty keyrings, then the
    syscall filter (:mod:`.kernel`).
    """
    was_root = os.geteuid() == 0
    os.setsid()
    prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)   # a too-large write fails instead of killing
    mode = resolve_mode(config.mode)
    protections = ["session", "rlimits"]
    if mode == "namespaces":
        try:
            protections += enter_namespaces()
        except OSError:
            mode = "uid" if was_root else "plain"
        else:
            fork_init()                                # returns only in the namespace's init
            prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
            isolate_filesystem(config)
            protections.append("private-root")
    uid = None
    if was_root and mode in ("namespaces", "uid"):
        if config.uid is None:
            raise ValueError("a root grader must lease a uid for each worker")
        uid = config.uid
    os.chdir(private_workdir(uid))
    apply_limits(config.limits, processes=uid is not None)
    if uid is not None:     # drop every privilege: no group, the leased uid as gid and uid
        os.setgroups([])
        os.setgid(uid)
        os.setuid(uid)
        protections.append("uid")
    private_home(os.getcwd())
    with suppress(OSError):
        prctl(PR_SET_NO_NEW_PRIVS, 1)
        protections.append("no-new-privs")
    if kernel.fresh_keyrings():
        protections.append("fresh-keyrings")
    protections.append(kernel.install_filter(ipc_namespace="ipc-namespace" in protections,
                                             no_fork=config.single_process))
    return protections
