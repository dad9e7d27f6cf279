"""``autograde lint``: what an assignment's author has left to do, in seconds.

Each finding names the file, what is short or wrong, and what to add:

* the bar every assignment meets (the project's tests hold it too, with these numbers):
  :data:`MIN_MISTAKES` known mistakes, half of them with a ``HINT``; :data:`MIN_VARIANTS`
  correct variants; :data:`MIN_FORMS` correct forms of each function in the fairness bank;
* ``[points]`` of assignment.toml: every idea of the hidden suite declared, none declared that
  the suite lacks, and how each idea's points are shared (a ``@both_dtypes`` test counts twice);
* the notebook's grade cells (only the written answers may be one: every route grades alike);
* its section of ``docs/contract.md``, with each graded function's signature;
* what the texts quote from the settings (:mod:`autograder.engine.texts`);
* known mistakes whose ``HINT`` the hidden suite never shows: each mistake is graded IN THIS
  PROCESS (:class:`TrustedSession`: the bank is the instructor's own code, never a student's),
  without the slow tests, and its feedback searched for the hint, as the slow lane's
  ``tests/test_mutants.py::test_mutants_lose_points_and_variants_keep_them`` does in the
  sandbox. A hint needs evidence on more than one case; a mistake that shows on one case of
  the suite only can never get it: add cases where it shows.
"""
from __future__ import annotations

import os
import types
from dataclasses import dataclass, field

import pytest

from pgcheck.calls import CallResult, call_function, clone

from autograder.authoring.course import Assignment
from autograder.authoring.release import graded_cells
from autograder.engine import mutants
from autograder.engine.grade import PYTEST_ARGS, suite_paths
from autograder.engine.plugin import GradingPlugin, idea_weights
from autograder.sandbox.confine import Limits
from autograder.sandbox.problems import StudentError
from autograder.sandbox.proxy import Student
from autograder.sandbox.replies import WorkerError

#: the bar of every assignment: known mistakes (half with a HINT), correct variants
#: (``tests/variants/<name>/``), correct forms of each function (``tests/fair/<name>/<fn>/``)
MIN_MISTAKES, MIN_VARIANTS, MIN_FORMS = 12, 3, 5


@dataclass
class Findings:
    """What ``autograde lint`` says of one assignment: ``todo`` lines (each names a file and
    what to add) and ``shares`` (how each idea's points are shared among its tests)."""
    todo: list[str] = field(default_factory=list)
    shares: list[str] = field(default_factory=list)


def counts(assignment: Assignment) -> list[str]:
    """What is short of the bar, with what to add."""
    root, name = assignment.root, assignment.name
    bank = mutants.bank(assignment)
    todo = []
    where = assignment.hidden_dir / "mutants"
    if len(bank) < MIN_MISTAKES:
        todo.append(f"{where}: {len(bank)} known mistakes, at least {MIN_MISTAKES} wanted: add "
                    f"{MIN_MISTAKES - len(bank)} (one file each: the buggy function, a "
                    "docstring, a HINT)")
    hinted = sum(1 for m in bank if m.hint)
    if 2 * hinted < len(bank):
        todo.append(f"{where}: {hinted} of {len(bank)} known mistakes have a HINT, at least half "
                    f"wanted: add a HINT to {(len(bank) + 1) // 2 - hinted} more")
    variants = root / "tests" / "variants" / name
    found = [p for p in variants.iterdir() if p.is_dir()] if variants.is_dir() else []
    if len(found) < MIN_VARIANTS:
        todo.append(f"{variants}: {len(found)} correct variants, at least {MIN_VARIANTS} "
                    f"wanted: add {MIN_VARIANTS - len(found)} (a folder each, holding "
                    f"{name}.py written differently)")
    for fn in assignment.functions:
        forms = sorted((root / "tests" / "fair" / name / fn).glob("*.py"))
        if len(forms) < MIN_FORMS:
            todo.append(f"{root / 'tests' / 'fair' / name / fn}: {len(forms)} correct forms of "
                        f"{fn}, at least {MIN_FORMS} wanted: add {MIN_FORMS - len(forms)} "
                        "(numpy inside, loops, einsum, float64 inside, ...)")
    return todo


def contract_doc(assignment: Assignment) -> list[str]:
    """``docs/contract.md`` has the assignment's section, with each graded function's
    signature as the reference writes it."""
    import re

    doc = assignment.root / "docs" / "contract.md"
    text = doc.read_text() if doc.is_file() else ""
    source = assignment.reference_module.read_text()
    headers = dict(re.findall(r"^def (\w+)\((.*?)\):", source, flags=re.M | re.S))
    rows = [f"`{fn}({' '.join(headers[fn].split())})`" for fn in assignment.functions
            if fn in headers]
    name = assignment.name
    if f"### `{name}`" not in text:
        return [f"{doc}: no section for {name}: add, under \"## 1. The student functions\", "
                f"\"### `{name}` (write `{name}.py`)\" with a table `| function | what it must "
                f"do |` and one row per graded function: {', '.join(rows)}"]
    return [f"{doc}: the section of {name} lacks the signature {row} (one row of its table, "
            "as the reference writes it)" for row in rows if row not in text]


