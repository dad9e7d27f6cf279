"""Opening a cluster, and admitting its workers for an assignment.

``--cluster ADDRESS`` is one of:

* ``local:N``: a Dask ``LocalCluster`` of N worker processes started for this one command,
  on 127.0.0.1 only, with TLS and credentials made for it (``Security.temporary``: no other
  process of the machine can give its workers work), no dashboard; closed at the end;
* a running scheduler: its address (``tls://host:8786``, ``tcp://host:8786``, ``host:8786``)
  or its scheduler file (``dask scheduler --scheduler-file FILE.json``, waited for until
  the scheduler has written it). A first worker is waited for too. TLS and its credentials
  come from Dask's own configuration, as for any Dask client (docs/scaling.md). Every
  worker of a cluster holds the hidden suites and runs what the scheduler gives it, so a
  plain ``tcp://`` scheduler that another machine can reach is named in a note.

:meth:`Cluster.admit` registers the :class:`~.workers.GraderPlugin` of an assignment and
asks every worker how it went (:class:`~.workers.WorkerReport`): each refused worker is named
with its reason, and a cluster with no admitted worker is a :class:`NoWorkers` error.
"""
from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:   # imported when a cluster is opened: they import Dask
    from autograder.cluster.workers import Fingerprints, WorkerReport

#: how long a client waits for a scheduler to answer, and for a first worker to join
CONNECT_TIMEOUT, WORKER_TIMEOUT = "20s", 120
MISSING = ("--cluster needs Dask distributed, which is not installed in this environment: "
           "pip install -e '.[cluster]' (from the course checkout)")


class ClusterUnavailable(Exception):
    """No cluster to be had: Dask missing, a malformed address, no scheduler there."""


class NoWorkers(RuntimeError):
    """No worker of the cluster may grade the assignment."""


@dataclass(frozen=True)
class Grant:
    """The workers admitted for one assignment, as the client saw them."""
    expected: Fingerprints                  #: the client's
    workers: tuple[WorkerReport, ...]       #: one per admitted worker

    @property
    def slots(self) -> int:
        """Graders that can be busy at once (a worker's threads bound its ``--jobs``)."""
        return sum(min(w.jobs, w.threads) for w in self.workers)

    @property
    def window(self) -> int:
        """Tasks the client keeps in flight: twice the graders, so none waits for work."""
        return max(2 * self.slots, 2)


