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
"""
from __future__ import annotations

from autograder.engine.causes.evidence import Observation, Raised

#: how the cause reads; ``benchmarks/bench_mutation.py`` finds the line it names by ``LINE_WORDS``
TEXT = "on {cases}, line {line} of your code (in {function}) raises {type}: {message}"
LINE_WORDS = r"line (\d+) of your code \(in \w+\) raises"


def everywhere(fn: str, observations: list[Observation]) -> str | None:
    """The cause when every compared case of ``fn`` raised one type at one line, else None."""
    cases = [o for o in observations if o.fn == fn and o.kind in ("value", "grad")]
    answers = [o.student for o in cases]
    if not answers or not all(isinstance(a, Raised) and a.line > 0 for a in answers):
        return None
    if len({(a.type, a.function, a.line) for a in answers}) != 1:
        return None
    first = answers[0]
    count = "the only case" if len(answers) == 1 else f"all {len(answers)} cases"
    message = first.message or "(no message)"
    if len({a.message for a in answers}) > 1:
        message += " (the first case's words; they vary with the case)"
    return TEXT.format(cases=count, line=first.line, function=first.function, type=first.type,
                       message=message)
