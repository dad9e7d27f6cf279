"""The constants a student's function writes: candidate values of an argument it hard-codes.

Code ported from a training script keeps the script's constants where an argument belongs: it
clips at ``1 - 0.2`` and ``1 + 0.2`` while ``clip_eps`` is passed, discounts by ``0.99``
whatever ``gamma`` is, divides by ``std + 1e-8`` where the contract's eps is ``1e-6``, or reads
a module's ``GAMMA = 0.97`` inside the function. The values it writes are in its source: the
code the worker ran (:attr:`~autograder.engine.causes.Causes.sources`, the module or each
notebook cell), parsed here with :mod:`ast` and never run.

:func:`literals` collects, for one function, the numbers written inside its last top-level
definition (its defaults included; ``-0.2`` as one number) and the module-level constants
(``NAME = 0.97`` at the top of any source) that it reads without assigning them itself; a
number near 1 is also read as the half-width of a band around 1 (``clamp(r, 0.75, 1.25)``
clips with 0.25). Each
:class:`Literal` keeps where it is written, so that the cause quotes the student's own
constant::

    your code computes what the contract asks, except that `clip_eps` is fixed at 0.25: your
    code writes 0.25 at line 43 where `clip_eps` belongs, and computes with it whatever is
    passed (clip_eps = 0.10831 on a failed case; the contract uses the clip_eps it is given)

They are only candidates. :mod:`~autograder.engine.causes.changes` makes of them the values a
float argument is fixed at, and the eps of an input standardised; the composed candidates of
:mod:`~autograder.engine.causes.compose` try them, and one is named only by that step's rule
(every compared case explained, far closer than the reference and every other candidate, none
of fewer parts as close; an assignment's own convention for a fixed gamma still comes first).
Numbers that say nothing of an argument (0, 1,
-1, 2: indices, dimensions, ``1.0 - done``) are left out, and at most :data:`MOST` are kept,
those written as floats first.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass

#: the most constants kept per function (each adds changes to every float argument)
MOST = 6
#: numbers that index, count, square or complement (``1.0 - done``): never a candidate value
#: of an argument (0 and 1 are the changes' own values already)
STRUCTURAL = {-1, 0, 1, 2}


@dataclass(frozen=True)
class Literal:
    """A number the student's code writes: its value, its line, and the module constant's
    name when the function reads it through one ("" for a number written in the function)."""
    value: float
    line: int
    name: str = ""
    #: the number as the source writes it ("1e-4", "0.25")
    text: str = ""
    #: the value is a band's half-width around 1 that the written number bounds (1.25: 0.25)
    band: bool = False

    @property
    def where(self) -> str:
        """How the cause quotes it: "0.3 at line 14", "GAMMA = 0.97 at line 3", or a band's
        bound "1.25 (1 + 0.25) at line 5"."""
        said = self.text or f"{self.value:g}"
        if self.band:
            return f"{said} (1 {'+' if float(said) > 1 else '-'} {self.value:g}) " \
                f"at line {self.line}"
        return f"{self.name} = {said} at line {self.line}" if self.name \
            else f"{said} at line {self.line}"


def _number(node) -> float | int | None:
    """The number a node writes (``-0.2`` as one), or None."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        inner = _number(node.operand)
        return None if inner is None else (-inner if isinstance(node.op, ast.USub) else inner)
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return node.value
    return None


def _trees(sources) -> list[tuple[ast.Module, str]]:
    trees = []
    for text in sources:
        try:
            trees.append((ast.parse(text), text))
        except (SyntaxError, ValueError):
            continue
    return trees


def _written(function: ast.FunctionDef, source: str) -> list[Literal]:
    """Each number written in ``function`` (of ``source``), in the order of the source; a
    negated number once, as itself."""
    negated = {id(n.operand) for n in ast.walk(function)
               if isinstance(n, ast.UnaryOp) and isinstance(n.op, ast.USub)}
    found = []
    for node in ast.walk(function):
        value = None if id(node) in negated else _number(node)
        if value is not None and value not in STRUCTURAL:
            text = ast.get_source_segment(source, node) or ""
            found.append(Literal(float(value), node.lineno, "", " ".join(text.split())))
    return sorted(found, key=lambda lit: lit.line)


def _default_lines(function: ast.FunctionDef) -> set[int]:
    """The lines of the signature's defaults."""
    return {d.lineno for d in function.args.defaults + function.args.kw_defaults
            if d is not None}


def _constants(trees, function: ast.FunctionDef) -> list[Literal]:
    """The module-level ``NAME = number`` constants that ``function`` reads and never assigns
    (the last assignment of each name across the sources, as the worker ran them)."""
    module: dict[str, Literal] = {}
    for tree, _ in trees:
        for node in tree.body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 \
                    and isinstance(node.targets[0], ast.Name):
                value = _number(node.value)
                if value is not None and value not in STRUCTURAL:
                    module[node.targets[0].id] = Literal(float(value), node.lineno,
                                                         node.targets[0].id, f"{value!r}")
    own = {a.arg for a in ast.walk(function.args) if isinstance(a, ast.arg)}
    stored = {n.id for n in ast.walk(function) if isinstance(n, ast.Name)
              and isinstance(n.ctx, ast.Store)}
    read = [n.id for n in ast.walk(function) if isinstance(n, ast.Name)
            and isinstance(n.ctx, ast.Load)]
    return [module[name] for name in dict.fromkeys(read)
            if name in module and name not in own | stored]


def _half_width(lit: Literal) -> Literal:
    """A bound written near 1 (``clamp(ratio, 0.75, 1.25)``) as the half-width of its band
    around 1 (0.25): the clip width such code writes without naming it."""
    width = float(f"{abs(lit.value - 1):.10g}")
    return Literal(width, lit.line, lit.name, lit.text or f"{lit.value:g}", band=True)


def literals(sources, fn: str) -> tuple[Literal, ...]:
    """The candidate constants of ``fn`` in ``sources`` (module docstring): one per value (a
    number written near 1 also as its band's half-width, :func:`_half_width`), floats before
    a signature's defaults before integers, at most :data:`MOST`; none when ``fn`` is not
    defined there."""
    trees = _trees(sources)
    function, source = None, ""
    for tree, text in trees:
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name == fn:
                function, source = node, text
    if function is None:
        return ()
    found = _constants(trees, function) + _written(function, source)
    found += [_half_width(lit) for lit in found if 0.5 <= lit.value <= 1.5 and lit.value != 1]
    by_value: dict[float, Literal] = {}
    for lit in found:
        by_value.setdefault(lit.value, lit)
    defaults = _default_lines(function)
    # floats first, then a default of the signature (often the contract's own), then integers
    kept = sorted(by_value.values(), key=lambda lit: (lit.value == int(lit.value), lit.band,
                                                      not lit.name and lit.line in defaults))
    return tuple(kept[:MOST])
