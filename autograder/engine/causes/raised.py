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
"""
from __future__ import annotations

from autograder.engine.causes.evidence import Observation, Raised, agree

#: how the cause reads; ``benchmarks/bench_mutation.py`` finds the line it names by ``LINE_WORDS``
TEXT = "on {cases}, line {line} of your code (in {function}) raises {type}: {message}"
LINE_WORDS = r"line (\d+) of your code \(in \w+\) raises"


def _one_line(answers: list) -> Raised | None:
    """The one (type, function, line) every answer raised at, or None."""
    if not answers or not all(isinstance(a, Raised) and a.line > 0 for a in answers):
        return None
    if len({(a.type, a.function, a.line) for a in answers}) != 1:
        return None
    return answers[0]


def _message(answers: list[Raised]) -> str:
    message = answers[0].message or "(no message)"
    if len({a.message for a in answers}) > 1:
        message += " (the first case's words; they vary with the case)"
    return message


def on_failed(fn: str, observations: list[Observation]) -> str | None:
    """The cause when every failed case of ``fn`` raised one type at one line and every other
    compared case agrees with the reference (at least one of each), else None."""
    cases = [o for o in observations if o.fn == fn and o.kind in ("value", "grad")]
    failed = [o for o in cases if not agree(o, o.student, o.reference)]
    passed = len(cases) - len(failed)
    first = _one_line([o.student for o in failed])
    if first is None or not passed:
        return None
    count = "the only failed case" if len(failed) == 1 else f"the {len(failed)} failed cases"
    others = "the other case answers" if passed == 1 else f"the {passed} other cases answer"
    return TEXT.format(cases=count, line=first.line, function=first.function, type=first.type,
                       message=_message([o.student for o in failed])) + \
        f"; {others} as expected"


def everywhere(fn: str, observations: list[Observation]) -> str | None:
    """The cause when every compared case of ``fn`` raised one type at one line, else None."""
    answers = [o.student for o in observations if o.fn == fn and o.kind in ("value", "grad")]
    first = _one_line(answers)
    if first is None:
        return None
    count = "the only case" if len(answers) == 1 else f"all {len(answers)} cases"
    return TEXT.format(cases=count, line=first.line, function=first.function, type=first.type,
                       message=_message(answers))
