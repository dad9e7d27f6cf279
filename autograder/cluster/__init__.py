"""Grading and calibration on a Dask cluster: ``autograde grade|calibrate|experiment --cluster``.

Past one machine, the work of a batch goes to the worker processes of a Dask distributed
cluster (``dask scheduler`` and ``dask worker`` on machines of one's own, dask-jobqueue on
Slurm or PBS, dask-kubernetes or the Helm chart on Kubernetes: docs/scaling.md) instead of the
local pool, which stays the default (:mod:`autograder.engine.pool`). Dask is an optional
dependency (``pip install -e '.[cluster]'``); nothing here is imported without ``--cluster``.

Who does what::

    the client (the TA's autograde)              each Dask worker process (the same course)
    -------------------------------              ------------------------------------------
    finds the class, plans the regrade,           GraderPlugin, once per worker process: its
    reads each submission as locally              engine and hidden-suite fingerprints must
    (pgcheck.files: no link, bounded) and         equal the client's, else it is refused (a
    sends its bytes in a GradeTask, a few         message naming both) and offers nothing;
    more than the graders can take at once        it warms --jobs fork servers, then offers
                                                  the Dask resource named after the
    writes each grade's report files into         fingerprints: only such a worker is ever
    OUT, then the gradebook, the cache, the       given a task
    _runs/ history and the class page, as         grade_task: grades exactly as the local
    a local run does                              pool does (sandbox included), into a
                                                  temporary folder; returns the grade and
                                                  its report files, bounded

The class folder never leaves the client, and the hidden tests and reference never leave the
workers' own checkout: a grade crosses the network as the submission's code going out and a
grade with its report coming back.

Modules: :mod:`.connect` (opening a cluster, admitting its workers), :mod:`.workers` (what
a worker process holds), :mod:`.grading` (grades as tasks, and the client's loop),
:mod:`.executor` (calibration seeds and experiment runs as tasks).
"""
from autograder.cluster.connect import Cluster, ClusterUnavailable, NoWorkers, open_cluster

__all__ = ["Cluster", "ClusterUnavailable", "NoWorkers", "open_cluster"]
