"""One cgroup per worker: the memory, the tasks and the CPU of a submission's whole tree.

``RLIMIT_AS`` and ``RLIMIT_NPROC`` (:func:`.confine.apply_limits`) bound each *process*: seven
children of 300 MB each hold 2.1 GB under a 1 GB limit, and 62 spinning children use 62 CPUs'
worth of time slices. A cgroup bounds them together. The fork server's slot server (root)
makes one for each worker it forks (:func:`create`), moves the worker in before the grader
has even sent the worker its confinement (so before any student code), and on the reap kills
every task still in it and removes it (:meth:`Group.remove`). Children inherit their parent's
cgroup, and a worker cannot leave its own: it is not root, its files are root's.

================  =========================================  ==============================
limit             cgroup v2 (unified)                        cgroup v1 (one tree per
                                                             controller, as on this machine)
================  =========================================  ==============================
memory            ``memory.max``, ``memory.swap.max`` = 0    ``memory.limit_in_bytes``, and
                                                             ``memory.memsw.limit_in_bytes``
                                                             where swap is accounted
tasks             ``pids.max``                               ``pids.max``
CPU               ``cpu.max``                                ``cpu.cfs_quota_us`` /
                                                             ``cpu.cfs_period_us``
kill everything   ``cgroup.kill`` (else SIGKILL each task)   SIGKILL each task of ``tasks``
peak memory       ``memory.peak``                            ``memory.max_usage_in_bytes``
================  =========================================  ==============================

Each worker's cgroup lies under one folder per slot server, ``autograde-<pid>``, made below
the server's own cgroup (so the limits of whatever runs the grader still hold). Under v2 the
controllers are enabled in that folder's ``cgroup.subtree_control`` (it holds no process of
its own). Where none can be made (not root, an unprivileged container, a read-only
``/sys/fs/cgroup``), :func:`create` says why and returns ``None``; the worker then confines
itself to a single process (:mod:`.kernel`'s no-fork filter), so its ``RLIMIT_AS`` bounds the
whole tree, and every report says which bound was in force (:func:`describe_fallback`).
"""
from __future__ import annotations

import os
import signal
import time
from contextlib import suppress
from dataclasses import dataclass

ROOT = "/sys/fs/cgroup"
#: the v1 controllers a worker's group needs (each its own hierarchy under ROOT)
V1_CONTROLLERS = ("memory", "pids", "cpu")
PERIOD_US = 100_000


@dataclass(frozen=True)
class Budget:
    """What one submission's whole tree may hold at once."""
    memory_mb: int
    tasks: int
    cpus: float

    def words(self) -> str:
        return f"{self.memory_mb} MB, {self.tasks} tasks, {self.cpus:g} CPU"


def version() -> str:
    """``"v2"``, ``"v1"`` or ``""`` (no usable cgroup file system here)."""
    if os.path.exists(f"{ROOT}/cgroup.controllers"):
        return "v2"
    if all(os.path.isdir(f"{ROOT}/{c}") for c in V1_CONTROLLERS):
        return "v1"
    return ""


def _own(controller: str) -> str:
    """This process's cgroup in ``controller``'s hierarchy (``""`` for v2's single one)."""
    with open("/proc/self/cgroup") as fh:
        for line in fh:
            _, names, path = line.rstrip("\n").split(":", 2)
            if (controller in names.split(",")) if controller else names == "":
                return path
    return "/"


def _write(path: str, value: str) -> None:
    with open(path, "w") as fh:
        fh.write(value)


def _join(*parts: str) -> str:
    return "/".join(p.strip("/") for p in parts if p.strip("/"))


class Group:
    """One worker's cgroup: a folder per hierarchy (one under v2, one per controller under v1)."""

    def __init__(self, kind: str, folders: list[str], budget: Budget):
        self.kind, self.folders, self.budget = kind, folders, budget

    def words(self) -> str:
        """The bound as the reports list it."""
        return f"cgroup-{self.kind} (tree: {self.budget.words()})"

    def add(self, pid: int) -> None:
        for folder in self.folders:
            _write(f"{folder}/cgroup.procs", str(pid))

    def pids(self) -> list[int]:
        try:
            with open(f"{self.folders[0]}/cgroup.procs") as fh:
                return [int(line) for line in fh if line.strip()]
        except OSError:
            return []

    def peak_bytes(self) -> int:
        """The most memory the tree held at once (0 where the kernel does not say)."""
        name = "memory.peak" if self.kind == "v2" else "memory.max_usage_in_bytes"
        try:
            with open(f"{self.folders[0]}/{name}") as fh:
                return int(fh.read().split()[0])
        except (OSError, ValueError, IndexError):
            return 0

    def kill(self) -> int:
        """SIGKILL every task in the group until none is left; how many were signalled."""
        killed = 0
        if self.kind == "v2" and os.path.exists(f"{self.folders[0]}/cgroup.kill"):
            with suppress(OSError):
                killed = len(self.pids())
                _write(f"{self.folders[0]}/cgroup.kill", "1")
        for _ in range(200):
            pids = self.pids()
            if not pids:
                break
            for pid in pids:
                with suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
                    killed += 1
            time.sleep(0.005)
        return killed

    def remove(self) -> int:
        """Kill what is left, then remove the group's folders; returns the peak memory."""
        self.kill()
        peak = self.peak_bytes()
        # a killed task leaves the group when it is reaped (a pids group keeps a zombie whose
        # parent, a killed slot server, has not yet been reaped itself)
        _remove_folders(self.folders)
        return peak