def collected(assignment: Assignment, plugin=None, *, skip_slow: bool = False,
              extra: tuple[str, ...] = ()) -> tuple[int, list]:
    """Run (or with ``--collect-only`` in ``extra``, collect) the grade's suites under
    ``plugin``; (pytest's exit code, the items)."""
    class Collect:
        items: list = []

        def pytest_collection_finish(self, session):
            self.items = list(session.items)

    collect = Collect()
    plugin = plugin or GradingPlugin(assignment, student=None)
    with pytest.MonkeyPatch.context() as env:
        env.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
        code = pytest.main([*PYTEST_ARGS, *extra, *(["-m", "not slow"] if skip_slow else []),
                            *suite_paths(assignment, public_only=False)],
                           plugins=[plugin, collect])
    return code, collect.items


def points(assignment: Assignment) -> Findings:
    """``[points]`` against the hidden suite's ideas, and each idea's shares."""
    _, items = collected(assignment, extra=("--collect-only",))
    declared = dict(assignment.settings.points)
    toml = assignment.source_dir / "assignment.toml"
    cases: dict[str, dict[str, list[float]]] = {}     # idea -> test -> each case's points
    for item in items:
        marker = item.get_closest_marker("points")
        group = marker.kwargs.get("group") if marker else None
        if group is None or item.get_closest_marker("public") or item.get_closest_marker("answer"):
            continue
        cases.setdefault(group, {}).setdefault(item.originalname, []).append(
            float(marker.args[0]))
    weights = idea_weights(items)      # after the plugin shared [points]: the shares
    found = Findings()
    for idea in cases:
        if idea not in declared:        # not shared: its markers' sum, each case counted
            found.todo.append(f'{toml}: [points] has no "{idea}" (the idea of '
                              f"{', '.join(cases[idea])} in the hidden suite): add "
                              f'"{idea}" = {weights[idea]:g} or what it is worth')
    for idea in declared:
        if idea not in cases:
            found.todo.append(f'{toml}: [points] "{idea}" is no idea of the hidden suite '
                              f"(its ideas: {', '.join(cases)}): rename or remove it")
    for idea, tests in cases.items():
        parts = ", ".join(f"{t} {len(c)} cases × {c[0]:.3g}" if len(c) > 1 else f"{t} {c[0]:.3g}"
                          for t, c in tests.items())
        found.shares.append(f"{assignment.name}: {idea} = {weights.get(idea, 0):g} points: "
                            f"{parts}")
    return found


class TrustedSession:
    """The part of a worker's :class:`~autograder.sandbox.session.Session` a grade's proxy
    uses, calling a module of the instructor's own (a known mistake) in this process."""

    def __init__(self, module: types.ModuleType, source: str):
        self.module, self.limits, self.where = module, Limits(), ""
        self.load_message = {"kind": "py", "source": source}

    def skip_if_broken(self, fn: str) -> None:
        """(A trusted module's function never hangs.)"""

    def _run(self, fn: str, run):
        try:
            return run(getattr(self.module, fn))
        except Exception as exc:        # noqa: BLE001 - what a worker reports as raised
            raise StudentError(WorkerError(type(exc).__name__, str(exc)[:500], "")) from None

    def call(self, fn, args=(), kwargs=None, *, grad=None, echo_args=False, timeout=None,
             reference=None, case="") -> CallResult:
        return CallResult.of(self._run(fn, lambda f: call_function(
            f, clone(list(args)), clone(dict(kwargs or {})), grad=grad, echo_args=echo_args)))

    def request(self, message: dict, timeout, case: str = "", reference=None):
        items = message["items"]
        value = self._run(message["fn"], lambda f: [f(*clone(list(i))) for i in items])
        return types.SimpleNamespace(value=value)


def hints(assignment: Assignment) -> list[str]:
    """Each known mistake whose HINT an in-process grade of it does not show, or that loses
    no point."""
    todo = []
    for m in mutants.bank(assignment):
        if not m.hint:
            continue
        source = m.materialize()
        module = types.ModuleType(f"_autograde_lint_{assignment.name}_{m.name}")
        exec(compile(source, str(m.path), "exec"), module.__dict__)    # the bank: our code
        student = Student(TrustedSession(module, source))
        plugin = GradingPlugin(assignment, student)
        with open(os.devnull, "w") as quiet, _redirected(quiet):
            collected(assignment, plugin, skip_slow=True)
        lost = [o for o in plugin.outcomes if o.status != "passed" and o.max_score > 0]
        if not lost:
            todo.append(f"{m.path}: the hidden suite gives this mistake full marks (without the "
                        "slow tests): add a case where it shows")
        elif not any(m.hint in o.output for o in plugin.outcomes):
            failed = [o.name for o in lost if not o.output.startswith("held back")]
            todo.append(f"{m.path}: its HINT is never shown: it fails {len(failed)} test(s) "
                        f"({'; '.join(failed[:3])}), and a hint is shown only on evidence "
                        "specific to the mistake (an exception is one bit; see "
                        "autograder/engine/causes/): add cases of "
                        f"{', '.join(m.functions)} where it shows (or a FEEDBACK diagnosis)")
    return todo


def _redirected(stream):
    import contextlib

    stack = contextlib.ExitStack()
    stack.enter_context(contextlib.redirect_stdout(stream))
    stack.enter_context(contextlib.redirect_stderr(stream))
    return stack


def lint(assignment: Assignment, *, with_hints: bool = True) -> Findings:
    """Everything above, for one assignment."""
    from autograder.engine import texts

    found = points(assignment)
    found.todo = counts(assignment) + found.todo + graded_cells(assignment) \
        + contract_doc(assignment) \
        + texts.problems(assignment) + (hints(assignment) if with_hints else [])
    return found
