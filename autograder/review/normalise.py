"""Code as code: the text the similarity check compares, whatever a copy is dressed in.

A copy made by a mechanical rewrite keeps the program and changes its text: every name
wrapped in parentheses, variables renamed, functions reordered, dead statements added, or
the module hidden in ``exec(base64.b64decode(...))``. Compared as text (copydetect's tokens,
as MOSS does), each of these breaks the k-grams that find a copy: one pair of parentheses
per name is enough to leave no 25-character window intact. So each graded file is
*parsed* and rewritten into one canonical form before it is compared:

1. **embedded code**: ``exec``/``eval``/``compile`` of a string that can be read without
   running anything (:mod:`autograder.review.dynamic`) is replaced by the code it holds,
   parsed like the rest (up to :data:`MAX_DEPTH` strings deep);
2. **dead statements** go: docstrings and other expressions without effect (no call but
   of a pure builtin such as ``len``),
   statements after ``return``/``raise``/``break``/``continue``, branches under a constant
   test (``if False:``), and assignments to names that nothing reads, until none is left;
   so do wrappers that run their body once as it is (``if True:``, ``for _ in range(1):``,
   ``while True: ...; break``, ``try: ... except: raise``);
3. **function order**: the module-level statements first, in their order, then the
   classes and functions: the graded ones by name, helpers by their shape (a key that
   does not depend on any name);
4. **names and operands**: copydetect's own token filter writes every name as a placeholder
   (:func:`placeholders`), so names are left as they are but those it keeps as they are
   although the code binds them (a variable ``sum``, a parameter ``self``: they become
   ``v``); the operands of ``+``, ``*``, ``==``, ``and``, ... are put in one order, by a key
   no renaming changes, and ``b > a`` becomes ``a < b``;
5. **starter code and imports**: a top-level statement that the starter code holds in the
   same canonical form (a stub left as it was, a notebook's own cells: see
   :func:`statements`) is left out, and so are imports, which say nothing of who wrote the
   code (an ``import base64`` is all that two encoded copies of different work share);
6. **formatting, comments and redundant parentheses**: :func:`ast.unparse` writes the
   tree back in one layout, with only the parentheses the grammar needs and no comments.

A piece of code that does not parse (a notebook cell with unfinished code) is kept as it
is and compared as tokens, as before. Nothing here runs student code: parsing and the
bounded decoders of :mod:`autograder.review.dynamic` only.

:func:`normalise` also keeps, for each line of the canonical text, the line of the
student's file it came from, so that the class page marks the student's own lines.

Long because: each rewrite above is a small AST transformer, and they run as one
pipeline whose order matters; keeping them together keeps that order readable.
"""
from __future__ import annotations

import ast
import bisect
import functools
from dataclasses import dataclass

from autograder.review import dynamic
from pgcheck.loading import without_magics

MAX_DEPTH = 3                #: code decoded from a string found in code decoded from a string...
MAX_ROUNDS = 10              #: passes of dead-code removal (each can expose more)
TERMINATORS = (ast.Return, ast.Raise, ast.Continue, ast.Break)
EFFECTS = (ast.Call, ast.Await, ast.Yield, ast.YieldFrom, ast.NamedExpr)
#: builtins whose call, its value unused, does nothing (``len(x)`` on a line of its own)
PURE = dynamic.PURE_BUILTINS | {"len", "abs", "id", "repr", "hash", "isinstance", "min", "max",
                                "sum", "round", "sorted", "any", "all", "divmod", "pow"}
SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
PARSE_ERRORS = (SyntaxError, ValueError, RecursionError, MemoryError, OverflowError)


@dataclass(frozen=True)
class Normalised:
    """A graded file in canonical form (see the module's docstring)."""
    text: str                               # what is compared
    origin: tuple[tuple[int, int], ...]     # origin[i]: the student's lines (first, last)
    #                                         that line i + 1 came from
    parsed: bool                            # False: some code did not parse (compared as tokens)
    findings: tuple[dynamic.Finding, ...]   # code built at run time, by the student's line


