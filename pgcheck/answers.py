"""Answers typed into a notebook's cells: run the same way at home and in the grader.

Besides its functions, an assignment may ask for numbers worked out by hand in cells of its
notebook (``grpo``'s table exercise: the rewards of four rollouts, their group's mean and
advantages, ...) and for written answers in markdown cells. The course's registry declares
them (``assignment.toml``, ``[answers]``) as a :class:`Sheet`: each :class:`Step` names its
cell by nbgrader's ``grade_id`` and the variables the cell must define; each :class:`Written`
answer names its markdown cell. ``check.py`` receives the sheet from the release; the grader
reads it from the registry.

Running the answer cells (:func:`run`), in ``python check.py`` on the student's machine and
in the grader's sandboxed worker alike:

1. the namespace starts with what the notebook defines outside its answer cells: each code
   cell's imports, functions, classes and literal assignments
   (:func:`pgcheck.loading.notebook_definitions`), one statement at a time, a statement
   that fails being skipped (its cell is graded, or not, with the functions);
2. the graded functions are replaced by stubs that raise :class:`ByHand`: the exercise asks
   for numbers worked out by hand, so a cell that calls ``group_advantages`` is told so in
   its feedback (and graded on nothing it computed that way) instead of crashing anything;
3. each step's cell runs whole, magics left out, in the order of the sheet (a later step may
   use an earlier step's variables): the cell whose ``grade_id`` is the step's, or, when the
   notebook lost its cells' metadata (some editors drop it), the last code cell that assigns
   every variable of the step;
4. the step's variables are read from the namespace: a :class:`StepResult`.

Written answers are text, never run: :func:`written` reads each one's markdown cell, bounded
to :data:`WRITTEN_CHARS` characters. The release leaves nbgrader's ``YOUR ANSWER HERE`` in an
unanswered one, and :func:`answer_stub_line` in an unanswered answer cell.

The public part of the exercise is in the assignment's ``checks.py`` as functions
``answer_<cell>(answers)`` (the cell's id with ``-`` as ``_``): ``answers.step1_rewards`` is
the student's value. The notebook's check cells call :func:`check_answers`; ``check.py`` calls
:func:`run_checks_of` on what :func:`run` gave. The values are graded by the hidden suite
against the solution notebook's own answer cells, in the same words as functions.
"""
from __future__ import annotations

import ast
import hashlib
import re
from dataclasses import dataclass, field
from typing import Callable

from .loading import cell_label, notebook_definitions, register_source, without_magics
from .messages import error_text

#: the most of one written answer kept (a good answer to a question of the texts is a few
#: hundred characters; a whole essay pasted in is still read in full by nobody)
WRITTEN_CHARS = 4000
#: what nbgrader leaves in a markdown answer cell of the release
PLACEHOLDER = "YOUR ANSWER HERE"


@dataclass(frozen=True)
class Step:
    """One answer cell: its nbgrader ``grade_id``, what it is (``step 1, the rewards of A, B,
    C, D``), the variables it must define and what it is worth."""
    cell: str
    title: str
    names: tuple[str, ...]
    points: float = 1.0

    @property
    def check_name(self) -> str:
        """Its public check in ``checks.py``: ``answer_table_step1`` for ``table-step1``."""
        return "answer_" + re.sub(r"\W", "_", self.cell)


@dataclass(frozen=True)
class Written:
    """One written answer: its markdown cell's ``grade_id``, the question in a few words and
    what it is worth once a person has scored it."""
    cell: str
    title: str
    points: float = 1.0


@dataclass(frozen=True)
class Sheet:
    """Everything an assignment asks for in its notebook's cells besides the functions."""
    idea: str                           #: the steps' idea (gradebook column, class page)
    steps: tuple[Step, ...] = ()
    written_idea: str = ""              #: the written answers' idea
    written: tuple[Written, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.steps or self.written)

    @property
    def ideas(self) -> set[str]:
        """The ideas of the sheet: what a module alone cannot earn (the answer cells need the
        notebook, the written answers a person)."""
        return {idea for idea, entries in ((self.idea, self.steps),
                                           (self.written_idea, self.written)) if entries}


# -- running the steps ---------------------------------------------------------------------

class ByHand(Exception):
    """An answer cell called one of the graded functions, which the exercise asks not to."""


def by_hand_text(function: str) -> str:
    """What a student reads when an answer cell calls a graded function."""
    return (f"the cell calls {function}, one of the functions you write; this exercise asks "
            "for the numbers worked out by hand, so type them in (or compute them with torch "
            f"from the rewards) without calling {function}")


class _Forbidden:
    """Stands in for a graded function while the answer cells run."""

    def __init__(self, name: str):
        self.__name__ = name

    def __call__(self, *args, **kwargs):
        raise ByHand(by_hand_text(self.__name__))


@dataclass
class StepResult:
    """One step, run: the cell found (its 0-based index; None when there is none), the
    step's variables it defined, and what it raised (None if nothing)."""
    step: Step
    cell: int | None
    values: dict = field(default_factory=dict)
    error: BaseException | None = None


