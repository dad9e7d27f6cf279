"""A notebook's answer cells in a grade: the student's run in the sandbox, the reference's here.

An assignment whose registry declares answer cells (``[answers]``, a
:class:`~pgcheck.answers.Sheet`) is graded on them by one more suite,
``autograder/engine/exercises/test_answers.py``: one test per step, worth the step's points,
under the sheet's idea, each comparing the values the step's cell defines with the reference's,
in the words of the function tests (case, expected, got, difference, tolerance)::

    table exercise: step 4, three right and one wrong (0 / 1)
      step4_advantages: values differ at index 3: expected -0.75, got 0.75; largest ...

* The student's cells run only in a sandboxed worker of their own (:class:`NotebookAnswers`
  starts it: its submission is empty, so no function of the student's is loaded there, and
  the graded functions are stubs that say "work it out by hand"). One request runs every step
  (``{"op": "answers"}``): bounded by a time limit that follows the reference's time and by a
  reply budget that follows the reference's answer, like any call; the reply is checked field
  by field (:class:`~autograder.sandbox.replies.StepReply`).
* The reference values come from the solution notebook's own answer cells
  (``solutions/<name>/<name>.ipynb``, trusted), run here by the same code
  (:func:`reference_answers`).
* The answers come from the notebook whichever file holds the functions: a graded module's
  notebook beside it (:attr:`pgcheck.discovery.Submission.answer_source`).

Written answers are text: :func:`written_outcomes` turns each into a test worth its points,
scored 0 until a person scores it (``OUT/manual.csv``: :mod:`autograder.batch.manual`).
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import torch

from pgcheck import answers
from pgcheck.answers import Sheet, Step, StepResult, WrittenAnswer
from pgcheck.assertions import Mismatch, expect_close, expect_float, short
from pgcheck.discovery import Submission, read

from autograder.authoring.course import Assignment
from autograder.sandbox.problems import LoadFailure, SubmissionProblem
from autograder.sandbox.session import Session
from autograder.sandbox.codec import Opaque
from autograder.sandbox.replies import ReferenceRun, StepReply

#: how a request for the answer cells is named in timeouts and skips
LABEL = "your answer cells"


@dataclass(frozen=True)
class Reference:
    """The solution notebook's answers: each step's values, what running them took, and the
    reply a worker would send for them (its size sets the student's reply budget)."""
    values: dict            # step cell -> {variable: value}
    run: ReferenceRun


@cache
def reference_answers(notebook: Path, sheet: Sheet, graded: tuple[str, ...]) -> Reference:
    """Run the answer cells of the solution notebook ``notebook`` here (it is the course's
    own, trusted); RuntimeError when one of them does not define what its step names."""
    sub = read("reference", notebook, notebook.stem)
    if sub.problem:
        raise RuntimeError(f"the solution notebook could not be read: {sub.problem}")
    start = time.perf_counter()
    results = answers.run(sub.cells, sub.tags, sheet.steps, graded, notebook.name)
    seconds = time.perf_counter() - start
    for result in results:
        problem = answers.problem_of(result, notebook.name)
        if problem:
            raise RuntimeError(f"the solution notebook's answer cell {result.step.cell!r} "
                               f"cannot be graded against: {problem}")
    reply = [{"cell": r.cell, "values": r.values, "error": None} for r in results]
    return Reference({r.step.cell: r.values for r in results}, ReferenceRun.of(reply, seconds))


def expect_answer(actual, expected, *, case: str) -> None:
    """A student's value for one variable of a step against the reference's: a tensor of the
    same shape whose values are close (any dtype: the step asks for numbers, not for a
    precision), or a number close to the reference's."""
    if isinstance(actual, Opaque):
        kind = "a torch.Tensor" if isinstance(expected, torch.Tensor) else "a number"
        raise Mismatch(case, detail=f"expected {kind}, got a {actual.type}", actual=actual.repr)
    if isinstance(expected, torch.Tensor):
        expect_close(actual, expected, case=case, check_dtype=False)
    elif isinstance(expected, (int, float)) and not isinstance(expected, bool):
        expect_float(actual, float(expected), case=case)
    elif actual != expected:
        raise Mismatch(case, expected=expected, actual=actual)


class AnswerProblem(AssertionError):
    """A step that cannot be compared (no cell, not answered, an exception, a missing
    variable, a call of a graded function); ``str`` is the feedback."""


class NotebookAnswers:
    """The ``answers`` fixture of a grade: the student's answer cells, run once in a worker of
    their own (``new_session(load_message)`` makes its :class:`Session`), compared step by step
    with the reference's.

    ``source`` is the notebook graded for its answers (None: none was handed in) and
    ``problem`` why the submission could not be read at all."""

    def __init__(self, assignment: Assignment, source: Submission | None, new_session,
                 problem: str = "", missing: str = ""):
        self.assignment, self.sheet = assignment, assignment.answers
        self.source, self.problem, self.missing = source, problem, missing
        self._new_session = new_session
        self.session: Session | None = None
        self._replies: dict[str, StepReply] | None = None
        self.shown: dict[str, str] = {}     #: step cell -> what the student's cell gave, short
        self._failure: str | None = None       # why the cells could not run, once known

    def reference(self) -> Reference:
        return reference_answers(self.assignment.notebook, self.sheet,
                                 tuple(self.assignment.functions))

    def request(self) -> dict:
        """The worker's request: every step, in order."""
        src = self.source
        return {"op": "answers", "filename": src.filename, "cells": src.cells or [],
                "tags": [[i, g] for i, g in src.tags.items()],
                "steps": [[s.cell, list(s.names)] for s in self.sheet.steps],
                "graded": list(self.assignment.functions)}

    def mark(self, outcomes: list) -> None:
        """Note on each outcome of a step its cell and what the student's cell gave (the class
        page counts the wrong answers)."""
        titles = {f"{self.sheet.idea}: {step.title}": step.cell for step in self.sheet.steps}
        for o in outcomes:
            if o.name in titles:
                o.step, o.answer = titles[o.name], self.shown.get(titles[o.name], "")

    def replies(self) -> dict[str, StepReply]:
        """Each step's reply, run once (its failure, once, for every step)."""
        if self._failure is not None:
            raise AnswerProblem(self._failure)
        if self._replies is None:
            try:
                self._replies = self._run()
            except (SubmissionProblem, AnswerProblem) as exc:
                self._failure = str(exc)
                raise
        return self._replies

    def _run(self) -> dict[str, StepReply]:
        if self.problem:
            raise LoadFailure(self.problem)
        if self.source is None:
            raise AnswerProblem(self.missing)
        reference = self.reference()
        self.session = self._new_session({
            "op": "load", "module": "__answers__", "filename": self.source.filename,
            "kind": "py", "source": "", "provided": {}})
        message = self.request()
        timeout = self.session.limits.call_limit(reference.run.seconds)
        reply = self.session.request(message, timeout, reference=reference.run, label=LABEL)
        try:
            steps = StepReply.parse_all(reply.value, message)
        except Exception as exc:  # noqa: BLE001 - ProtocolError: the student's worker's doing
            raise AnswerProblem(f"your code sent a malformed reply for the answer cells ({exc})")
        return {step.cell: got for step, got in zip(self.sheet.steps, steps)}

    def compare(self, step: Step) -> None:
        """Grade ``step``: its cell's values against the reference's, or why there are none."""
        got = self.replies()[step.cell]
        error = got.error
        kind, message, trace = (error.type, error.message, error.traceback) if error else ("",) * 3
        result = StepResult(step, got.cell, got.values)
        problem = answers.problem_of(result, self.source.filename, kind, message, trace)
        self.shown[step.cell] = answers.problem_kind(result, kind) if problem else \
            "; ".join(f"{n} = {short(v)}" for n, v in got.values.items())
        if problem:
            raise AnswerProblem(problem)
        expected = self.reference().values[step.cell]
        for name in step.names:
            expect_answer(got.values[name], expected[name], case=name)

    def close(self) -> None:
        if self.session is not None:
            self.session.close()


def missing_text(assignment: Assignment, sub: Submission) -> str:
    """Why a submission has no notebook to grade the answer cells from."""
    if sub.notebook_problem:
        return f"no answer: {sub.notebook_problem}"
    notebook = f"{assignment.name}.ipynb"
    return (f"no answer: the {assignment.answers.idea} is answered in {notebook}, and "
            f"{sub.filename} came without it; hand in both (python check.py --zip packs both)")


def written_answers(sheet: Sheet, sub: Submission) -> list[WrittenAnswer]:
    """The written answers of the notebook graded for its answer cells (unanswered when there
    is none)."""
    source = sub.answer_source if not sub.problem else None
    if source is None:
        return answers.written([], {}, sheet.written)
    return answers.written(source.markdown, source.tags, sheet.written)


def written_text(answer: WrittenAnswer, notebook: str) -> str:
    """The feedback of a written answer before a person has scored it."""
    if not answer.answered:
        return (f"no answer written: the answer goes in the markdown cell "
                f"{answer.question.cell!r} of {notebook}; a person scores it")
    return ("to be scored by a person (this grade counts it as 0 until then); your answer, "
            f"as received:\n{answer.text}")