def normalise(pieces: list[str], notebook: bool = False, keep: frozenset[str] = frozenset(),
              boilerplate: frozenset[str] = frozenset()) -> Normalised:
    """``pieces`` (a module's source, or a notebook's code cells, which the page shows
    joined by a blank line) in canonical form. ``keep``: names never renamed (the graded
    functions). ``boilerplate``: statements to leave out, as :func:`statements` gives them
    for the starter code (a stub left as it was, a notebook's own cells)."""
    module, raw, starts = _parse(pieces, notebook)
    try:
        findings = tuple(dynamic.findings(module, notebook))
        _canonical(module, keep)
        module.body = [s for s in module.body if ast.unparse(s) not in boilerplate]
        module.body = [s for s in module.body if not isinstance(s, (ast.Import, ast.ImportFrom))]
        text, origin = _unparse(module) if module.body else ("", [])
    except PARSE_ERRORS:            # too deep for the standard library's own recursion
        findings, text, origin = (), "", []
        raw = list(zip(starts, pieces))
    segments = [text] if text else []
    for start, piece in raw:
        segments.append(piece)
        origin += [(start + i, start + i) for i in range(piece.count("\n") + 1)]
    return Normalised("\n".join(segments), tuple(origin), not raw, findings)


def statements(pieces: list[str], notebook: bool = False,
               keep: frozenset[str] = frozenset()) -> frozenset[str]:
    """The top-level statements of ``pieces`` in the form :func:`normalise` compares them
    with ``boilerplate`` (module-level names not yet renamed: they depend on the rest)."""
    module, _, _ = _parse(pieces, notebook)
    try:
        _canonical(module, keep)
        return frozenset(ast.unparse(s) for s in module.body)
    except PARSE_ERRORS:
        return frozenset()


def _parse(pieces: list[str], notebook: bool):
    """One module of every piece that parses, on the lines of the pieces joined by a blank
    line; the (first line, text) of those that do not; the first line of each piece."""
    body, raw, starts, line = [], [], [], 1
    for piece in pieces:
        starts.append(line)
        try:
            tree = ast.parse(without_magics(piece) if notebook else piece)
            ast.increment_lineno(tree, line - 1)
            body += tree.body
        except PARSE_ERRORS:
            raw.append((line, piece))
        line += piece.count("\n") + 2
    return ast.Module(body, type_ignores=[]), raw, starts


def _canonical(module: ast.Module, keep: frozenset[str]) -> None:
    """Steps 1 to 4 (local names and operands) on ``module``."""
    _inline(module, 0, [dynamic.MAX_DECODED])
    _strip(module)
    _sort(module, keep)
    kept = _kept(module)
    _shadowing(module, kept - keep)
    _Operands(kept).visit(module)


# -- 1. embedded code ---------------------------------------------------------------------

def _inline(tree: ast.Module, depth: int, budget: list[int]) -> None:
    """Replace each run of an embedded string by ``None`` and append the code it holds to
    ``tree``'s body (all of it on the line of the call); ``budget``: decoded bytes left."""
    folder = dynamic.Folder(tree)
    hoisted: list[ast.stmt] = []

    class Calls(ast.NodeTransformer):
        def visit_Call(self, node):
            self.generic_visit(node)
            code = dynamic.embedded_code(node, folder) if depth < MAX_DEPTH else None
            if code is None or len(code) > budget[0]:
                return node
            try:
                inner = ast.parse(code)
            except PARSE_ERRORS:
                return node
            budget[0] -= len(code)
            _inline(inner, depth + 1, budget)
            for n in ast.walk(inner):
                if "lineno" in n._attributes:
                    n.lineno = n.end_lineno = node.lineno
            hoisted.extend(inner.body)
            return ast.copy_location(ast.Constant(None), node)

    Calls().visit(tree)
    tree.body.extend(hoisted)


# -- 2. dead statements -----------------------------------------------------------------------

def _strip(tree: ast.Module) -> None:
    for _ in range(MAX_ROUNDS):
        dead = _Dead(_unused_assignments(tree))
        dead.visit(tree)
        if not dead.changed:
            return


def _own_statements(scope: ast.AST):
    """The statements of ``scope`` itself: into ``if``/``for``/``try``/``with`` bodies, not
    into nested functions or classes."""
    for field in ("body", "orelse", "finalbody", "handlers", "cases"):
        for stmt in getattr(scope, field, None) or []:
            if isinstance(stmt, (ast.stmt, ast.ExceptHandler, ast.match_case)):
                yield stmt
                if not isinstance(stmt, SCOPES):
                    yield from _own_statements(stmt)