def _remove_folders(folders: list[str]) -> None:
    """Remove ``folders``, waiting up to 5 s for each while what was in it goes."""
    for folder in folders:
        for _ in range(1000):
            try:
                os.rmdir(folder)
                break
            except FileNotFoundError:
                break
            except OSError:
                time.sleep(0.005)


def parent_folders(kind: str, server_pid: int) -> list[str]:
    """Where slot server ``server_pid`` keeps its workers' groups, in each hierarchy."""
    name = f"autograde-{server_pid}"
    if kind == "v2":
        return ["/" + _join(ROOT, _own(""), name)]
    if kind == "v1":
        return ["/" + _join(ROOT, c, _own(c), name) for c in V1_CONTROLLERS]
    return []


def sweep_stale() -> int:
    """Remove the folders of slot servers that are gone (a grader killed before it could clean
    up leaves them): each ``autograde-<pid>`` below this process's own cgroups whose pid no
    longer runs. Returns how many servers' folders were removed; not root: nothing."""
    kind = version()
    if os.geteuid() != 0 or not kind:
        return 0
    stale = set()
    for own in (os.path.dirname(folder) for folder in parent_folders(kind, os.getpid())):
        try:
            names = os.listdir(own)
        except OSError:
            continue
        for name in names:
            pid = name[len("autograde-"):]
            if name.startswith("autograde-") and pid.isdigit() and \
                    not os.path.exists(f"/proc/{pid}"):
                stale.add(int(pid))
    for pid in stale:
        remove_server_folders(pid)
    return len(stale)


def remove_server_folders(server_pid: int) -> None:
    """After slot server ``server_pid`` was killed (it could not clean up): kill what is left
    in its workers' groups, remove them and its folder. Not root, or no folder: nothing."""
    kind = version()
    folders = [f for f in parent_folders(kind, server_pid) if os.path.isdir(f)]
    for folder in folders:
        for child in sorted(os.listdir(folder)):
            path = f"{folder}/{child}"
            if child.startswith("w") and os.path.isdir(path):
                Group(kind, [path], Budget(0, 0, 0)).remove()
    _remove_folders(folders)


class Parent:
    """A slot server's folder, ``autograde-<pid>``, below its own cgroup, in each hierarchy."""

    def __init__(self):
        self.kind = version()
        self.folders: list[str] = []
        self.reason = ""
        if os.geteuid() != 0:
            self.reason = "the grader is not root"
        elif not self.kind:
            self.reason = f"no cgroup file system at {ROOT}"
        try:
            if not self.reason:
                self._make()
        except OSError as exc:
            self.remove()
            self.folders = []
            self.reason = f"{exc.strerror or exc} ({getattr(exc, 'filename', '') or ''})"

    def _make(self) -> None:
        for folder in parent_folders(self.kind, os.getpid()):
            os.makedirs(folder, exist_ok=True)
            self.folders.append(folder)
            if self.kind == "v2":
                own = os.path.dirname(folder)
                for controller in ("memory", "pids", "cpu"):   # ours, then the folder's
                    _write(f"{own}/cgroup.subtree_control", f"+{controller}")
                    _write(f"{folder}/cgroup.subtree_control", f"+{controller}")

    def group(self, pid: int, budget: Budget) -> Group:
        """A new group for worker ``pid`` with ``budget``, the worker moved in. Raises OSError."""
        folders = [f"{folder}/w{pid}" for folder in self.folders]
        group = Group(self.kind, folders, budget)
        try:
            for folder in folders:
                os.mkdir(folder)
            memory = str(budget.memory_mb << 20)
            cpu_quota = int(budget.cpus * PERIOD_US)
            if self.kind == "v2":
                (folder,) = folders
                _write(f"{folder}/memory.max", memory)
                if os.path.exists(f"{folder}/memory.swap.max"):
                    _write(f"{folder}/memory.swap.max", "0")
                _write(f"{folder}/pids.max", str(budget.tasks))
                _write(f"{folder}/cpu.max", f"{cpu_quota} {PERIOD_US}")
            else:
                memory_folder, pids_folder, cpu_folder = folders
                _write(f"{memory_folder}/memory.limit_in_bytes", memory)
                if os.path.exists(f"{memory_folder}/memory.memsw.limit_in_bytes"):
                    _write(f"{memory_folder}/memory.memsw.limit_in_bytes", memory)
                _write(f"{pids_folder}/pids.max", str(budget.tasks))
                _write(f"{cpu_folder}/cpu.cfs_period_us", str(PERIOD_US))
                _write(f"{cpu_folder}/cpu.cfs_quota_us", str(cpu_quota))
            group.add(pid)
        except OSError:
            group.remove()
            raise
        return group

    def remove(self) -> None:
        _remove_folders(self.folders)       # its workers' groups are going


def describe_fallback(reason: str, single_process: bool, memory_mb: int) -> str:
    """The bound in force where no cgroup could be made, as the reports list it."""
    if single_process:
        return f"no-cgroup: one process, tree {memory_mb} MB ({reason})"
    return f"no-cgroup: per-process limits only ({reason})"
