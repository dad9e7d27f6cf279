"""A function that raises on every case: the line of the student's own code that raises, named.

When every case the suite tried of a function raised in the student's code, of one type and at
one line, the evidence (the submission's own traceback on the grader's inputs) proves one
thing: that line raises that error on those inputs. That is all this names::

    likely cause: on all 9 cases, line 14 of your code (in ppo_loss) raises TypeError:
    unsupported operand type(s) for &: 'Tensor' and 'float'

Nothing else is guessed (not which operator is wrong, nor why). The function and line are the
worker's report of the last traceback frame inside the submission (the worker keeps only the
submission's frames; :class:`pgcheck.messages.Origin` checks the parts it sends), the message
is cut to one short line (:func:`~autograder.engine.causes.evidence.one_line`). A worker is
untrusted: a forged report can only mislead its own student, and a case that raised with no
line, or at two lines, or a case that answered, names nothing.

The same holds of a function that raises on only some cases, when every case it got wrong
raised, of one type at one line, and every other case answered as the reference does
(:func:`on_failed`): ``std >> eps`` in the branch that only ``normalize_std=True`` takes, an
index past the end that only inputs with an ``=`` reach. The line is named with how many cases
raised and how many answered right; why those cases reach it is not guessed::

    likely cause: on the 5 failed cases, line 49 of your code (in group_advantages) raises
    TypeError: unsupported operand type(s) for >>: 'Tensor' and 'Tensor'; the 4 other cases
    answer as expected

A function that raises on some failed cases and answers wrongly on the others has two mistakes
(real answer checkers that are strict about the format and raise on a completion that is not a
string: ``re.search(pattern, None)``). The raises are named as above, when they come from one
line, and the rest of the pipeline looks for the cause of the wrong answers on the cases that
answered (:func:`partly`); the two are said together (with "another difference remains" when
that cause is partial), and nothing when the wrong answers have no cause of their own::

    likely cause: <the cause of the wrong answers>; besides, on 2 other failed cases, line 19 of
    your code (in extract_number) raises TypeError: expected string or bytes-like object, ...

The line that raises is not always the line that is wrong. ``is``, ``is not``, ``in`` and
``not in`` compare tensors without an error and give one Python bool; the error comes where
that bool is used as a tensor (``torch.where(all_equal, ...)``: "got (bool, Tensor, Tensor)").
When the message says a bool arrived, and the raising line reads exactly one name that the
same function assigned, once and earlier, from such a comparison, the student's source
(parsed here, never run: :func:`bool_made_at`) names that line as where the mistake is::

    likely cause: on all 9 cases, line 50 of your code (in group_advantages) makes all_equal
    one Python bool (`is` compares the objects, not their values), and line 51 raises
    TypeError: where() received an invalid combination of arguments - got (bool, Tensor, ...
"""
from __future__ import annotations

import ast
import re

from autograder.engine.causes.evidence import Observation, Raised, compared, wrong

#: how the cause reads; ``benchmarks/bench_mutation.py`` finds the line it names by ``LINE_WORDS``
TEXT = "on {cases}, line {line} of your code (in {function}) raises {type}: {message}"
LINE_WORDS = r"line (\d+) of your code \(in \w+\) (?:raises|makes)"
#: the cause when a bool made at an earlier line raises where it is used (:func:`bool_made_at`)
MADE = ("on {cases}, line {made} of your code (in {function}) makes {name} one Python bool "
        "({how}), and line {line} raises {type}: {message}")
#: a message saying a Python bool arrived where a tensor belongs
#: ("must be Tensor, not bool", "'bool' object has no attribute", torch's overloads' "got (bool,
#: Tensor, Tensor)")
_BOOL_ARRIVED = re.compile(r"\bnot bool\b|'bool' object|\bgot \([^)]*\bbool\b")
#: the comparisons that give one bool of tensors without an error, and what each does
_BOOL_OPS = {ast.Is: "`is` compares the objects, not their values",
             ast.IsNot: "`is not` compares the objects, not their values",
             ast.In: "`in` asks whether a value is among the elements",
             ast.NotIn: "`not in` asks whether a value is among the elements"}


def _function(sources: tuple[str, ...], name: str, line: int) -> ast.FunctionDef | None:
    """The last top-level definition of ``name`` in ``sources`` (the code the worker ran:
    the module, or each notebook cell) that spans ``line``."""
    found = None
    for text in sources:
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError):
            continue
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name == name \
                    and node.lineno <= line <= (node.end_lineno or 0):
                found = node
    return found


