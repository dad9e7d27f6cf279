"""A grade as the layers after the engine receive it.

* :class:`Graded`: one submission's grade, a frozen record of its test outcomes, events,
  protections and time; :meth:`Graded.to_contract` gives the grading command's JSON object
  (exactly the keys of docs/contract.md), :meth:`Graded.to_cache` what the regrade cache keeps;
* :class:`GradeDetails`: everything else the report of one grade is written from;
* :class:`TimeSpent`: where a submission's time in the worker went;
* :class:`WrittenRecord`: a written answer as a grade keeps it;
* :class:`Mark`: a person's score of a written answer (``OUT/manual.csv``), merged into a
  grade in memory (:meth:`Graded.with_marks`) before anything of it is written.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from typing import Iterable

from autograder.records.events import Event, Kind
from autograder.records.outcomes import TestOutcome
from autograder.records.submitted import Submitted


@dataclass
class TimeSpent:
    """Where a submission's time in the worker went (seconds), for the batch summary."""
    load: float = 0.0           #: loading the submission, once per worker started
    calls: float = 0.0          #: calls that returned or raised
    hung: float = 0.0           #: calls stopped at their time limit
    crashed: float = 0.0        #: calls during which the worker died
    budget_exhausted: bool = False              #: the wall budget ran out