def assigned_names(source: str) -> set[str]:
    """The names a cell assigns at its top level (``a = ...``, ``a, b = ...``, ``a: T = ...``);
    empty when it does not parse."""
    try:
        tree = ast.parse(without_magics(source))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return set()
    found = set()
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, (ast.AnnAssign, ast.AugAssign)) else []
        for target in targets:
            for leaf in ast.walk(target):
                if isinstance(leaf, ast.Name):
                    found.add(leaf.id)
    return found


def find_cell(code: list, tags: dict, step: Step) -> int | None:
    """The index of ``step``'s cell among the code cells ``code`` (``[(index, source)]``):
    the one tagged with its ``grade_id`` in ``tags`` (index -> grade_id), else the last one
    that assigns every variable of the step, else None."""
    tagged = [index for index, _ in code if tags.get(index) == step.cell]
    if tagged:
        return tagged[0]
    assigning = [index for index, source in code if set(step.names) <= assigned_names(source)]
    return assigning[-1] if assigning else None


def run(code: list, tags: dict, steps, graded, filename: str,
        on_source: Callable[[str, str], None] = register_source) -> list[StepResult]:
    """Run the answer cells of a notebook (see the module docstring).

    ``code`` is the notebook's code cells ``[(index, source)]``, ``tags`` maps a cell's index
    to its ``grade_id``, ``graded`` names the functions a cell may not call and ``filename``
    is the notebook's name (an answer cell runs as ``grpo.ipynb, the answer cell of "step 1,
    ..."``, any other as ``grpo.ipynb, cell 8``; ``on_source`` is told each
    cell's code first, for tracebacks). Exceptions of a cell are kept in its
    :class:`StepResult`; nothing a cell does stops the next.
    """
    found = {step.cell: find_cell(code, tags, step) for step in steps}
    answer_cells = {index for index in found.values() if index is not None}
    namespace: dict = {"__name__": "__answers__"}
    for index, source in code:
        if index not in answer_cells:
            _define(namespace, notebook_definitions(source), cell_label(filename, index))
    for name in graded:
        namespace[name] = _Forbidden(name)
    sources = dict(code)
    results = []
    for step in steps:
        index = found[step.cell]
        result = StepResult(step, index)
        if index is not None:
            label = step_label(filename, step)
            text = without_magics(sources[index])
            on_source(label, text)
            try:
                exec(compile(text, label, "exec"), namespace)
            except (Exception, SystemExit) as exc:  # noqa: BLE001 - a cell may raise anything
                result.error = exc
            result.values = {n: namespace[n] for n in step.names if n in namespace}
        results.append(result)
    return results


def _define(namespace: dict, text: str, label: str) -> None:
    """Run ``text`` (a cell's definitions) into ``namespace`` one statement at a time,
    skipping a statement that fails."""
    try:
        tree = compile(text, label, "exec", ast.PyCF_ONLY_AST)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return
    for node in tree.body:
        try:
            exec(compile(ast.Module([node], type_ignores=[]), label, "exec"), namespace)
        except Exception:  # noqa: BLE001 - a definition that fails is simply not there
            continue


# -- what a step's result says ---------------------------------------------------------------

def answer_stub_line(cell: str) -> str:
    """The line the release leaves in an unanswered answer cell.

    >>> answer_stub_line("table-step1")
    'raise NotImplementedError("table-step1: not answered yet; replace this line with your answer")'
    """
    return f'raise NotImplementedError("{cell}: not answered yet; replace this line with your answer")'


def no_cell_text(step: Step, filename: str) -> str:
    return (f'not answered: {filename} has no answer cell of "{step.title}" (the release\'s, '
            f"under that heading) and no cell that assigns {names_text(step.names)}")


def step_label(filename: str, step: Step) -> str:
    """How a step's answer cell is named to its author: by the heading it sits under in the
    notebook (the step's title: ``tests/test_notebooks.py`` checks the headings), which
    Jupyter shows, never by a cell number, which it does not."""
    return f'{filename}, the answer cell of "{step.title}"'


def names_text(names) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    names = list(names)
    return " and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else names[0]


def not_answered_text(step: Step, label: str) -> str:
    return (f"not answered yet: {label} still holds the release's placeholder; replace it with "
            f"your answer, assigning {names_text(step.names)}")


def undefined_text(names: list[str], label: str) -> str:
    """Every variable a step's cell left unassigned, named at once."""
    if len(names) > 1:
        return f"{names_text(names)} are not defined: {label} ran without assigning them"
    return f"{names[0]} is not defined: {label} ran without assigning it"


