"""A bank of disguised copies: mechanical rewrites that keep a program and change its text.

Each disguise takes a correct module (the source) and returns a copy that still works
(``tests/test_similarity_bank.py`` loads every copy the way the grader does and runs the
public checks on it) but reads differently:

``parentheses``  every name wrapped in redundant parentheses (``x`` -> ``(x)``);
``renamed``      every local variable renamed (parameters keep their names: callers may
                 pass them by keyword);
``reordered``    the module's functions in the opposite order;
``dead_code``    a dead assignment after every statement of every function, an
                 expression without effect, and unreachable code under ``if False:``
                 and after each ``return``;
``commuted``     the operands of every ``+`` and ``*`` swapped, and every comparison
                 turned around (``a < b`` -> ``b > a``);
``wrapped``      every statement of every function wrapped in ``for _ in range(1):``;
``exec_encoded`` the whole module run from ``exec(base64.b64decode("..."))``;
``notebook_class_body``  the released notebook with one more cell whose class body runs the
                 zlib-compressed, base64-encoded module (the loader runs class bodies);
``mix``          renamed, reordered, commuted, wrapped, dead code and parentheses, in that
                 order.

:func:`bank` applies each to each source. Used by the bank's tests and by
``benchmarks/bench_similarity.py`` (old and new similarity side by side).
"""
from __future__ import annotations

import ast
import base64
import zlib

import nbformat

MODULE_DISGUISES = ("parentheses", "renamed", "reordered", "commuted", "wrapped", "dead_code",
                    "exec_encoded", "mix")
DISGUISES = MODULE_DISGUISES + ("notebook_class_body",)


def _functions(tree: ast.Module):
    return [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]


def _f_string_spans(tree: ast.AST) -> list[tuple[int, int, int, int]]:
    return [(n.lineno, n.col_offset, n.end_lineno, n.end_col_offset)
            for n in ast.walk(tree) if isinstance(n, ast.JoinedStr)]


def _insert(source: str, edits: list[tuple[int, int, str]]) -> str:
    """``source`` with ``text`` inserted at each (line, column) of ``edits``."""
    lines = source.splitlines(keepends=True)
    for line, col, text in sorted(edits, reverse=True):
        raw = lines[line - 1].encode()
        lines[line - 1] = (raw[:col] + text.encode() + raw[col:]).decode()
    return "".join(lines)


def parentheses(source: str) -> str:
    tree = ast.parse(source)
    spans = _f_string_spans(tree)

    def in_f_string(n):
        return any((a, b) <= (n.lineno, n.col_offset) and (n.end_lineno, n.end_col_offset)
                   <= (c, d) for a, b, c, d in spans)

    walrus = {id(n.target) for n in ast.walk(tree) if isinstance(n, ast.NamedExpr)}
    edits = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Name) and not in_f_string(n) and id(n) not in walrus:
            edits += [(n.lineno, n.col_offset, "("), (n.end_lineno, n.end_col_offset, ")")]
    return _insert(source, edits)


def renamed(source: str) -> str:
    tree = ast.parse(source)
    for fn in _functions(tree):
        params = {a.arg for a in [*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs,
                                  fn.args.vararg, fn.args.kwarg] if a}
        local = sorted({n.id for n in ast.walk(fn) if isinstance(n, ast.Name)
                        and isinstance(n.ctx, ast.Store)} - params)
        new = {name: f"tmp{i}_{name[::-1]}" for i, name in enumerate(local)}
        for n in ast.walk(fn):
            if isinstance(n, ast.Name) and n.id in new:
                n.id = new[n.id]
    return ast.unparse(tree) + "\n"


def reordered(source: str) -> str:
    tree = ast.parse(source)
    defs = [n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))]
    rest = [n for n in tree.body if n not in defs]
    tree.body = rest + defs[::-1]
    return ast.unparse(tree) + "\n"


FLIP = {ast.Lt: ast.Gt, ast.Gt: ast.Lt, ast.LtE: ast.GtE, ast.GtE: ast.LtE, ast.Eq: ast.Eq,
        ast.NotEq: ast.NotEq}


def commuted(source: str) -> str:
    tree = ast.parse(source)
    for n in ast.walk(tree):
        if isinstance(n, ast.BinOp) and isinstance(n.op, (ast.Add, ast.Mult)):
            n.left, n.right = n.right, n.left
        elif isinstance(n, ast.Compare) and len(n.ops) == 1 and type(n.ops[0]) in FLIP:
            n.left, n.comparators, n.ops = n.comparators[0], [n.left], [FLIP[type(n.ops[0])]()]
    return ast.unparse(tree) + "\n"


def wrapped(source: str) -> str:
    tree = ast.parse(source)
    for fn in _functions(tree):
        body = []
        for stmt in fn.body:
            loops = any(isinstance(n, (ast.Break, ast.Continue, ast.Global, ast.Nonlocal))
                        for n in ast.walk(stmt))
            is_doc = isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)
            if loops or is_doc:
                body.append(stmt)
            else:
                loop = ast.parse("for _ in range(1):\n    pass").body[0]
                loop.body = [stmt]
                body.append(loop)
        fn.body = body
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


def dead_code(source: str) -> str:
    tree = ast.parse(source)
    counter = iter(range(10_000))
    for fn in _functions(tree):
        for node in ast.walk(fn):
            for field in ("body", "orelse"):
                stmts = getattr(node, field, None)
                if not isinstance(stmts, list) or not stmts or not isinstance(stmts[0], ast.stmt):
                    continue
                padded = []
                for stmt in stmts:
                    padded.append(stmt)
                    k = next(counter)
                    if isinstance(stmt, ast.Return):
                        padded += ast.parse(f"unreachable_{k} = {k} * 2").body
                    else:
                        padded += ast.parse(f"padding_{k} = ({k} + 1) * 3 - {k}").body
                setattr(node, field, padded)
        fn.body[1:1] = ast.parse("if False:\n    print('never')\nNone\n").body
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


def exec_encoded(source: str) -> str:
    payload = base64.b64encode(source.encode()).decode()
    return f'import base64\nexec(base64.b64decode("{payload}"))\n'


def mix(source: str) -> str:
    return parentheses(dead_code(wrapped(commuted(reordered(renamed(source))))))


def notebook_class_body(source: str, released_notebook: str) -> str:
    """The released notebook (its stubs untouched) with a last cell whose class body runs
    ``source``, compressed and encoded."""
    nb = nbformat.reads(released_notebook, as_version=4)
    payload = base64.b64encode(zlib.compress(source.encode())).decode()
    nb.cells.append(nbformat.v4.new_code_cell(
        "import base64, zlib\n\n\nclass Solution:\n"
        f'    exec(zlib.decompress(base64.b64decode("{payload}")), globals())\n'))
    return nbformat.writes(nb)


def bank(sources: dict[str, str], released_notebook: str) -> dict[tuple[str, str], tuple[str, str]]:
    """(source name, disguise) -> (file suffix, text) for every source and disguise."""
    out = {}
    for name, text in sources.items():
        for disguise in MODULE_DISGUISES:
            out[(name, disguise)] = ("py", globals()[disguise](text))
        out[(name, "notebook_class_body")] = ("ipynb", notebook_class_body(text,
                                                                             released_notebook))
    return out
