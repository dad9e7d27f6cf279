"""A submission that tries to hold kernel memory outside its memory budget, one function per
kernel-object class (tests/test_kernel_budget.py grades it in a sandboxed worker).

Each hoard keeps what it made in ``HELD`` (so it stays held while the grader measures) and
returns what the kernel let it hold: a count, bytes, or the error that refused it.
"""
import ctypes
import errno
import fcntl
import os
import signal
import socket
import struct

HELD = []
_libc = ctypes.CDLL(None, use_errno=True)


def _refused(exc: OSError) -> str:
    return f"refused {errno.errorcode.get(exc.errno, exc.errno)}"


def descriptors_open() -> int:
    """How many descriptors the worker holds now (the honest control's figure)."""
    return len(os.listdir("/proc/self/fd")) - 1


def netlink_hoard(sockets: int, requests: int):
    """The issue's hoard: netlink sockets with 8 MB receive buffers, sent requests whose
    replies are never read. Returns the sockets made, or the error refusing the first."""
    for _ in range(sockets):
        try:
            s = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 0)    # NETLINK_ROUTE
        except OSError as exc:
            return _refused(exc)
        HELD.append(s)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 8 << 20)
        s.setblocking(False)
        getlink = struct.pack("=LHHLLBxxxiII", 32, 18, 1, 1, 0, 0, 1, 0, 0)   # RTM_GETLINK lo
        for _ in range(requests):
            try:
                s.send(getlink)
            except OSError:
                break
    return len(HELD)


def family(name: str, kind: str = "SOCK_DGRAM") -> str:
    """Open one socket of family ``name``: "allowed" or the error refusing it."""
    try:
        s = socket.socket(getattr(socket, name, None) or int(name), getattr(socket, kind))
    except OSError as exc:
        return _refused(exc)
    s.close()
    return "allowed"


def pair_family(name: str) -> str:
    try:
        a, b = socket.socketpair(getattr(socket, name))
    except OSError as exc:
        return _refused(exc)
    a.close(), b.close()
    return "allowed"


def descriptor_hoard(n: int) -> int:
    """Open ``n`` descriptors (eventfds, timerfds, epolls, pipes: each a kernel object):
    how many the kernel gave."""
    made = 0
    for i in range(n):
        try:
            if i % 3 == 0:
                HELD.append(os.eventfd(0))
            elif i % 3 == 1:
                import select
                HELD.append(select.epoll())
            else:
                HELD.extend(os.pipe())
        except OSError:
            break
        made += 1
    return made


def unix_buffer_hoard(pairs: int) -> int:
    """Socket pairs with the largest send buffers, filled, never read: bytes queued."""
    queued = 0
    for _ in range(pairs):
        try:
            a, b = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        except OSError:
            break
        HELD.extend((a, b))
        a.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 64 << 20)
        b.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 64 << 20)
        a.setblocking(False)
        while True:
            try:
                queued += a.send(b"x" * 65536)
            except OSError:
                break
    return queued


def pipe_hoard(pipes: int) -> int:
    """Pipes grown to the largest size the kernel allows, filled, never read: bytes queued."""
    queued = 0
    for _ in range(pipes):
        try:
            r, w = os.pipe()
        except OSError:
            break
        HELD.extend((r, w))
        try:
            fcntl.fcntl(w, 1031, 1 << 20)       # F_SETPIPE_SZ
        except OSError:
            pass
        os.set_blocking(w, False)
        while True:
            try:
                queued += os.write(w, b"x" * 65536)
            except OSError:
                break
    return queued


def inflight_hoard(n: int) -> int:
    """Descriptors sent over a unix socket and closed, so only the kernel holds them (each
    a socket pair that could hold buffers of its own): how many got in flight."""
    a, b = socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)
    HELD.extend((a, b))
    sent = 0
    for _ in range(n):
        try:
            x, y = socket.socketpair()
        except OSError:
            break
        try:
            a.sendmsg([b"x"], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, struct.pack("ii", x.fileno(), y.fileno()))],
                      socket.MSG_DONTWAIT)
            sent += 2
        except OSError:
            x.close(), y.close()
            break
        x.close(), y.close()
    return sent


def message_queues() -> dict:
    """SysV msgget and POSIX mq_open: made, or the error refusing them."""
    seen = {}
    ident = _libc.msgget(0, 0o1000 | 0o600)          # IPC_PRIVATE, IPC_CREAT
    seen["msgget"] = "made" if ident >= 0 else \
        f"refused {errno.errorcode.get(ctypes.get_errno())}"
    _libc.mq_open.restype = ctypes.c_int
    mqd = _libc.mq_open(b"/hoard", os.O_CREAT | os.O_RDWR, 0o600, None)
    seen["mq_open"] = "made" if mqd >= 0 else \
        f"refused {errno.errorcode.get(ctypes.get_errno())}"
    return seen


def syscalls() -> dict:
    """Kernel objects outside any cgroup's view, by syscall: the error each gets."""
    nr = {"io_uring_setup": 425, "userfaultfd": 323, "bpf": 321, "perf_event_open": 298,
          "add_key": 248, "keyctl": 250}
    _libc.syscall.restype = ctypes.c_long
    seen = {}
    for name, number in nr.items():
        ctypes.set_errno(0)
        done = _libc.syscall(ctypes.c_long(number), *(ctypes.c_long(0),) * 5)
        seen[name] = "allowed" if done >= 0 else \
            f"refused {errno.errorcode.get(ctypes.get_errno())}"
    return seen


def locked(kb: int) -> str:
    """mlock ``kb`` kB of a fresh buffer."""
    buf = ctypes.create_string_buffer(kb * 1024)
    HELD.append(buf)
    if _libc.mlock(buf, ctypes.c_size_t(kb * 1024)) == 0:
        return "locked"
    return f"refused {errno.errorcode.get(ctypes.get_errno())}"


def queued_signals(n: int) -> int:
    """Real-time signals queued to this process while blocked: how many the kernel took."""
    signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGRTMIN])
    queued = 0
    for _ in range(n):
        if _libc.sigqueue(os.getpid(), int(signal.SIGRTMIN), ctypes.c_void_p(0)) != 0:
            break
        queued += 1
    return queued


def timers(n: int) -> int:
    """POSIX timers (each reserves a queued signal in the kernel): how many were made."""
    made = 0
    for _ in range(n):
        timer = ctypes.c_void_p()
        if _libc.timer_create(1, None, ctypes.byref(timer)) != 0:     # CLOCK_MONOTONIC
            break
        made += 1
    return made


def release() -> int:
    """Close everything the hoards hold (the next hoard starts from an honest worker)."""
    count = len(HELD)
    for thing in HELD:
        try:
            thing.close() if hasattr(thing, "close") else os.close(thing)
        except (OSError, TypeError):
            pass
    HELD.clear()
    return count
