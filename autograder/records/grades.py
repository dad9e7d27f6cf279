"""A grade as the layers after the engine receive it.

* :class:`Graded`: the grading command's JSON object of one submission (exactly the keys of
  docs/contract.md), with, as attributes that JSON leaves out, what the batch summary, the
  gradebook and the regrade cache need;
* :class:`GradeDetails`: everything else the report of one grade is written from;
* :class:`TimeSpent`: where a submission's time in the worker went;
* :class:`WrittenRecord`: a written answer as ``results.json`` keeps it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from autograder.records.events import Event, Kind
from autograder.records.outcomes import TestOutcome


@dataclass
class TimeSpent:
    """Where a submission's time in the worker went (seconds), for the batch summary."""
    load: float = 0.0           #: loading the submission, once per worker started
    calls: float = 0.0          #: calls that returned or raised
    hung: float = 0.0           #: calls stopped at their time limit
    crashed: float = 0.0        #: calls during which the worker died
    runs: float = 0.0           #: provided training runs (none since the trainer runs in the grader; kept for records)
    budget_exhausted: bool = False              #: the wall budget ran out


class Graded(dict):
    """The grading command's JSON object of one submission (exactly the keys of
    docs/contract.md), with what the batch needs as attributes, which JSON leaves out:

    ``seconds``      wall time of the grade (None: not known, e.g. a grade read back)
    ``spent``        where the worker's time went (:class:`TimeSpent`)
    ``protections``  the sandbox's, as the worker that graded it had them
    ``events``       what went wrong while its code ran (:class:`Event`)
    ``groups``       the idea (group) of each of ``self["tests"]``, in order
    ``statuses``     ``"passed"`` or ``"failed"`` for each of ``self["tests"]``, in order (a
                     public check is worth 0 points in a grade: its score cannot say)
    ``retry``        why this grade must not be reused by a later run (the grader crashed
                     on it); empty for an ordinary grade
    ``grader_problem`` what went wrong on the grader's side for this student alone (their
                     outputs could not be written, the cluster could not grade them), one
                     sentence for the TA that the batch summary prints under the student's
                     id; empty for none. The rest of the batch is untouched by it
    """

    def __init__(self, result: dict, seconds: float | None = 0.0,
                 spent: TimeSpent | None = None, protections=(), retry: str = "",
                 events=(), groups=(), statuses=(), grader_problem: str = ""):
        super().__init__(result)
        self.seconds, self.spent = seconds, spent or TimeSpent()
        self.protections, self.retry = list(protections), retry
        self.grader_problem = grader_problem
        self.events: tuple[Event, ...] = tuple(events)
        self.groups: tuple[str, ...] = tuple(groups)
        self.statuses: tuple[str, ...] = tuple(statuses)

    def tests_by_group(self):
        """(group, test) for each test of the grade."""
        if len(self.groups) != len(self["tests"]):
            raise ValueError(f"the grade of {self['submission']} does not know its tests' "
                             "groups")
        return zip(self.groups, self["tests"])

    def failed_tests(self, by_hand=()) -> list[dict]:
        """The tests that failed, those named in ``by_hand`` (written answers a person scores)
        left out: the one count every view gives (summary, feedback, results.json). Without
        statuses (an older cache), a test failed when it lost points or says what went wrong
        (a passed test's output is always empty)."""
        tests = self["tests"]
        statuses = self.statuses if len(self.statuses) == len(tests) else [
            "failed" if t["score"] < t["max_score"] or t["output"] else "passed" for t in tests]
        return [t for t, status in zip(tests, statuses)
                if status == "failed" and t["name"] not in by_hand]

    def of_kind(self, *kinds: Kind) -> list[Event]:
        """Its events of those kinds."""
        return [e for e in self.events if e.kind in kinds]

    def cache_entry(self) -> dict:
        """What the regrade cache keeps of it (``OUT/<student>/cache.json``) beside its key:
        the JSON object, its tests' groups, its events and the protections it was graded
        under (read back by :meth:`cached`)."""
        return {"result": dict(self), "groups": list(self.groups),
                "statuses": list(self.statuses), "events": [e.to_json() for e in self.events],
                "protections": list(self.protections)}

    @classmethod
    def cached(cls, entry: dict, seconds: float | None = None) -> Graded:
        """The grade :meth:`cache_entry` wrote (``seconds``: how long it took, when known).
        Raises ValueError for an entry that does not know its tests' groups."""
        result, groups = entry.get("result"), entry.get("groups")
        if not isinstance(result, dict) or not isinstance(groups, list) or not all(
                isinstance(g, str) for g in groups) or len(groups) != len(result.get("tests", ())):
            raise ValueError("not a grade of this version's cache")
        events = [Event.from_json(e) for e in entry.get("events") or ()]
        protections = [p for p in entry.get("protections") or () if isinstance(p, str)]
        statuses = [s for s in entry.get("statuses") or () if s in ("passed", "failed")]
        return cls(result, seconds, groups=groups, events=[e for e in events if e],
                   protections=protections, statuses=statuses)


@dataclass(frozen=True)
class WrittenRecord:
    """A written answer (:class:`pgcheck.answers.WrittenAnswer`) as ``results.json`` keeps it,
    for the class page and the manual scores: the question, the test that scores it, the
    text and its digest."""
    cell: str
    title: str
    test: str
    points: float
    answered: bool
    answer: str
    digest: str

    @classmethod
    def of(cls, answer, test: str) -> WrittenRecord:
        q = answer.question
        return cls(q.cell, q.title, test, q.points, answer.answered, answer.text, answer.digest)

    def to_json(self) -> dict:
        return {"cell": self.cell, "title": self.title, "test": self.test,
                "points": self.points, "answered": self.answered, "answer": self.answer,
                "digest": self.digest}


@dataclass(frozen=True)
class GradeDetails:
    """What the report of one grade is written from, besides its JSON object."""
    outcomes: tuple[TestOutcome, ...] = ()
    """Every test, as the plugin recorded it."""
    file: str = ""
    """The file graded (scrubbed before a student sees it)."""
    problem: str = ""
    """Why nothing was graded (the submission could not be read)."""
    note: str = ""
    """What the student should know about the file graded (which of two, and why)."""
    protections: tuple[str, ...] = ()
    """The sandbox's protections in force."""
    load_failure: str = ""
    """Why the submission could not be loaded, when it could not."""
    events: tuple[Event, ...] = ()
    """What went wrong while its code ran."""
    output: str = ""
    """What its code printed (bounded)."""
    written: tuple[WrittenRecord, ...] = ()
    """Its written answers, to be scored by a person."""
    seconds: float = 0.0
    """Wall time of the grade."""
    public_only: bool = False
    """Only the public checks ran (``autograde check``)."""
    attachments: tuple[tuple[str, str], ...] = field(default_factory=tuple)
    """(title, file name in the report folder) of each figure a test drew."""
