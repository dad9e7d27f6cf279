"""Solution markers in source text: ``### BEGIN SOLUTION`` ... ``### END SOLUTION``.

Pure text functions, shared by the release (stubs), the grader (provided
reference code, solutions kept) and the mutant bank (functions swapped).
Authoring mistakes raise :class:`AuthoringError` naming file and line.
"""
from __future__ import annotations

import ast
import re

from pgcheck.messages import stub_line

from autograder.authoring.course import BEGIN, END

_DEF = re.compile(r"^(\s*)(?:async\s+)?def\s+(\w+)\s*\(")


class AuthoringError(Exception):
    """A mistake in the instructor's source; the message starts with ``file:line:``."""


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def enclosing_function(lines: list[str], index: int) -> str | None:
    """Name of the innermost ``def`` whose body holds line ``index``, judged by indentation.

    Walking upwards, each less-indented line is an enclosing block; the first
    such block that is a ``def`` names the function. Reaching column 0 on a
    line that is not a def means the line is module-level code.
    """
    level = _indent(lines[index])
    for line in reversed(lines[:index]):
        stripped = line.strip()
        if not stripped or stripped.startswith(("#", ")", "@")) or _indent(line) >= level:
            continue
        match = _DEF.match(line)
        if match:
            return match.group(2)
        level = _indent(line)
        if level == 0:
            return None
    return None


def strip_solutions(source: str, filename: str, *, require_function: bool = True,
                    keep_solution: bool = False) -> str:
    """Replace each solution region by a named stub (or keep the body, dropping the markers).

    >>> src = "def f(x):\\n    ### BEGIN SOLUTION\\n    return x\\n    ### END SOLUTION\\n"
    >>> print(strip_solutions(src, "m.py"), end="")
    def f(x):
        raise NotImplementedError("f: not implemented yet; replace this line with your code (see the docstring)")
    >>> print(strip_solutions(src, "m.py", keep_solution=True), end="")
    def f(x):
        return x
    """
    lines = source.splitlines()
    out: list[str] = []
    opened_at: int | None = None
    for number, line in enumerate(lines, start=1):
        if BEGIN in line:
            if opened_at is not None:
                raise AuthoringError(f"{filename}:{number}: nested {BEGIN!r} "
                                     f"(the region opened at line {opened_at} is not closed)")
            opened_at = number
            function = enclosing_function(lines, number - 1)
            if function is None and require_function:
                raise AuthoringError(f"{filename}:{number}: {BEGIN!r} outside a function; "
                                     "solution regions in a module must sit inside a def")
            if not keep_solution:
                indent = line[: len(line) - len(line.lstrip())]
                out.append(indent + stub_line(function or "this cell"))
        elif END in line:
            if opened_at is None:
                raise AuthoringError(f"{filename}:{number}: {END!r} without a matching {BEGIN!r}")
            opened_at = None
        elif opened_at is None or keep_solution:
            out.append(line)
    if opened_at is not None:
        raise AuthoringError(f"{filename}:{opened_at}: {BEGIN!r} is never closed by {END!r}")
    return "\n".join(out) + ("\n" if source.endswith("\n") else "")


def function_sources(module_source: str) -> dict[str, str]:
    """Each top-level function's source text (decorators included), by name."""
    lines = module_source.splitlines()
    found = {}
    for node in ast.parse(module_source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            start = min([node.lineno] + [d.lineno for d in node.decorator_list])
            end = node.end_lineno
            # trailing comments indented under the def (e.g. "### END SOLUTION") belong to it
            while end < len(lines) and lines[end].strip().startswith("#") and _indent(lines[end]):
                end += 1
            found[node.name] = "\n".join(lines[start - 1:end])
    return found


