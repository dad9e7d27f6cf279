"""What went wrong while a submission's code ran, as records.

The sandbox's client (:class:`autograder.sandbox.session.Session`) makes one
:class:`Event` where it happens: a call that hung, a worker that crashed, a function that ran
out of memory, the time budget running out, a submission that could not be loaded, a reply
refused as too large or as malformed, a submission that replaced code the worker's harness
watches (:mod:`autograder.sandbox.harness`) or whose reported gradient its own values
contradict (:mod:`autograder.engine.probes`). Everything after reads the records, never the
sentence: the feedback and ``results.json`` print :attr:`Event.text`; the class page puts
each in the table of its :class:`Kind`; the batch summary counts them.

``results.json`` keeps them in ``extra_data.events`` (:meth:`Event.to_json`), and
:meth:`Event.from_json` reads them back for the class page, checking every field (an entry
that is not such a record, from an older version, is left out).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Kind(StrEnum):
    """What sort of thing went wrong (the value is how the class page names it)."""
    HUNG = "hung"                       #: a call ran past its time limit and was stopped
    CRASHED = "crashed"                 #: the process running a call died
    OUT_OF_MEMORY = "out of memory"     #: a call failed to allocate memory
    BUDGET = "budget"                   #: the submission's time budget ran out during a call
    LOAD_FAILURE = "load failure"       #: loading the submission hung, crashed or misbehaved
    TOO_LARGE = "answer too large"      #: a reply far larger than the reference's answer
    MALFORMED = "malformed reply"       #: a reply that was not a valid frame
    #: the submission replaced grader code in its process, reached for what the harness refuses
    #: (frames of the serving thread, tracing hooks, ctypes, sockets) or wrote on its channel
    TAMPERED = "tampered"


#: the detail of a TAMPERED event raised by the grader's gradient probes
#: (:mod:`autograder.engine.probes`), not by the worker's harness
FORGED_GRADIENT = "a reported gradient contradicted by the function's own values"

#: kinds after which a function is not called again (its later tests are skipped at once)
BREAKS_A_FUNCTION = (Kind.HUNG, Kind.CRASHED, Kind.OUT_OF_MEMORY, Kind.TOO_LARGE,
                     Kind.MALFORMED)


@dataclass(frozen=True)
class Event:
    """One thing that went wrong while a submission's code ran."""

    kind: Kind
    function: str = ""
    """The student's function called, or what the request ran in the student's words (a
    training run's entry, "your answer cells"); empty while loading."""
    case: str = ""
    """Where, as the feedback says it: ``case '3 groups of 5'``, ``the test '...'`` or ``the
    public check ...``; empty while loading."""
    seconds: float | None = None
    """For a call that hung or the budget: the limit it was stopped at; for a load that hung:
    the load's time limit; otherwise how long the call ran before it failed."""
    detail: str = ""
    """How a crashed worker ended (``killed by signal SIGSEGV``); the size of a refused reply
    and what was expected; for a load failure, what happened while loading."""

    @property
    def what(self) -> str:
        """What happened to :attr:`function`, in the words that follow its name (the feedback
        of every later call skipped because of it)."""
        where = self.case
        return {Kind.HUNG: f"hung on {where} (stopped after {self.seconds or 0.0:.1f} s)",
                Kind.CRASHED: f"crashed the process running it on {where} ({self.detail})",
                Kind.OUT_OF_MEMORY: f"ran out of memory on {where}",
                Kind.TOO_LARGE: f"sent an answer too large to accept on {where} "
                                f"({self.detail})",
                Kind.MALFORMED: f"sent a malformed reply on {where}",
                Kind.TAMPERED: (f"reported a gradient on {where} that its own values "
                                "contradict" if self.detail == FORGED_GRADIENT else
                                f"reached for or replaced code the grader relies on "
                                f"({self.detail})"),
                Kind.BUDGET: f"ran past the time budget on {where}",
                Kind.LOAD_FAILURE: self.detail}[self.kind]

    @property
    def text(self) -> str:
        """The event as one sentence of the feedback ("What happened while grading")."""
        if self.kind is Kind.LOAD_FAILURE:
            return self.detail
        if self.kind is Kind.BUDGET:
            return f"the time budget ran out during {self.function} on {self.case}"
        return f"{self.function} {self.what}"

    def to_json(self) -> dict:
        """The event as ``results.json`` keeps it (its sentence included, for a reader)."""
        return {"kind": self.kind.value, "function": self.function, "case": self.case,
                "seconds": self.seconds, "detail": self.detail, "text": self.text}

    @classmethod
    def from_json(cls, data) -> Event | None:
        """The event :meth:`to_json` wrote, every field checked; None for anything else."""
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str) \
                or data["kind"] not in {k.value for k in Kind}:
            return None
        texts = [data.get(k, "") for k in ("function", "case", "detail")]
        seconds = data.get("seconds")
        if not all(isinstance(t, str) for t in texts) or not (
                seconds is None or (isinstance(seconds, (int, float))
                                    and not isinstance(seconds, bool))):
            return None
        return cls(Kind(data["kind"]), *texts[:2], seconds, texts[2])