@dataclass
class Cluster:
    """A client of one Dask cluster, and the cluster itself when it was started here."""
    client: object
    address: str
    jobs: int                   #: graders per worker (``--jobs``)
    local: object = None        #: the ``LocalCluster`` of ``local:N``

    def admit(self, assignment: str, sandbox: str = "auto",
              note: Callable[[str], None] = lambda text: None) -> Grant:
        """Set up every worker for ``assignment`` (once per worker: the plugin is idempotent)
        and name each refused one; NoWorkers when none is admitted."""
        from autograder.cluster import workers

        expected = workers.Fingerprints.here(assignment)
        try:        # a cluster still starting (a Slurm job in the queue): wait for one
            self.client.wait_for_workers(1, timeout=WORKER_TIMEOUT)
        except TimeoutError:
            raise NoWorkers(f"no worker joined the cluster at {self.address} within "
                            f"{WORKER_TIMEOUT} s") from None
        self.client.register_plugin(workers.GraderPlugin(expected, self.jobs))
        reports = self.client.run(workers.report, expected.resource, sandbox, on_error="return")
        admitted = []
        for address, report in sorted(reports.items()):
            if isinstance(report, BaseException):
                note(f"worker {address} refused: it did not answer ({report})")
            elif report.refused:
                note(report.refused if report.refused.startswith("worker ") else
                     f"worker {address} refused: {report.refused}")
            else:
                admitted.append(report)
                if report.threads < report.jobs:
                    note(f"worker {address} runs {report.threads} thread(s): only "
                         f"{report.threads} of its {report.jobs} graders can be busy at once")
        if not admitted:
            raise NoWorkers(f"no worker of the cluster at {self.address} may grade "
                            f"{assignment} ({len(reports)} refused)")
        grant = Grant(expected, tuple(admitted))
        modes = sorted({w.mode for w in admitted})
        note(f"cluster {self.address}: {len(admitted)} worker{'s' if len(admitted) != 1 else ''}"
             f" admitted, {grant.slots} graders (--jobs {self.jobs} per worker); sandbox mode "
             f"{', '.join(modes)}")
        if self.exposed():
            note(f"the scheduler at {self.address} takes plain TCP from other machines: "
                 "whoever reaches it can run code on the workers, which hold the hidden suites "
                 "(use TLS: docs/scaling.md)")
        return grant

    def exposed(self) -> bool:
        """Whether the scheduler speaks plain TCP on an address other machines can reach."""
        address = str(self.client.scheduler.address)
        if not address.startswith("tcp://"):
            return False
        host = address[len("tcp://"):].rsplit(":", 1)[0].strip("[]")
        try:
            return not ipaddress.ip_address(host).is_loopback
        except ValueError:
            return host != "localhost"

    def allowed_failures(self) -> int:
        """How many worker deaths the scheduler allows a task before it gives up on it (its
        configuration: the scheduler needs Dask only, nothing of the course)."""
        import dask

        return int(self.client.run_on_scheduler(dask.config.get,
                                                "distributed.scheduler.allowed-failures"))

    def check_workers(self, grant: Grant, quiet_since: float, wait: float) -> float:
        """Between grades: NoWorkers once no worker has offered the assignment's resource for
        ``wait`` seconds (all left or died for good); returns when one was last seen."""
        import time

        info = self.client.scheduler_info()
        if any(grant.expected.resource in (w.get("resources") or {})
               for w in info.get("workers", {}).values()):
            return time.monotonic()
        if time.monotonic() - quiet_since > wait:
            raise NoWorkers(f"for {wait:.0f} s no worker of the cluster at {self.address} could "
                            f"grade {grant.expected.assignment}: they left or died")
        return quiet_since

    def executor(self, assignment: str, note: Callable[[str], None] = lambda text: None):
        """A ``concurrent.futures`` executor for the assignment's calibration seeds and
        experiment runs on the admitted workers (:mod:`.executor`)."""
        from autograder.cluster.executor import HiddenExecutor

        return HiddenExecutor(self.client, self.admit(assignment, note=note).expected)

    def close(self) -> None:
        self.client.close()
        if self.local is not None:
            self.local.close()


def local_workers(address: str) -> int | None:
    """N of ``local:N`` (None for any other address); ClusterUnavailable if malformed."""
    if not address.startswith("local:"):
        return None
    count = address[len("local:"):]
    if not count.isdigit() or not 1 <= int(count) <= 256:
        raise ClusterUnavailable(f"--cluster {address}: local:N needs a number of worker "
                                 "processes from 1 to 256, e.g. local:2")
    return int(count)


def open_cluster(address: str, jobs: int) -> Cluster:
    """A client of the cluster at ``address`` (see the module), or ClusterUnavailable."""
    count = local_workers(address)
    try:
        import distributed
        from distributed.security import Security
    except ImportError:
        raise ClusterUnavailable(MISSING) from None
    if count is not None:
        try:
            security = Security.temporary()
        except ImportError:     # TLS credentials need the `cryptography` package
            raise ClusterUnavailable(f"{MISSING} (local:N also needs `cryptography`)") from None
        if jobs > 1:   # the grading processes of a worker are its children (nannies restart too)
            import dask

            dask.config.set({"distributed.worker.daemon": False})
        local = distributed.LocalCluster(
            n_workers=count, threads_per_worker=jobs, processes=True, host="127.0.0.1",
            protocol="tls", security=security, dashboard_address=None)
        return Cluster(distributed.Client(local, security=security), address, jobs, local)
    # a scheduler file may not be written yet: the client waits for it, as for a scheduler
    scheduler_file = Path(address).is_file() or address.endswith(".json")
    where = {"scheduler_file": address} if scheduler_file else {"address": address}
    try:
        client = distributed.Client(**where, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as exc:
        raise ClusterUnavailable(f"no Dask scheduler answered at {address} within "
                                 f"{CONNECT_TIMEOUT} ({type(exc).__name__}: {exc})") from None
    return Cluster(client, address, jobs)