@dataclass(frozen=True)
class Graded:
    """One submission's grade as the layers after the engine receive it: its tests as the
    engine's plugin recorded them (:class:`TestOutcome`: group, status, the function a stub
    named...), with what the batch needs beside them. :meth:`to_contract` is the grading
    command's JSON object (exactly the keys of docs/contract.md); :meth:`to_cache` and
    :meth:`from_cache` the one form the regrade cache keeps. Readers take the record, never
    that JSON back.

    ``seconds``      wall time of the grade (None: not known, e.g. a grade read back)
    ``spent``        where the worker's time went (:class:`TimeSpent`)
    ``protections``  the sandbox's, as the worker that graded it had them
    ``events``       what went wrong while its code ran (:class:`Event`)
    ``retry``        why this grade must not be reused by a later run (the grader crashed
                     on it); empty for an ordinary grade
    ``grader_problem`` what went wrong on the grader's side for this student alone (their
                     outputs could not be written, the cluster could not grade them), one
                     sentence for the TA that the batch summary prints under the student's
                     id; empty for none. The rest of the batch is untouched by it
    ``problem``      why its code was not graded (the submission could not be read, or
                     not loaded); empty when it was
    ``written``      its written answers (:class:`WrittenRecord`), each a test a person scores
    ``marks``        the scores a person gave them, as merged (:meth:`with_marks`)
    ``submitted``    how the LMS handed it in (:class:`Submitted`: its id there, when, late),
                     where ``autograde collect`` read it from the LMS's download; None else
    """
    submission: str
    assignment: str
    outcomes: tuple[TestOutcome, ...] = ()
    seconds: float | None = 0.0
    spent: TimeSpent = field(default_factory=TimeSpent)
    protections: tuple[str, ...] = ()
    events: tuple[Event, ...] = ()
    retry: str = ""
    grader_problem: str = ""
    problem: str = ""
    written: tuple[WrittenRecord, ...] = ()
    marks: tuple[Mark, ...] = ()
    submitted: Submitted | None = None

    @property
    def score(self) -> float:
        return sum(o.score for o in self.outcomes)

    @property
    def max_score(self) -> float:
        return sum(o.max_score for o in self.outcomes)

    def by_group(self) -> dict[str, tuple[float, float]]:
        """(points earned, points available) per test group, in the order of its tests; the
        tests worth nothing (the public checks) left out."""
        groups: dict[str, tuple[float, float]] = {}
        for o in self.outcomes:
            if o.max_score:
                score, worth = groups.get(o.group, (0.0, 0.0))
                groups[o.group] = (score + o.score, worth + o.max_score)
        return groups

    def to_contract(self) -> dict:
        """What ``grade --json`` prints and ``results.json`` starts from (docs/contract.md)."""
        return {"submission": self.submission, "assignment": self.assignment,
                "score": self.score, "max_score": self.max_score,
                "tests": [{"name": o.name, "score": o.score, "max_score": o.max_score,
                           "output": o.output} for o in self.outcomes]}

    def failed_tests(self) -> list[TestOutcome]:
        """The tests counted as failed: every failed one (public checks and held back tests
        included) but those of a function left as a stub (named as not implemented instead)
        and the written answers (a person scores them). The one count every view gives
        (summary, feedback, results.json)."""
        return [o for o in self.outcomes
                if o.status == "failed" and not o.not_implemented and not o.manual]

    @property
    def not_implemented(self) -> list[str]:
        """The functions left as stubs that its tests found, sorted."""
        return sorted({o.not_implemented for o in self.outcomes if o.not_implemented})

    def of_kind(self, *kinds: Kind) -> list[Event]:
        """Its events of those kinds."""
        return [e for e in self.events if e.kind in kinds]

    def mark_of(self, test: str) -> Mark | None:
        """The person's score merged into test ``test``, if any."""
        return next((m for m in self.marks if m.test == test), None)

    def with_marks(self, marks: Iterable[Mark]) -> Graded:
        """The grade with ``marks`` (a person's scores, by test) in its written answers'
        tests, in place of those merged before: a test with a mark scores its points (with
        the comment, and whether the answer changed since it was scored: *stale*); one
        without scores 0 and says again what it said when graded (kept in
        :attr:`Mark.received`, so a score taken out of the file restores it)."""
        given = {m.test: m for m in marks}
        received = {m.test: m.received for m in self.marks}
        digests = {w.test: w.digest for w in self.written}
        outcomes, merged = [], []
        for o in self.outcomes:
            if not o.manual:
                outcomes.append(o)
                continue
            text = received.get(o.name, o.output)
            mark = given.get(o.name)
            if mark is None:
                outcomes.append(replace(o, score=0.0, status="failed", output=text))
                continue
            mark = replace(mark, received=text,
                           stale=bool(mark.answer) and mark.answer != digests.get(o.name, ""))
            merged.append(mark)
            outcomes.append(replace(o, score=mark.points, output=mark.text(o.max_score),
                                    status="passed" if mark.points >= o.max_score else "failed"))
        return replace(self, outcomes=tuple(outcomes), marks=tuple(merged))

    def to_cache(self) -> dict:
        """What the regrade cache keeps of it (``OUT/<student>/cache.json``) beside its key
        (read back by :meth:`from_cache`): everything but its worker's time and the
        grader's problems (a grade read back is this run's only when made again)."""
        return {"submission": self.submission, "assignment": self.assignment,
                "outcomes": [asdict(o) for o in self.outcomes],
                "events": [e.to_json() for e in self.events],
                "protections": list(self.protections), "seconds": self.seconds,
                "problem": self.problem, "written": [asdict(w) for w in self.written],
                "marks": [asdict(m) for m in self.marks],
                "submitted": self.submitted.to_json() if self.submitted else None}

    @classmethod
    def from_cache(cls, entry: dict, seconds: float | None = None) -> Graded:
        """The grade :meth:`to_cache` wrote (``seconds``: how long it took, when known).
        Raises ValueError for an entry this version did not write (it is graded again)."""
        try:
            outcomes = tuple(_outcome(o) for o in entry["outcomes"])
            submission, assignment = entry["submission"], entry["assignment"]
        except (KeyError, TypeError) as exc:
            raise ValueError(f"not a grade of this version's cache ({exc!r})") from None
        if not (isinstance(submission, str) and isinstance(assignment, str)):
            raise ValueError("not a grade of this version's cache (its ids)")
        events = [Event.from_json(e) for e in entry.get("events") or ()]
        protections = tuple(p for p in entry.get("protections") or () if isinstance(p, str))
        problem = entry.get("problem") or ""
        if not isinstance(problem, str):
            raise ValueError("not a grade of this version's cache (its problem)")
        return cls(submission, assignment, outcomes, seconds, protections=protections,
                   events=tuple(e for e in events if e), problem=problem,
                   written=_records(WrittenRecord, entry.get("written")),
                   marks=_records(Mark, entry.get("marks")),
                   submitted=Submitted.from_json(entry.get("submitted")))


