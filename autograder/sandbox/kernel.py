"""Kernel state a worker could leave for the next one, and what closes each channel.

One student's module can store something (its own source, say) in a kernel object that
outlives its worker, and a classmate's module, graded next, can read it back and run it.
:mod:`.confine` gives each worker namespaces of its own (IPC, network, mount with a private
``/tmp`` and ``/dev/shm``); this module closes what namespaces do not:

=====================  ============================================================  ==========
channel                what closes it                                                in mode
=====================  ============================================================  ==========
keyrings (user,        :func:`install_filter`: ``add_key``, ``keyctl``,              all
session, persistent)   ``request_key`` fail with EPERM; and first, for where the
                       filter is missing, :func:`fresh_keyrings`: a new session
                       keyring, the uid's own keyrings emptied
other processes,       the same filter: ``ptrace``, ``process_vm_*``, ``bpf``,       all
kernel programs        ``perf_event_open``, ``userfaultfd``, ``io_uring_*``,
and counters           mounts and new namespaces fail with EPERM
SysV message queues,   the filter: ``msg*`` and ``mq_*`` fail with EPERM (kernel     all
POSIX message queues   memory outside the worker's memory budget)
SysV shared memory     where the worker has no IPC namespace of its own, the filter  ``uid``,
and semaphores         also refuses every SysV IPC call                              ``plain``
sockets other than     the filter: ``socket`` of any family but ``AF_UNIX`` fails    all
``AF_UNIX``            with EAFNOSUPPORT (netlink's queued replies, packet rings
                       and the like are kernel memory no cgroup charges)
files a uid leaves     :func:`remove_leftovers`, run by the fork server after each   ``uid``
in shared folders      worker: what its uid owns in :data:`SHARED_FOLDERS` goes
=====================  ============================================================  ==========

The filter is built with libseccomp's Python API (``pyseccomp``, a binding over the system's
``libseccomp.so.2``), never as hand-written BPF. Where the library is missing, grading still
runs and :func:`install_filter` says so: every report lists ``seccomp NOT in force``.
"""
from __future__ import annotations

import ctypes
import errno
import os
import platform
import stat
from functools import lru_cache

try:    # libseccomp's Python API; the import fails where the system lacks libseccomp.so.2
    import pyseccomp as seccomp
except (ImportError, OSError, RuntimeError) as exc:    # pragma: no cover - machine-dependent
    seccomp, MISSING = None, f"{type(exc).__name__}: {exc}"
else:
    MISSING = ""

#: Syscalls that fail with EPERM in every worker. Docker's and Podman's default profile
#: (moby/profiles, ``seccomp/default.json``) refuses these to a container without extra
#: capabilities; torch, numpy, gymnasium and Python never need them. By what they reach:
DENIED = (
    # keyrings: kernel objects of the uid and of the session, outliving the process
    "add_key", "keyctl", "request_key",
    # other processes' memory and descriptors
    "ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "pidfd_getfd",
    # kernel programs, performance counters, page-fault handlers, a second syscall path
    "bpf", "perf_event_open", "userfaultfd", "lookup_dcookie", "fanotify_init",
    "io_uring_setup", "io_uring_enter", "io_uring_register",
    # namespaces and mounts (a user-namespace worker could otherwise lift the covers
    # :func:`.confine.isolate_filesystem` put over the course)
    "unshare", "setns", "mount", "umount2", "pivot_root", "chroot", "open_tree",
    "move_mount", "fsopen", "fsconfig", "fsmount", "fspick", "mount_setattr",
    "name_to_handle_at", "open_by_handle_at",
    # administering the machine
    "acct", "init_module", "finit_module", "delete_module", "kexec_load", "kexec_file_load",
    "reboot", "swapon", "swapoff", "quotactl", "quotactl_fd", "settimeofday",
    "clock_settime", "clock_adjtime", "syslog", "vhangup", "iopl", "ioperm", "uselib",
    "ustat", "sysfs", "_sysctl", "nfsservctl", "create_module", "get_kernel_syms",
    "query_module", "vm86", "vm86old",
    # message queues, SysV and POSIX: what they queue is kernel memory outside the worker's
    # budget (torch and Python's multiprocessing use neither: they share memory through files)
    "msgget", "msgsnd", "msgrcv", "msgctl", "mq_open", "mq_unlink", "mq_timedsend",
    "mq_timedreceive", "mq_notify", "mq_getsetattr",
)
#: the rest of SysV IPC: refused too where the worker shares the machine's IPC namespace
DENIED_WITHOUT_IPC_NAMESPACE = (
    "shmget", "shmat", "shmdt", "shmctl", "semget", "semop", "semtimedop", "semctl", "ipc",
)
#: the only socket family a worker may open: its call socket is inherited, and what torch,
#: numpy, gymnasium and Python's multiprocessing make is ``AF_UNIX``. Every other family is
#: refused with EAFNOSUPPORT (as on a kernel built without it): netlink, whose replies a
#: socket can queue unread to 8 MB each, packet, inet (no network in the namespace anyway),
#: vsock, alg, xdp...; their queues are kernel memory that no memory cgroup charges.
SOCKET_FAMILIES = (1,)      # AF_UNIX
#: ``clone`` flags that make a namespace (``clone3`` hides its flags in memory, so it answers
#: ENOSYS, as under Docker, and the C library falls back to ``clone``, whose flags are seen)
NAMESPACE_FLAGS = (0x00020000, 0x02000000, 0x04000000, 0x08000000, 0x10000000, 0x20000000,
                   0x40000000)