def _unused_assignments(tree: ast.Module) -> set[int]:
    """``id`` of every assignment whose targets are names that nothing in their scope (or
    any scope inside it) reads."""
    drop = set()
    for scope in [tree, *(n for n in ast.walk(tree)
                          if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))]:
        read, kept = set(), False
        for n in ast.walk(scope):
            if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Store):
                read.add(n.id)
            elif isinstance(n, (ast.Global, ast.Nonlocal)):
                read.update(n.names)
            elif isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and \
                    n.func.id in ("locals", "vars", "globals", "exec", "eval"):
                kept = True         # names may be read by string: keep every assignment
        if kept:
            continue
        for stmt in _own_statements(scope):
            if isinstance(stmt, ast.Assign):
                targets = stmt.targets
            elif isinstance(stmt, (ast.AugAssign, ast.AnnAssign)) and stmt.value is not None:
                targets = [stmt.target]
            else:
                continue
            names = [n for t in targets for n in ast.walk(t)]
            if all(isinstance(n, (ast.Name, ast.Tuple, ast.List, ast.Store)) for n in names) \
                    and not any(isinstance(n, ast.Name) and n.id in read for n in names):
                drop.add(id(stmt))
    return drop


def _leaves(stmts: list[ast.stmt]) -> bool:
    """Whether ``stmts`` hold a ``break`` or ``continue`` of the loop around them."""
    for stmt in stmts:
        if isinstance(stmt, (ast.Break, ast.Continue)):
            return True
        if not isinstance(stmt, (ast.For, ast.AsyncFor, ast.While, *SCOPES)):
            if _leaves([c for c in ast.iter_child_nodes(stmt) if isinstance(c, ast.stmt)]
                       + [s for h in getattr(stmt, "handlers", []) for s in h.body]):
                return True
        elif isinstance(stmt, (ast.For, ast.AsyncFor, ast.While)) and _leaves(stmt.orelse):
            return True
    return False


def _truth(test: ast.expr) -> bool | None:
    """The truth of a constant test (``False``, ``0``, ``not True``); None if not constant."""
    if isinstance(test, ast.Constant):
        return bool(test.value)
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _truth(test.operand)
        return None if inner is None else not inner
    return None


class _Dead(ast.NodeTransformer):
    """One pass of step 2; ``changed`` says whether it removed anything."""

    def __init__(self, drop: set[int]):
        self.drop, self.changed = drop, False

    def _gone(self, replacement=None):
        """``replacement`` (nothing by default) for the node visited, which changes the tree."""
        self.changed = True
        return replacement

    def visit_Expr(self, node):
        if not any(isinstance(n, EFFECTS) and not (
                isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in PURE)
                   for n in ast.walk(node.value)):
            return self._gone()
        return self.generic_visit(node)

    def visit_Assign(self, node):
        if id(node) in self.drop:
            return self._gone()
        return self.generic_visit(node)

    visit_AugAssign = visit_AnnAssign = visit_Assign

    def visit_Pass(self, node):
        return None                 # put back where a body would be empty

    def visit_If(self, node):
        self.generic_visit(node)
        truth = _truth(node.test)
        if truth is None:
            return node
        return self._gone((node.body if truth else node.orelse) or None)

    def visit_While(self, node):
        self.generic_visit(node)
        if _truth(node.test) is False:
            return self._gone(node.orelse or None)
        if _truth(node.test) and isinstance(node.body[-1], ast.Break) and not node.orelse \
                and not _leaves(node.body[:-1]):          # while True: ...; break
            return self._gone(node.body[:-1] or None)
        return node

    def visit_For(self, node):
        self.generic_visit(node)
        once = isinstance(node.iter, ast.Call) and isinstance(node.iter.func, ast.Name) \
            and node.iter.func.id == "range" and not node.iter.keywords \
            and [getattr(a, "value", None) for a in node.iter.args] in ([1], [0, 1])
        if once and isinstance(node.target, ast.Name) and not node.orelse \
                and not _leaves(node.body) and not any(
                    isinstance(n, ast.Name) and n.id == node.target.id
                    for stmt in node.body for n in ast.walk(stmt)):     # for _ in range(1):
            return self._gone(node.body)
        return node

    def visit_Try(self, node):
        self.generic_visit(node)
        rethrows = all(len(h.body) == 1 and isinstance(h.body[0], ast.Raise)
                       and h.body[0].exc is None for h in node.handlers)
        if rethrows and not node.orelse and all(isinstance(s, ast.Pass) for s in node.finalbody):
            return self._gone(node.body)        # try: ... except: raise / finally: pass
        return node

    def generic_visit(self, node):
        super().generic_visit(node)
        for field in ("body", "orelse", "finalbody"):
            stmts = getattr(node, field, None)
            if not isinstance(stmts, list) or isinstance(node, ast.Module):
                continue            # (a notebook's cells are one module: a raise ends a cell)
            end = next((i + 1 for i, s in enumerate(stmts) if isinstance(s, TERMINATORS)),
                       len(stmts))
            if end < len(stmts):
                del stmts[end:]
                self.changed = True
            if field == "body" and not stmts and not isinstance(node, ast.Module):
                stmts.append(ast.Pass())
        if isinstance(node, (ast.Try, ast.TryStar)) and not node.handlers and not node.finalbody:
            node.finalbody = [ast.Pass()]
        return node