def _records(kind, data) -> tuple:
    """The ``kind`` records of a cache entry's list of their :func:`~dataclasses.asdict`
    (ValueError if it is not one)."""
    names = {f.name for f in fields(kind)}
    if not isinstance(data, (list, type(None))) or \
            not all(isinstance(d, dict) and set(d) == names for d in data or ()):
        raise ValueError(f"not a grade of this version's cache ({kind.__name__})")
    return tuple(kind(**d) for d in data or ())


_OUTCOME_FIELDS = {f.name: f.type for f in fields(TestOutcome)}


def _outcome(data: dict) -> TestOutcome:
    """A :class:`TestOutcome` from its :func:`~dataclasses.asdict` (ValueError if it is not)."""
    if not isinstance(data, dict) or not set(data) <= set(_OUTCOME_FIELDS):
        raise ValueError("not a test outcome of this version's cache")
    try:
        outcome = TestOutcome(**{k: tuple(v) if isinstance(v, list) else v
                                 for k, v in data.items()})
    except TypeError as exc:
        raise ValueError(f"not a test outcome of this version's cache ({exc})") from None
    for name in ("name", "group", "status", "output"):
        if not isinstance(getattr(outcome, name), str):
            raise ValueError(f"not a test outcome of this version's cache ({name})")
    if not all(isinstance(getattr(outcome, n), (int, float)) for n in ("score", "max_score")):
        raise ValueError("not a test outcome of this version's cache (its points)")
    return outcome


@dataclass(frozen=True)
class WrittenRecord:
    """A written answer (:class:`pgcheck.answers.WrittenAnswer`) as a grade keeps it, for
    the class page and the manual scores: the question, the test that scores it, the text
    and its digest."""
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


@dataclass(frozen=True)
class Mark:
    """A person's score of one written answer (a row of ``OUT/manual.csv``), as merged into
    a grade by :meth:`Graded.with_marks`, which sets the last two fields."""
    test: str               #: the written answer's test
    points: float
    comment: str = ""
    answer: str = ""        #: the digest of the answer scored ("": the row does not say)
    stale: bool = False     #: the answer graded is not the one scored (it changed since)
    received: str = ""      #: what the test said when graded, before the score

    def text(self, worth: float) -> str:
        """The test's feedback once scored."""
        text = f"scored {self.points:g} / {worth:g} by a person"
        text += f": {self.comment}" if self.comment else ""
        if self.stale:
            text += ("\n(scored for an earlier version of this answer, which changed since: a "
                     "person will look at it again)")
        return text


@dataclass(frozen=True)
class GradeDetails:
    """What the report of one grade is written from besides the :class:`Graded` itself: the
    submission it was graded from and what the grade saw of it."""
    file: str = ""
    """The file graded (scrubbed before a student sees it)."""
    problem: str = ""
    """Why nothing was graded (the submission could not be read)."""
    note: str = ""
    """What the student should know about the file graded (which of two, and why)."""
    output: str = ""
    """What its code printed (bounded)."""
    public_only: bool = False
    """Only the public checks ran (``autograde check``)."""
    attachments: tuple[tuple[str, str], ...] = field(default_factory=tuple)
    """(title, file name in the report folder) of each figure a test drew."""

    @classmethod
    def of(cls, sub, **more) -> GradeDetails:
        """The details of a grade of ``sub``, the submission it was graded from (its file and
        note; why it could not be read); ``more``: the rest (what its code printed, its
        figures, ``public_only``)."""
        return cls(file=str(sub.path), problem=sub.problem, note=sub.note, **more)