CLONE_THREAD = 0x00010000        #: the ``clone`` flag of a new thread (the no-fork filter's)
#: where a uid without a mount namespace of its own can leave files for the next worker
SHARED_FOLDERS = ("/tmp", "/var/tmp", "/dev/shm", "/run/lock", "/dev/mqueue")
#: keyctl(2) by machine, and what :func:`fresh_keyrings` asks of it
SYS_KEYCTL = {"x86_64": 250, "aarch64": 219}
KEYCTL_JOIN_SESSION_KEYRING, KEYCTL_SETPERM, KEYCTL_CLEAR = 1, 5, 7
KEY_SPEC_USER_KEYRING, KEY_SPEC_USER_SESSION_KEYRING = -4, -5
KEY_OWNER_ALL = 0x3F3F0000       #: the possessor's and the owner's every permission


@lru_cache(maxsize=None)
def syscall_filter(ipc_namespace: bool, no_fork: bool = False):
    """The worker's filter (built once in the fork server; each worker loads it): everything
    allowed but :data:`DENIED`, namespace-making ``clone`` flags and sockets of a family not
    in :data:`SOCKET_FAMILIES`, plus
    :data:`DENIED_WITHOUT_IPC_NAMESPACE` when the worker has no IPC namespace, and with
    ``no_fork`` (no cgroup holds the worker) every new process: ``fork``, ``vfork`` and a
    ``clone`` without ``CLONE_THREAD`` fail with EAGAIN (threads still start), so the worker's
    tree is the worker and its ``RLIMIT_AS`` is the tree's bound."""
    refuse = seccomp.ERRNO(errno.EPERM)
    rules = seccomp.SyscallFilter(defaction=seccomp.ALLOW)
    for name in DENIED + (() if ipc_namespace else DENIED_WITHOUT_IPC_NAMESPACE):
        if seccomp.resolve_syscall(seccomp.Arch.NATIVE, name) >= 0:   # < 0: not on this machine
            rules.add_rule(refuse, name)
    flags_arg = 1 if platform.machine().startswith("s390") else 0
    for flag in NAMESPACE_FLAGS:
        rules.add_rule(refuse, "clone", seccomp.Arg(flags_arg, seccomp.MASKED_EQ, flag, flag))
    rules.add_rule(seccomp.ERRNO(errno.ENOSYS), "clone3")
    unsupported = seccomp.ERRNO(errno.EAFNOSUPPORT)
    for name in ("socket", "socketpair"):
        if seccomp.resolve_syscall(seccomp.Arch.NATIVE, name) >= 0:
            # one rule for AF_UNIX only (libseccomp ANDs the comparisons of a rule)
            rules.add_rule(unsupported, name, *(seccomp.Arg(0, seccomp.NE, family)
                                                  for family in SOCKET_FAMILIES))
    if no_fork:
        again = seccomp.ERRNO(errno.EAGAIN)
        for name in ("fork", "vfork"):
            if seccomp.resolve_syscall(seccomp.Arch.NATIVE, name) >= 0:
                rules.add_rule(again, name)
        rules.add_rule(again, "clone", seccomp.Arg(flags_arg, seccomp.MASKED_EQ, CLONE_THREAD, 0))
    return rules