def bool_made_at(sources: tuple[str, ...], raised: Raised) -> tuple[int, str, str] | None:
    """(line, name, how) when ``raised`` says a bool arrived, the raising line of the student's
    function reads exactly one name assigned from a bool-making comparison (``_BOOL_OPS``), and
    that name is assigned once in the function, before that line; else None."""
    if not _BOOL_ARRIVED.search(raised.message):
        return None
    node = _function(sources, raised.function, raised.line)
    if node is None:
        return None
    assigned: dict[str, list[ast.AST]] = {}
    for n in ast.walk(node):
        targets = n.targets if isinstance(n, ast.Assign) else \
            [n.target] if isinstance(n, (ast.AugAssign, ast.AnnAssign, ast.For)) else []
        for target in targets:
            for name in ast.walk(target):
                if isinstance(name, ast.Name):
                    assigned.setdefault(name.id, []).append(n)
    read = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)
            and isinstance(n.ctx, ast.Load) and n.lineno <= raised.line <= (n.end_lineno or 0)}
    made = []
    for name in sorted(read):
        (only, *more) = assigned.get(name, [None])
        if only is None or more or not isinstance(only, ast.Assign) or only.lineno >= raised.line:
            continue
        value = only.value
        ops = [op for op in value.ops if type(op) in _BOOL_OPS] \
            if isinstance(value, ast.Compare) else []
        if ops:
            made.append((only.lineno, name, _BOOL_OPS[type(ops[0])]))
    return made[0] if len(made) == 1 else None


def _text(cases: str, answers: list[Raised], sources: tuple[str, ...]) -> str:
    """The cause, in the words of :data:`TEXT` or :data:`MADE`, of ``answers`` raised at one
    line (:func:`_one_line`) on ``cases``."""
    first = answers[0]
    message = first.message or "(no message)"
    if len({a.message for a in answers}) > 1:
        message += " (the first case's words; they vary with the case)"
    made = bool_made_at(sources, first)
    if made:
        return MADE.format(cases=cases, made=made[0], name=made[1], how=made[2], line=first.line,
                           function=first.function, type=first.type, message=message)
    return TEXT.format(cases=cases, line=first.line, function=first.function, type=first.type,
                       message=message)


def _one_line(answers: list) -> Raised | None:
    """The one (type, function, line) every answer raised at, or None."""
    if not answers or not all(isinstance(a, Raised) and a.line > 0 for a in answers):
        return None
    if len({(a.type, a.function, a.line) for a in answers}) != 1:
        return None
    return answers[0]


def on_failed(fn: str, observations: list[Observation], sources: tuple[str, ...] = ()) -> str | None:
    """The cause when every failed case of ``fn`` raised one type at one line and every other
    compared case agrees with the reference (at least one of each), else None. ``sources``:
    the student's code, for :func:`bool_made_at`."""
    cases = compared(fn, observations)
    failed = wrong(cases)
    passed = len(cases) - len(failed)
    answers = [o.student for o in failed]
    if _one_line(answers) is None or not passed:
        return None
    count = "the only failed case" if len(failed) == 1 else f"the {len(failed)} failed cases"
    others = "the other case answers" if passed == 1 else f"the {passed} other cases answer"
    return _text(count, answers, sources) + f"; {others} as expected"


def everywhere(fn: str, observations: list[Observation], sources: tuple[str, ...] = ()) -> str | None:
    """The cause when every compared case of ``fn`` raised one type at one line, else None
    (``sources``: as :func:`on_failed`'s)."""
    answers = [o.student for o in compared(fn, observations)]
    if _one_line(answers) is None:
        return None
    count = "the only case" if len(answers) == 1 else f"all {len(answers)} cases"
    return _text(count, answers, sources)


def partly(fn: str, observations: list[Observation], sources: tuple[str, ...] = ()) \
        -> tuple[list[Observation], str] | None:
    """(``observations`` without the cases of ``fn`` that raised, the words of those raises)
    when some failed cases of ``fn`` raised in the student's code, of one type at one line, and
    the others it failed answered, else None (``sources``: as :func:`on_failed`'s)."""
    failed = wrong(compared(fn, observations))
    raised = [o for o in failed if isinstance(o.student, Raised)]
    if not raised or len(raised) == len(failed) or _one_line([o.student for o in raised]) is None:
        return None
    count = "1 other failed case" if len(raised) == 1 else f"{len(raised)} other failed cases"
    gone = {id(o) for o in raised}
    return ([o for o in observations if id(o) not in gone],
            _text(count, [o.student for o in raised], sources))