def problem_of(result: StepResult, filename: str, error_type: str = "",
               error_message: str = "", traceback: str = "") -> str:
    """Why ``result``'s values cannot be graded, in the student's words ("" when they can):
    no cell, a placeholder, a call of a graded function, an exception, a missing variable.
    The error is ``result.error`` here, or its parts (as a worker reported them)."""
    step = result.step
    if result.cell is None:
        return no_cell_text(step, filename)
    label = step_label(filename, step)
    if result.error is not None:
        error_type, error_message = type(result.error).__name__, str(result.error)
    if error_type == "NotImplementedError":
        return not_answered_text(step, label)
    if error_type == ByHand.__name__:
        return f"{label}: {error_message}"
    if error_type:
        return f"{label}: " + error_text(error_type, error_message, traceback)
    missing = [n for n in step.names if n not in result.values]
    if missing:
        return undefined_text(missing, label)
    return ""


def problem_kind(result: StepResult, error_type: str = "") -> str:
    """:func:`problem_of` in a few words that are the same for every student who has it (the
    class page counts them): ``(not answered)``, ``(raised TypeError)``, ..."""
    if result.error is not None:
        error_type = type(result.error).__name__
    if result.cell is None:
        return "(no answer cell)"
    if error_type == "NotImplementedError":
        return "(not answered)"
    if error_type == ByHand.__name__:
        return "(calls a graded function)"
    if error_type:
        return f"(raised {error_type[:60]})"
    missing = [n for n in result.step.names if n not in result.values]
    return f"({names_text(missing)} not defined)" if missing else ""


# -- written answers -------------------------------------------------------------------------

@dataclass(frozen=True)
class WrittenAnswer:
    """What a student wrote for one question: the text (at most :data:`WRITTEN_CHARS`
    characters), whether it is an answer at all (not the release's placeholder) and a short
    digest of the text, which says whether a score given to it still applies."""
    question: Written
    text: str
    answered: bool
    digest: str


def digest(text: str) -> str:
    """12 hex digits that change when the answer's words do (not its surrounding spaces)."""
    return hashlib.sha256(" ".join(text.split()).encode("utf-8", "replace")).hexdigest()[:12]


def written(markdown: list, tags: dict, questions) -> list[WrittenAnswer]:
    """The answer to each of ``questions`` in the markdown cells ``markdown`` (``[(index,
    source)]``), found by ``grade_id`` (``tags``: index -> grade_id)."""
    by_id = {tags.get(index): source for index, source in markdown}
    out = []
    for question in questions:
        text = "\n".join(line for line in (by_id.get(question.cell) or "").splitlines()
                         if "### BEGIN SOLUTION" not in line and "### END SOLUTION" not in line)
        text = text.strip()
        if len(text) > WRITTEN_CHARS:
            text = text[:WRITTEN_CHARS] + f" [... {len(text) - WRITTEN_CHARS} more characters]"
        answered = bool(text) and text != PLACEHOLDER
        out.append(WrittenAnswer(question, text if answered else "", answered,
                                 digest(text) if answered else ""))
    return out


# -- the public checks ------------------------------------------------------------------------

class Answers:
    """The ``answers`` a public answer check receives: ``answers.step1_rewards``."""

    def __init__(self, values: dict, cell: str):
        self._values, self._cell = values, cell

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        if name not in self._values:
            raise NotImplementedError(f"{self._cell}: not answered yet ({name} is not defined; "
                                      "run the answer cell)")
        return self._values[name]


def run_checks_of(step: Step, values: dict, checks_module) -> tuple[list[str], list[tuple[str, str]]]:
    """(passed, [(check, feedback)] failed) of ``step``'s public checks on ``values``."""
    from .assertions import Mismatch    # imports torch: not for reading an answer sheet

    passed, failed = [], []
    for name, check in vars(checks_module).items():
        if name != step.check_name and not name.startswith(step.check_name + "_"):
            continue
        if not callable(check):
            continue
        try:
            check(Answers(values, step.cell))
        except Mismatch as exc:
            failed.append((name, str(exc)))
        except AssertionError as exc:
            failed.append((name, str(exc).strip() or "a check failed"))
        except NotImplementedError as exc:
            failed.append((name, str(exc)))
        except Exception as exc:  # noqa: BLE001 - the student's values may be anything
            failed.append((name, error_text(type(exc).__name__, str(exc))))
        else:
            passed.append(name)
    return passed, failed


def check_answers(cell: str, namespace: dict, checks_module=None) -> None:
    """The public checks of an answer cell, from the notebook: ``check_answers("table-step1",
    globals())``. Prints one line per check; a variable not yet defined raises the answer's
    ``NotImplementedError`` and a failed check ``AssertionError``, so the cell fails exactly
    when a check does."""
    if checks_module is None:
        import checks as checks_module          # the assignment's checks.py, beside the notebook
    step = Step(cell, cell, ())
    passed, failed = run_checks_of(step, dict(namespace), checks_module)
    if not passed and not failed:
        raise ValueError(f"no public check for the answer cell {cell!r}")
    for name in passed:
        print(f"passed  {name}")
    for name, text in failed:
        if text.startswith(f"{cell}: not answered yet"):
            raise NotImplementedError(text)
        print(f"FAILED  {name}: {text}")
    if failed:
        raise AssertionError(f"{len(failed)} public check(s) of {cell} failed")
