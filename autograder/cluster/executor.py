"""Calibration seeds and experiment runs as Dask tasks (``calibrate`` / ``experiment --cluster``).

A calibration or an experiment hands its runs to a ``concurrent.futures`` executor
(:func:`autograder.training.calibration.pool`): locally a pool of forked processes, here
:class:`HiddenExecutor`. What it is given is a function of a training check or experiment
module, which the course loads by path under a private name (:mod:`autograder.training.modules`)
and so cannot be pickled by reference. It is sent as a :class:`HiddenFunction` instead, its
place in the registry (assignment, module, name), and the worker loads the same module from
its own checkout (admitted for that assignment, so the same code) and runs it with its
graders: in a grading process for ``--jobs`` > 1, else in the worker process, one at a time.
The code run is the course's own (reference, known mistakes), never a student's.
"""
from __future__ import annotations

from concurrent.futures import Executor, Future
from dataclasses import dataclass
from functools import cache, partial

from autograder.cluster.workers import Fingerprints, admitted


@dataclass(frozen=True)
class HiddenFunction:
    """A function of a training check or experiment module, by its place in the registry."""
    assignment: str
    module: str
    name: str

    @classmethod
    def of(cls, function) -> HiddenFunction:
        from autograder.training import modules

        return cls(*modules.locate(function), function.__qualname__)

    def __call__(self, *args, **kwargs):
        return getattr(_loaded(self.assignment, self.module), self.name)(*args, **kwargs)


@cache
def _loaded(assignment: str, module: str):
    """The module, loaded once per process (loading runs it)."""
    from autograder.training import modules

    return modules.load(assignment, module)


def run_hidden(expected: Fingerprints, function: HiddenFunction, args: tuple, kwargs: dict):
    """On a worker: ``function(*args, **kwargs)`` with this worker's graders."""
    return admitted(expected).run(partial(function, *args, **kwargs))


class HiddenExecutor(Executor):
    """Runs functions of the course's training checks and experiments on admitted workers."""

    def __init__(self, client, expected: Fingerprints):
        self._expected = expected
        self._inner = client.get_executor(resources={expected.resource: 1}, pure=False)

    def submit(self, fn, /, *args, **kwargs) -> Future:
        return self._inner.submit(run_hidden, self._expected, HiddenFunction.of(fn), args,
                                  kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self._inner.shutdown(wait=wait)