# -- 3. order -------------------------------------------------------------------------------

def _shape(node: ast.AST) -> str:
    """A key of ``node`` that no renaming changes: node types, constants, attribute names."""
    parts = []
    for n in ast.walk(node):
        parts.append(type(n).__name__)
        if isinstance(n, ast.Constant):
            parts.append(repr(n.value))
        elif isinstance(n, ast.Attribute):
            parts.append(n.attr)
    return " ".join(parts)


def _sort(tree: ast.Module, keep: frozenset[str]) -> None:
    definitions = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
    defs = sorted((s for s in tree.body if isinstance(s, definitions)),
                  key=lambda s: (0, s.name, "") if s.name in keep else (1, "", _shape(s)))
    tree.body = [s for s in tree.body if not isinstance(s, definitions)] + defs


# -- 4. names and operands ------------------------------------------------------------------

def placeholders(text: str) -> str:
    """``text`` as copydetect compares it: its token filter writes every name as a placeholder
    (``V``; a function defined ``F``, a class ``O``), every string as ``S``, and leaves out
    spaces and comments; builtins (``len``, ``sum``, ``self``) and keywords stay as they are."""
    from copydetect.utils import filter_code        # (its package imports matplotlib: seconds)

    return filter_code(text, "code.py", language="python")[0]


#: the field holding the name of each node that binds or reads one (Global and Nonlocal:
#: their ``names``)
NAMED = {ast.Name: "id", ast.arg: "arg", ast.FunctionDef: "name", ast.AsyncFunctionDef: "name",
         ast.ClassDef: "name", ast.ExceptHandler: "name"}
KNOWN_NAMES = 1 << 16       #: names remembered by :func:`_filter_keeps` (they recur in a class)


@functools.lru_cache(maxsize=KNOWN_NAMES)
def _filter_keeps(name: str) -> bool:
    """Whether copydetect's filter keeps ``name`` as it is (asked after a ``;``: as a name
    within a line, where ``match`` and ``case`` are names too)."""
    return placeholders(";" + name) == ";" + name


def _kept(tree: ast.Module) -> set[str]:
    """The names in ``tree`` (read, bound or passed by keyword) that copydetect's filter
    keeps as they are."""
    names = {n.id if isinstance(n, ast.Name) else n.arg for n in ast.walk(tree)
             if isinstance(n, ast.Name) or isinstance(n, (ast.arg, ast.keyword)) and n.arg}
    return {n for n in names if _filter_keeps(n)}


def _shadowing(tree: ast.Module, names: set[str]) -> None:
    """Step 4, names: those of ``names`` that the code binds (a variable ``sum``, a parameter
    ``self``: names copydetect's filter would keep) become ``v``, a placeholder like any other
    name (so a copy that renames them is no different)."""
    nodes = list(ast.walk(tree))
    bound = {getattr(n, NAMED[type(n)]) for n in nodes if type(n) in NAMED
             and not isinstance(getattr(n, "ctx", None), ast.Load)} & names
    for n in nodes:
        if type(n) in NAMED and getattr(n, NAMED[type(n)]) in bound:
            setattr(n, NAMED[type(n)], "v")
        elif isinstance(n, (ast.Global, ast.Nonlocal)):
            n.names = ["v" if name in bound else name for name in n.names]


