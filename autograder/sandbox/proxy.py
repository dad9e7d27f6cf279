"""The ``student`` proxy of a grade: ``student.fn(*args)`` runs ``fn`` in the worker.

Each call goes through the submission's :class:`~.session.Session`, with a time limit and a
reply budget that follow what the reference solution does on the same input
(:class:`~.replies.ReferenceRun`): hidden tests and public checks call it like the module
itself, and never hold the student's code.
"""
from __future__ import annotations

from pgcheck.calls import CallResult
from pgcheck.loading import notebook_definitions

from autograder.records.events import FORGED_GRADIENT, Event, Kind
from autograder.sandbox.problems import StudentError
from autograder.sandbox.replies import ReferenceRun, WorkerError
from autograder.sandbox.session import Session


class _Function:
    """``student.fn``: each call runs in the worker, limited by what the reference does.

    ``timer(fn, args, kwargs)`` runs the reference on copies of the arguments and returns a
    :class:`ReferenceRun` (the ``student`` proxy of a grade has one); :meth:`on` gives the same
    function for one case whose reference run the caller already made (the ``compare``
    fixture).
    """

    def __init__(self, session: Session, name: str, timer=None,
                 reference: ReferenceRun | None = None, case: str = ""):
        self._session, self.__name__ = session, name
        self._timer, self._reference, self._case = timer, reference, case

    def on(self, case: str, reference_seconds: float | None, answer=None) -> "_Function":
        """This function for one named case on which the reference took ``reference_seconds``
        and answered ``answer`` (None: not known; the call's arguments stand in)."""
        return _Function(self._session, self.__name__, None,
                         ReferenceRun.of(answer, reference_seconds), case)

    def _limit(self, args, kwargs) -> dict:
        self._session.skip_if_broken(self.__name__)     # before timing the reference for nothing
        reference = self._reference
        if reference is None and self._timer is not None:
            reference = self._timer(self.__name__, args, kwargs)
        return {"reference": reference, "case": self._case}

    def __call__(self, *args, **kwargs):
        return self._session.call(self.__name__, args, kwargs, **self._limit(args, kwargs)).value

    def grad(self, *args, wrt, output=None, grad_output=None, **kwargs) -> CallResult:
        """Call, then return the gradient of the output w.r.t. the arguments ``wrt``
        (positions or keyword names); ``None`` entries mean no gradient flows."""
        spec = {"wrt": list(wrt), "output": output, "grad_output": grad_output}
        return self._session.call(self.__name__, args, kwargs, grad=spec,
                                  **self._limit(args, kwargs))

    def echo(self, *args, **kwargs) -> CallResult:
        """Call, and also get back the arguments as they are after the call."""
        return self._session.call(self.__name__, args, kwargs, echo_args=True,
                                  **self._limit(args, kwargs))


class Student:
    """The ``student`` fixture: ``student.fn(*args)`` runs ``fn`` in the worker.

    ``timer`` (see :class:`_Function`) sets each call's time limit from the reference's time
    on the same input; without one, calls get the floor of :meth:`Limits.call_limit`.
    """

    def __init__(self, session: Session, timer=None):
        self._session, self._timer = session, timer

    def __getattr__(self, name: str) -> _Function:
        if name.startswith("_"):
            raise AttributeError(name)
        return _Function(self._session, name, self._timer)

    def _sources(self) -> tuple[str, ...]:
        """The student's code as the worker runs it: the module, or each notebook cell's
        definitions (line numbers as tracebacks give them). Read, never run, by the causes."""
        load = self._session.load_message
        if load.get("kind") == "py":
            return (load.get("source") or "",)
        return tuple(notebook_definitions(text) for _, text in load.get("cells") or [])

    def _context(self, where: str) -> None:
        """Say where the calls that follow and name no case come from (the test being run)."""
        self._session.where = where

    def _forged_gradient(self, fn: str, case: str) -> None:
        """Record that ``fn``'s reported gradient on ``case`` contradicted its own values
        (:mod:`autograder.engine.probes`), unless the harness already said why."""
        if not self._session.tampered:
            self._session._record(Event(Kind.TAMPERED, fn, f"case '{case}'", None,
                                        FORGED_GRADIENT))

    def map(self, fn: str, items: list, *, case: str, timeout: float | None = None) -> list:
        """``[fn(*item) for item in items]`` in the worker, in one exchange (a training run's
        ``verify`` on every completion of an update); its time limit is ``timeout`` (default:
        the floor of :meth:`Limits.call_limit` per hundred items)."""
        self._session.skip_if_broken(fn)
        if timeout is None:
            timeout = self._session.limits.call_limit(None) * max(1.0, len(items) / 100)
        reply = self._session.request({"op": "map", "fn": fn, "items": [list(i) for i in items]},
                                      timeout, case=case)
        if not isinstance(reply.value, list) or len(reply.value) != len(items):
            raise StudentError(WorkerError("MalformedReply", f"{fn} was called on {len(items)} "
                                           "inputs and did not answer once for each", ""))
        return reply.value
