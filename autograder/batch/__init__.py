"""The write path of a class grade: one :class:`Batch` per command, its inputs read once.

==================  ==============================================================
module              what it does
==================  ==============================================================
(this one)          :class:`Batch`: the assignment, the run history, the person's
                    scores and each student's submission, read once; graded by
                    the pool or the cluster; finished in memory; written once
``regrade``         which grades are reused, the cache entries and run manifests
                    (``OUT/<student>/cache.json``, ``OUT/_runs/``)
``manual``          the scores a person gives (``OUT/manual.csv``)
==================  ==============================================================

One command, one trip: ``autograde grade`` starts a batch (:meth:`Batch.start`: the run
history read, ``OUT/manual.csv`` read and checked, each submission read and fingerprinted,
the grades that can be reused taken from their cache entries), grades what is pending with
the person's scores (:attr:`Batch.marks`) merged before each report is written, finishes
it in memory (:meth:`Batch.finished`: the reused grades get the scores too), writes it
once (:meth:`Batch.write`: cache entries, the run's manifest, a reused grade's
``results.json`` only where its scores changed, the ``manual.csv`` to fill in,
``gradebook.csv``) and hands its records to the class page (:meth:`Batch.for_page`).
``autograde report`` and ``export`` rebuild the same batch from the cache
(:meth:`Batch.recorded`): nothing graded, no ``results.json`` read back.

The read side (the class page, similarity) is :mod:`autograder.review`; it reads the runs
this package writes.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from autograder.authoring.course import Assignment
from autograder.batch import manual, regrade
from autograder.batch.manual import ManualError  # noqa: F401 - the command's error to catch
from autograder.records.grades import Graded, Mark
from autograder.report import GRADEBOOK, MANUAL, write_gradebook, write_marks


@dataclass(frozen=True)
class Batch:
    """One command's grade of one assignment's class in ``out``: its plan (who is graded,
    who reused, each submission as read: :class:`autograder.batch.regrade.Plan`), the
    person's scores of ``OUT/manual.csv`` (None: no such file, the grades' own kept), and
    once :meth:`finished`, every student's grade in the class's order."""
    out: Path
    assignment: Assignment
    plan: regrade.Plan
    scores: dict | None = None
    grades: tuple[Graded, ...] = ()

    @classmethod
    def start(cls, out: Path, assignment: Assignment, students: list, options: dict,
              reuse: bool = True) -> Batch:
        """The batch of ``students`` (:class:`autograder.engine.discover.Student`) graded
        into ``out`` under ``options`` (the regrade key's): ``OUT/manual.csv`` is checked
        first (a wrong row raises :class:`~autograder.batch.manual.ManualError` before
        anything is graded), then the plan is made (ValueError for ids the folder cannot
        take); ``reuse=False`` grades everyone again."""
        out = Path(out)
        history = regrade.runs(out)
        scores = manual.load(out, assignment,
                             {s.id for s in students} | _graded(history, assignment.name))
        plan = regrade.plan(out, assignment, [(s.id, s.path) for s in students], options,
                            renamed=[s for s in students if s.renamed], reuse=reuse,
                            history=history)
        return cls(out, assignment, plan, scores)

    @classmethod
    def recorded(cls, out: Path, assignment: Assignment, history: list[dict]) -> Batch | None:
        """The latest run of ``assignment`` in ``out`` (``history``: its runs, as
        :func:`recorded_batches` read them once) rebuilt from its cache entries, the scores of
        ``OUT/manual.csv`` merged as it reads now (None: no run of it)."""
        out = Path(out)
        plan = regrade.recorded(out, assignment, history)
        if plan is None:
            return None
        scores = manual.load(out, assignment, _graded(plan.history, assignment.name)) \
            if (out / MANUAL).is_file() else None
        return cls(out, assignment, plan, scores).finished([])

    @property
    def marks(self) -> dict[str, tuple[Mark, ...]]:
        """The person's scores by student, for the grades (:attr:`Options.marks
        <autograder.engine.options.Options.marks>`)."""
        return manual.marks(manual.questions(self.assignment), self.scores or {})

    def finished(self, fresh: list[Graded]) -> Batch:
        """The batch with every grade, in the class's order: ``fresh``, the grades of the
        plan's :attr:`~autograder.batch.regrade.Plan.pending` in that order, beside the
        reused ones, the person's scores merged into each (a grade made with them is
        unchanged by it)."""
        fresh_ones = {sid: g for (sid, _), g in zip(self.plan.pending, fresh)}
        by_student = {**self.plan.reused, **fresh_ones}
        if self.scores is not None:
            marks = self.marks
            by_student = {sid: g.with_marks(marks.get(sid, ())) for sid, g in by_student.items()}
        return replace(self, grades=tuple(by_student[sid] for sid, _ in self.plan.pairs))

    def write(self, gradebook: bool = True) -> None:
        """Write the finished batch once: the cache entries and the run's manifest
        (:meth:`~autograder.batch.regrade.Plan.finish`; a batch :meth:`recorded` keeps its
        run, only the entries of grades whose scores changed are written), the
        ``results.json`` of the reused grades whose person's scores are not those it was
        written with, ``OUT/manual.csv`` to fill in when it is not there, and
        (``gradebook``) ``OUT/gradebook.csv``."""
        self.plan.finish({g.submission: g for g in self.grades})
        reused = self.plan.reused
        for graded in self.grades:
            if graded.submission in reused and graded.marks != reused[graded.submission].marks:
                write_marks(self.out / graded.submission, graded)
        manual.write_template(self.out, self.assignment, list(self.grades))
        if gradebook:
            write_gradebook(self.out / GRADEBOOK, list(self.grades))

    @property
    def run(self) -> dict:
        """This run's manifest (once written), and :attr:`previous`: the one before it."""
        return self._runs()[-1]

    @property
    def previous(self) -> dict | None:
        runs = self._runs()
        return runs[-2] if len(runs) > 1 else None

    def _runs(self) -> list[dict]:
        return [r for r in self.plan.history if r.get("assignment") == self.assignment.name]

    def for_page(self) -> dict[str, Graded]:
        """Every grade by student for the class page, a reused one with the seconds it took
        when it was made."""
        return {g.submission: replace(g, seconds=self.plan.took.get(g.submission))
                if g.submission in self.plan.reused else g for g in self.grades}


def _graded(history: list[dict], name: str) -> set[str]:
    """Every student that a run of assignment ``name`` in ``history`` graded."""
    return {e["id"] for run in history if run.get("assignment") == name for e in run["students"]}


def recorded_batches(out: Path, name: str | None = None) -> list[Batch]:
    """The latest run of every assignment graded in ``out`` (or of ``name`` only) as a
    :meth:`Batch.recorded`, in the order they were first graded; the run history is read
    once. An assignment the registry no longer holds is left out (its scores cannot be
    checked against its questions)."""
    from autograder.authoring import course

    history = regrade.runs(out) or regrade.unrecorded(out)
    batches = []
    for graded in dict.fromkeys(r.get("assignment") for r in history):
        if not isinstance(graded, str) or (name and graded != name):
            continue
        try:
            assignment = course.get(graded)
        except ValueError:
            continue
        batch = Batch.recorded(out, assignment, history)
        if batch is not None:
            batches.append(batch)
    return batches
