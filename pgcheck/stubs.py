"""Which graded functions a student's code has written, read from the code (never run).

A graded function is **written** when the code defines it and the definition that counts (the
last one, as running the code would leave it) is not the release's stub. It is a **stub** when
its body still raises ``NotImplementedError`` naming it (as the release wrote it:
:func:`~pgcheck.messages.stub_line`; or with no message at all) before anything else leaves
the function: at the top level of the body, after the docstring and any statements that may
fall through, before an unconditional ``return`` or ``raise``. Only the code counts: a comment
(``# raise NotImplementedError("grpo_loss: not implemented yet ...``, a common way to keep the
stub line), a string, a ``raise`` after a ``return`` or under a condition never make a stub.

A notebook is read as it is built for grading (:mod:`pgcheck.loading`): each code cell's
definitions, magics left out, cells in order; a module, every top-level statement (a function
defined in an ``if`` or ``try`` block counts). Code that does not parse is reported as such,
with the line (and the cell) where it fails; so is code longer than :data:`CODE_BYTES`, which
is not parsed at all.

Parsing is the only work done on the student's text here: Python's own parser, on at most
:data:`CODE_BYTES` of it, whatever it raises caught (deep nesting raises ``RecursionError`` or
``MemoryError``; the worst text of that size, measured, about 70 MB and 0.6 s while parsed).
"""
from __future__ import annotations

import ast
from dataclasses import dataclass

from .loading import cell_label, notebook_definitions, without_magics
from .messages import stubbed_function

#: the most code (a module, or a notebook's code cells together) parsed to tell what is
#: written: 16 times the longest graded module or notebook's code the course ships (about 8 kB)
CODE_BYTES = 128 << 10
#: what Python's parser raises on text it cannot take
PARSE_ERRORS = (SyntaxError, ValueError, RecursionError, MemoryError, OverflowError)


@dataclass(frozen=True)
class Progress:
    """What a piece of work holds of an assignment's graded functions."""
    written: tuple[str, ...] = ()       #: defined, and not the release's stub
    stubs: tuple[str, ...] = ()         #: still the release's stub
    missing: tuple[str, ...] = ()       #: not defined at all
    unreadable: str = ""                #: why the code could not be read (nothing counted)

    def describe(self, filename: str, total: int) -> str:
        """How the note of a choice says it: ``grpo.ipynb has 1 of 3 functions written``."""
        if self.unreadable:
            return f"{filename} {self.unreadable}"
        return f"{filename} has {len(self.written)} of {total} functions written"


def progress(kind: str, functions, *, source: str = "", cells=None,
             filename: str = "") -> Progress:
    """The :class:`Progress` of a module's ``source`` (``kind`` "py") or a notebook's code
    ``cells`` (``[[index, source], ...]``, kind "ipynb") for the graded ``functions``."""
    pieces = [("", source)] if kind == "py" else \
        [(cell_label(filename, index), text) for index, text in cells or []]
    if sum(len(text) for _, text in pieces) > CODE_BYTES:
        return Progress(unreadable=f"holds over {CODE_BYTES >> 10} kB of code, too long to "
                                   "read for this choice")
    last: dict[str, ast.stmt] = {}
    for where, text in pieces:
        try:
            tree = ast.parse(without_magics(text) if kind == "ipynb" else text)
        except PARSE_ERRORS as exc:
            return Progress(unreadable=_unparsable(exc, where, kind))
        if kind == "ipynb":         # what grading keeps of the cell: its definitions
            tree = ast.parse(notebook_definitions(text))
        for name, node in _bindings(tree.body):
            last[name] = node
    written, stubs, missing = [], [], []
    for fn in functions:
        node = last.get(fn)
        (missing if node is None else stubs if _is_stub(node, fn) else written).append(fn)
    return Progress(tuple(written), tuple(stubs), tuple(missing))


def _unparsable(exc: BaseException, where: str, kind: str) -> str:
    if isinstance(exc, SyntaxError) and exc.lineno:
        at = f"line {exc.lineno}" if kind == "py" else f"{where}, line {exc.lineno}"
        return f"does not parse ({at}: {exc.msg})"
    at = "" if kind == "py" else f" ({where})"
    return f"does not parse{at}: {type(exc).__name__} (nested too deeply?)"


def _bindings(body: list[ast.stmt]):
    """(name, statement) of every top-level name binding, in order; blocks are entered."""
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield node.name, node
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        yield name.id, node
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                yield (alias.asname or alias.name).split(".")[0], node
        elif isinstance(node, (ast.If, ast.Try, ast.With, ast.For, ast.While)):
            for block in ("body", "orelse", "finalbody"):
                yield from _bindings(getattr(node, block, []))
            for handler in getattr(node, "handlers", []):
                yield from _bindings(handler.body)


def _is_stub(node: ast.stmt, fn: str) -> bool:
    """Whether ``node`` defines ``fn`` as a function whose body still raises the stub's
    ``NotImplementedError`` before anything else can leave it (see the module docstring)."""
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    for statement in node.body:
        if isinstance(statement, ast.Raise):
            return _raises_stub(statement.exc, fn)
        if isinstance(statement, ast.Return):
            return False
    return False


def _raises_stub(exc: ast.expr | None, fn: str) -> bool:
    """``NotImplementedError``, ``NotImplementedError()`` or ``NotImplementedError("fn: ...")``."""
    if isinstance(exc, ast.Name):
        return exc.id == "NotImplementedError"
    if not (isinstance(exc, ast.Call) and isinstance(exc.func, ast.Name)
            and exc.func.id == "NotImplementedError"):
        return False
    if not exc.args:
        return True
    message = exc.args[0]
    return isinstance(message, ast.Constant) and isinstance(message.value, str) \
        and stubbed_function(message.value) == fn
