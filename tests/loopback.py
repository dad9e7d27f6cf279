"""A real Dask cluster on 127.0.0.1, started with distributed's own command-line entry points
(``dask scheduler``, ``dask worker``) as an operator starts one: for the cluster tests
(tests/test_cluster.py) and benchmark (benchmarks/bench_cluster.py).

Each process is started in a session of its own and stopped by its process group's id
(a worker's nanny and its worker process together), never by name. The scheduler listens on
a free port of 127.0.0.1 that it writes into its scheduler file; no dashboard.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

DASK = str(Path(sys.executable).with_name("dask"))


class Loopback:
    """``with Loopback(folder) as cluster:`` a scheduler; :meth:`worker` adds workers."""

    def __init__(self, folder: Path, env: dict | None = None):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.scheduler_file = self.folder / "scheduler.json"
        self.env = {**os.environ, **(env or {})}
        self.processes: list[subprocess.Popen] = []

    def __enter__(self) -> Loopback:
        self._start("scheduler", [DASK, "scheduler", "--host", "127.0.0.1", "--port", "0",
                                  "--no-dashboard", "--scheduler-file", str(self.scheduler_file)])
        deadline = time.monotonic() + 60
        while not self.scheduler_file.is_file():
            if time.monotonic() > deadline or self.processes[0].poll() is not None:
                raise RuntimeError(f"the scheduler did not start:\n{self.log('scheduler')}")
            time.sleep(0.1)
        time.sleep(0.2)     # the file is written whole, but give it a moment
        return self

    @property
    def address(self) -> str:
        return json.loads(self.scheduler_file.read_text())["address"]

    def worker(self, name: str, *extra: str, env: dict | None = None) -> None:
        """Start ``dask worker NAME`` (one thread, with its nanny unless told otherwise)."""
        self._start(name, [DASK, "worker", self.address, "--name", name, "--nthreads", "1",
                           "--host", "127.0.0.1", "--no-dashboard", *extra], env)

    def wait_for(self, count: int, timeout: float = 120) -> None:
        """Until ``count`` workers are connected."""
        from distributed import Client

        with Client(self.address, timeout="30s") as client:
            client.wait_for_workers(count, timeout=timeout)

    def worker_pids(self) -> dict[str, int]:
        """Worker name -> pid of its worker process (the nanny's child, when it has one)."""
        from distributed import Client

        with Client(self.address, timeout="30s") as client:
            info = client.scheduler_info()["workers"]
            pids = client.run(os.getpid)
        return {info[address]["name"]: pid for address, pid in pids.items()}

    def log(self, name: str) -> str:
        path = self.folder / f"{name}.log"
        return path.read_text()[-3000:] if path.is_file() else ""

    def _start(self, name: str, command: list[str], env: dict | None = None) -> None:
        with open(self.folder / f"{name}.log", "wb") as log:
            self.processes.append(subprocess.Popen(
                command, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                cwd=self.folder, env={**self.env, **(env or {})}, start_new_session=True))

    def __exit__(self, *exc) -> None:
        for process in reversed(self.processes):    # workers first, the scheduler last
            try:
                os.killpg(process.pid, signal.SIGTERM)
            except ProcessLookupError:
                continue
        for process in reversed(self.processes):
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


def varied_class(folder: Path, assignment, n: int) -> list[Path]:
    """``n`` student folders of ``assignment``: the reference, the blank release, the correct
    variants and every known mistake of its bank, in turn (so the grades differ). Where the
    assignment has answer cells, every third student hands in the solution notebook beside
    the module and every third after that the blank one, so their answers are graded too."""
    from conftest import ROOT

    from autograder.engine import mutants

    name = assignment.name
    sources = [assignment.reference_module.read_text(),
               (assignment.release_dir / f"{name}.py").read_text()]
    variants = ROOT / "tests" / "variants" / name
    if variants.is_dir():
        sources += [(v / f"{name}.py").read_text() for v in sorted(variants.iterdir())
                    if (v / f"{name}.py").is_file()]
    sources += [m.materialize() for m in mutants.bank(assignment)]
    students = []
    for i in range(n):
        student = folder / f"s{i:02d}"
        student.mkdir(parents=True)
        (student / f"{name}.py").write_text(sources[i % len(sources)])
        notebooks = (assignment.source_dir, assignment.release_dir)
        if assignment.answers and i % 3 < len(notebooks):
            notebook = notebooks[i % 3] / f"{name}.ipynb"
            (student / notebook.name).write_bytes(notebook.read_bytes())
        students.append(student)
    return students
