"""The ``student`` proxy of a grade: ``student.fn(*args)`` runs ``fn`` in the worker.

One path for every call of a student function: :class:`Student` hands out a
:class:`Function` for each name a test uses and notes the name (the functions a test
called: the plugin reads :attr:`Student.called` for its gates); the :class:`Function` sends
the call through the submission's :class:`~.session.Session`, with a time limit and a reply
budget that follow what the reference solution does on the same input
(:class:`~.replies.ReferenceRun`). Hidden tests and public checks call it like the module
itself, and never hold the student's code.
"""
from __future__ import annotations

from pgcheck.calls import CallResult
from pgcheck.loading import notebook_definitions

from autograder.sandbox.problems import StudentError
from autograder.sandbox.replies import ReferenceRun, WorkerError
from autograder.sandbox.session import Session


class Function:
    """``student.fn``: each call runs in the worker, limited by what the reference does.

    Without a case, the student's ``timer`` times the reference on copies of the arguments;
    :meth:`on` gives the same function for one case whose reference run the caller already
    made (the ``compare`` fixture, a training run).
    """

    def __init__(self, student: Student, name: str, reference: ReferenceRun | None = None,
                 case: str = ""):
        self.student, self.__name__ = student, name
        self.reference, self.case = reference, case

    def on(self, case: str, reference_seconds: float | None, answer=None) -> Function:
        """This function for one named case on which the reference took ``reference_seconds``
        and answered ``answer`` (None: not known; the call's arguments stand in)."""
        return Function(self.student, self.__name__, ReferenceRun.of(answer, reference_seconds),
                        case)

    def _call(self, args, kwargs, **request) -> CallResult:
        session, timer = self.student.session, self.student.timer
        session.skip_if_broken(self.__name__)     # before timing the reference for nothing
        reference = self.reference
        if reference is None and timer is not None:
            reference = timer(self.__name__, args, kwargs)
        return session.call(self.__name__, args, kwargs, reference=reference, case=self.case,
                            **request)

    def __call__(self, *args, **kwargs):
        return self._call(args, kwargs).value

    def grad(self, *args, wrt, output=None, grad_output=None, **kwargs) -> CallResult:
        """Call, then return the gradient of the output w.r.t. the arguments ``wrt``
        (positions or keyword names); ``None`` entries mean no gradient flows."""
        return self._call(args, kwargs,
                          grad={"wrt": list(wrt), "output": output, "grad_output": grad_output})

    def echo(self, *args, **kwargs) -> CallResult:
        """Call, and also get back the arguments as they are after the call."""
        return self._call(args, kwargs, echo_args=True)

    def map(self, items: list, *, case: str, timeout: float | None = None) -> list:
        """``[fn(*item) for item in items]`` in the worker, in one exchange; its time limit is
        ``timeout`` (default: the floor of :meth:`Limits.call_limit` per hundred items)."""
        session = self.student.session
        session.skip_if_broken(self.__name__)
        if timeout is None:
            timeout = session.limits.call_limit(None) * max(1.0, len(items) / 100)
        reply = session.request({"op": "map", "fn": self.__name__,
                                 "items": [list(i) for i in items]}, timeout, case=case)
        if not isinstance(reply.value, list) or len(reply.value) != len(items):
            raise StudentError(WorkerError("MalformedReply", f"{self.__name__} was called on "
                                           f"{len(items)} inputs and did not answer once for "
                                           "each", ""))
        return reply.value


class Student:
    """The ``student`` fixture: ``student.fn(*args)`` runs ``fn`` in the worker.

    ``timer(fn, args, kwargs)`` runs the reference on copies of the arguments and returns a
    :class:`ReferenceRun` (a grade's proxy has one): each call's time limit follows it;
    without one, calls get the floor of :meth:`Limits.call_limit`. No assignment names a
    function like an attribute of this class (``map``, ``begin``, ``session``, ...: a test
    checks the registry).
    """

    def __init__(self, session: Session | None, timer=None):
        self.session, self.timer = session, timer
        self.called: list[str] = []     #: the functions named since :meth:`begin`, in order

    def __getattr__(self, name: str) -> Function:
        if name.startswith("_"):
            raise AttributeError(name)
        self.called.append(name)
        return self.function(name)

    def function(self, name: str) -> Function:
        return Function(self, name)

    def sources(self) -> tuple[str, ...]:
        """The student's code as the worker runs it: the module, or each notebook cell's
        definitions (line numbers as tracebacks give them). Read, never run, by the causes."""
        if self.session is None:
            return ()
        load = self.session.load_message
        if load.get("kind") == "py":
            return (load.get("source") or "",)
        return tuple(notebook_definitions(text) for _, text in load.get("cells") or [])

    def begin(self, where: str) -> None:
        """A test starts: no function is called yet, and calls that name no case come from
        ``where``."""
        self.called.clear()
        if self.session is not None:    # (a submission that could not be read has none)
            self.session.where = where

    def map(self, fn: str, items: list, *, case: str, timeout: float | None = None) -> list:
        """``[fn(*item) for item in items]`` in the worker, in one exchange (a training run's
        ``verify`` on every completion of an update, the gradient probes): :meth:`Function.map`."""
        self.called.append(fn)
        return self.function(fn).map(items, case=case, timeout=timeout)
