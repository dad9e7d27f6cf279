"""The CPU of a whole command's process tree, read from a cgroup made for it.

``getrusage(RUSAGE_CHILDREN)`` counts only the children a command waited for: a fork server
that outlives its grader, or a worker reaped by a server, is missed or counted late. A cgroup
counts every task in it, and children inherit their parent's group, so every process the
command starts (grader, fork servers, workers, the harness child running student code) is in
one figure. The sandbox moves each worker into a cgroup of its own *below* the server's
(``autograder/sandbox/cgroup.py``), which a hierarchical counter still includes; on cgroup v1
it only moves them in the ``memory``, ``pids`` and ``cpu`` hierarchies, not ``cpuacct``.

* cgroup v1: ``cpuacct.usage`` (nanoseconds) of a group made in the ``cpuacct`` hierarchy;
* cgroup v2: ``usage_usec`` of ``cpu.stat`` of a group made under this process's own.

Needs root (or a delegated cgroup); :func:`available` says why not.

Commands run as installed code runs (:func:`installed_env`): Python writes the bytecode it
compiles, so the warm-up a benchmark runs first leaves every module compiled, as ``pip
install`` leaves a course's environment. Where ``PYTHONDONTWRITEBYTECODE`` is set (as on this
machine) every process would otherwise compile the grader, pytest's plugins and Matplotlib
again: seconds of CPU per command that no installed course pays.
"""
from __future__ import annotations

import os
import subprocess
import time
from contextlib import suppress
from pathlib import Path

ROOT = Path("/sys/fs/cgroup")


def installed_env() -> dict:
    """This environment, bytecode written (``PYTHONDONTWRITEBYTECODE`` dropped)."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _own_v2() -> Path:
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        hierarchy, _, path = line.split(":", 2)
        if hierarchy == "0":
            return Path(path.lstrip("/"))
    return Path()


def _parent() -> tuple[Path, str]:
    """(the folder to make groups in, the file whose first number is the usage)."""
    if (ROOT / "cpuacct" / "cpuacct.usage").exists():
        return ROOT / "cpuacct", "cpuacct.usage"
    if (ROOT / "cgroup.controllers").exists():
        return ROOT / _own_v2(), "cpu.stat"
    raise RuntimeError("no cpuacct (cgroup v1) or unified (cgroup v2) hierarchy at /sys/fs/cgroup")


def available() -> str:
    """``""`` where a group can be made here, else why not."""
    try:
        with CpuGroup("probe"):
            return ""
    except (OSError, RuntimeError) as exc:
        return f"no cgroup for CPU accounting: {exc}"


class CpuGroup:
    """A cgroup that one command's tree runs in; :meth:`seconds` is its CPU so far."""

    def __init__(self, name: str):
        parent, self.counter = _parent()
        self.path = parent / f"bench-{os.getpid()}-{name}-{time.monotonic_ns()}"

    def __enter__(self) -> "CpuGroup":
        self.path.mkdir()
        return self

    def __exit__(self, *exc) -> None:
        deadline = time.monotonic() + 10       # a fork server may take a moment to go
        while (self.path / "cgroup.procs").read_text().strip() and time.monotonic() < deadline:
            time.sleep(0.1)
        with suppress(OSError):
            self.path.rmdir()

    def seconds(self) -> float:
        text = (self.path / self.counter).read_text()
        if self.counter == "cpu.stat":
            usage = dict(line.split() for line in text.splitlines())
            return int(usage["usage_usec"]) / 1e6
        return int(text) / 1e9

    def join(self) -> None:
        """Move the calling process in (for ``preexec_fn``: between fork and exec)."""
        (self.path / "cgroup.procs").write_text(str(os.getpid()))

    def run(self, command: list, cwd: Path, env: dict | None = None) -> tuple[float, float]:
        """Run ``command`` in this group (in ``env``, by default :func:`installed_env`):
        (wall seconds, CPU seconds of its whole tree, counted until the last of its processes
        is gone)."""
        before, start = self.seconds(), time.perf_counter()
        proc = subprocess.run([str(c) for c in command], cwd=cwd, capture_output=True,
                              text=True, env=installed_env() if env is None else env,
                              preexec_fn=self.join)
        wall = time.perf_counter() - start
        if proc.returncode:
            raise RuntimeError(f"{command} failed:\n{proc.stderr[-3000:]}")
        deadline = time.monotonic() + 10
        while (self.path / "cgroup.procs").read_text().strip() and time.monotonic() < deadline:
            time.sleep(0.05)
        return wall, self.seconds() - before


def run(command: list, cwd: Path, env: dict | None = None) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of ``command``'s whole tree, in a group of its own."""
    with CpuGroup("run") as group:
        return group.run(command, cwd, env)