class _Operands(ast.NodeTransformer):
    """Step 4, operands: those of a commutative operator (``+``, ``*``, ``&``, ``|``, ``^``,
    ``and``, ``or``, ``==``, ``!=``) in one order, chains flattened (``c + a + b`` and
    ``a + (b + c)`` alike), and ``b > a`` written ``a < b``. (Whether ``+`` commutes for the
    values at hand does not matter: the code is compared, never run.) Their order is that of
    a key no renaming changes: the shape (:func:`_shape`), then the names that copydetect's
    filter keeps (``kept``: the builtins), which is all its filtered text adds to the shape."""

    COMMUTATIVE = (ast.Add, ast.Mult, ast.BitAnd, ast.BitOr, ast.BitXor)
    FLIPPED = {ast.Gt: ast.Lt, ast.GtE: ast.LtE}

    def __init__(self, kept: set[str]):
        self.kept = kept

    def _key(self, node: ast.AST) -> tuple[str, list[str]]:
        names = (n.id if isinstance(n, ast.Name) else n.arg for n in ast.walk(node)
                 if isinstance(n, (ast.Name, ast.keyword)))
        return _shape(node), [n for n in names if n in self.kept]

    def visit_BinOp(self, node):
        self.generic_visit(node)
        if not isinstance(node.op, self.COMMUTATIVE):
            return node
        terms, stack = [], [node]
        while stack:
            n = stack.pop()
            if isinstance(n, ast.BinOp) and type(n.op) is type(node.op):
                stack += [n.right, n.left]
            else:
                terms.append(n)
        terms.sort(key=self._key)
        out = terms[0]
        for term in terms[1:]:
            out = ast.copy_location(ast.BinOp(out, type(node.op)(), term), node)
        return out

    def visit_BoolOp(self, node):
        self.generic_visit(node)
        node.values.sort(key=self._key)
        return node

    def visit_Compare(self, node):
        self.generic_visit(node)
        if len(node.ops) != 1:
            return node
        op, left, right = node.ops[0], node.left, node.comparators[0]
        if type(op) in self.FLIPPED:
            node.ops, node.left, node.comparators = [self.FLIPPED[type(op)]()], right, [left]
        elif isinstance(op, (ast.Eq, ast.NotEq)) and self._key(right) < self._key(left):
            node.left, node.comparators = right, [left]
        return node


# -- 5. text --------------------------------------------------------------------------------

def _span(stmt: ast.stmt) -> tuple[int, int]:
    """The student's lines of ``stmt`` itself: a compound statement's header only."""
    inside = {id(s) for field in ("body", "orelse", "finalbody", "handlers", "cases")
              for s in getattr(stmt, field, None) or [] if isinstance(s, ast.AST)}
    if not inside:
        return stmt.lineno, max(stmt.lineno, stmt.end_lineno or stmt.lineno)
    ends = [n.end_lineno for child in ast.iter_child_nodes(stmt) if id(child) not in inside
            for n in ast.walk(child) if getattr(n, "end_lineno", None)]
    return stmt.lineno, max([stmt.lineno, *ends])


def _unparse(tree: ast.Module) -> tuple[str, list[tuple[int, int]]]:
    """``tree`` as text, and for each of its lines the student's lines it came from (read
    off by parsing the text again: the same statements, in the same order)."""
    ast.fix_missing_locations(tree)
    text = ast.unparse(tree)
    again = ast.parse(text)
    before = [n for n in ast.walk(tree) if isinstance(n, ast.stmt)]
    after = [n for n in ast.walk(again) if isinstance(n, ast.stmt)]
    if len(before) != len(after):
        raise ValueError("the canonical text does not parse back to the same statements")
    starts = sorted((b.lineno, _span(a)) for a, b in zip(before, after))
    lines = [s for s, _ in starts]
    origin = []
    for line in range(1, text.count("\n") + 2):
        i = bisect.bisect_right(lines, line) - 1
        origin.append(starts[max(i, 0)][1])
    return text, origin