def install_filter(ipc_namespace: bool, no_fork: bool = False) -> str:
    """Load the filter into this process (and every process it starts from now on); the
    protection it adds, as the reports list it: ``seccomp`` (``seccomp+no-fork`` with
    ``no_fork``), or why it is not in force."""
    if seccomp is None:
        return f"seccomp NOT in force (libseccomp not found: {MISSING})"
    try:
        syscall_filter(ipc_namespace, no_fork).load()
    except OSError as exc:       # a kernel without seccomp
        return f"seccomp NOT in force ({exc})"
    return "seccomp+no-fork" if no_fork else "seccomp"


def fresh_keyrings() -> bool:
    """Start with empty keyrings, before any student code and before the filter shuts them
    off (they stay empty where there is no filter): a new session keyring instead of the
    one inherited from the grader, and the uid's user and user-session keyrings, which
    outlive every process of the uid, cleared of what an earlier worker with this uid left
    (after giving the owner back every permission, which a planter may have taken away)."""
    number = SYS_KEYCTL.get(platform.machine())
    if number is None:
        return False
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long

    def keyctl(*args) -> bool:
        return libc.syscall(ctypes.c_long(number), *map(ctypes.c_long, args)) >= 0

    done = keyctl(KEYCTL_JOIN_SESSION_KEYRING, 0)
    for ring in (KEY_SPEC_USER_KEYRING, KEY_SPEC_USER_SESSION_KEYRING):
        done = keyctl(KEYCTL_SETPERM, ring, KEY_OWNER_ALL) and keyctl(KEYCTL_CLEAR, ring) and done
    return done


def remove_leftovers(uid: int, folders=SHARED_FOLDERS) -> None:
    """As root, after a worker's processes are gone: remove what ``uid`` left in the shared
    folders, and in the world-writable folders inside them; never following a link.

    What cannot be removed (a tree deeper than Python's recursion, say) is made root's and
    unreadable, so the next worker cannot open it either."""
    for folder in folders:
        try:
            fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
        except OSError:
            continue
        try:
            _clean(fd, uid, everything=False)
        finally:
            os.close(fd)


def _clean(dir_fd: int, uid: int, everything: bool) -> None:
    """Remove the entries of ``dir_fd`` that ``uid`` owns (all of them: ``everything``),
    looking inside world-writable folders that are someone else's."""
    with os.scandir(dir_fd) as entries:
        names = [entry.name for entry in entries]
    for name in names:
        try:
            info = os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
        except OSError:
            continue
        mine = everything or info.st_uid == uid
        folder = stat.S_ISDIR(info.st_mode)
        if not mine and not (folder and info.st_mode & 0o002):
            continue
        try:
            if folder:
                sub = os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=dir_fd)
                try:
                    _clean(sub, uid, mine)
                finally:
                    os.close(sub)
                if mine:
                    os.rmdir(name, dir_fd=dir_fd)
            else:
                os.unlink(name, dir_fd=dir_fd)
        except (OSError, RecursionError):
            if mine:
                _seal(dir_fd, name)


def _seal(dir_fd: int, name: str) -> None:
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=dir_fd)
    except OSError:
        return
    try:
        os.fchown(fd, 0, 0)
        os.fchmod(fd, 0)
    except OSError:
        pass
    finally:
        os.close(fd)
