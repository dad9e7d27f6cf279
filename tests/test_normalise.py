"""Issue 24, point 1: code in canonical form, and code built at run time found and read.

Each step of :mod:`autograder.review.normalise` on small programs, the decoders of
:mod:`autograder.review.dynamic` (what they read, and that a hostile string costs nothing),
the notebook positions the loader runs, and Hypothesis: any text is handled without an
exception, and every composition of the bank's disguises leaves the canonical form of each
correct solution exactly as it was.
"""
import ast
import base64
import bz2
import codecs
import lzma
import time
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import disguises
from autograder.authoring import course
from autograder.review import dynamic
from autograder.review.normalise import normalise, placeholders, statements
from conftest import ROOT

EX = course.example()
KEEP = frozenset(EX.functions)
SOURCES = [EX.reference_module.read_text()] + [
    (v / f"{EX.name}.py").read_text() for v in sorted((ROOT / "tests" / "variants" / EX.name).iterdir())]


def text(code: str, keep=frozenset("f"), **kw) -> str:
    return normalise([code], keep=keep, **kw).text


# -- the steps ---------------------------------------------------------------------------------

def test_layout_comments_docstrings_and_parentheses_go():
    plain = "def f(x, y):\n    return x * (y + 1)\n"
    dressed = ('def f(x,y) :\n    """Doc."""\n    # a comment\n    return ((x) * (((y) + 1)))'
               "   # trailing\n")
    assert text(plain) == text(dressed) == "def f(x, y):\n    return (1 + y) * x"


def test_names_are_placeholders_as_copydetect_compares_them():
    a = ("import torch as T\nSCALE = 2\n\ndef helper(a):\n    return a * SCALE\n\n"
         "def graded(values, k=1):\n    total = helper(values)\n    def inner(z):\n"
         "        return z + total\n    return inner(T.ones(k))\n")
    b = a.replace("helper", "assist").replace("SCALE", "FACTOR").replace("total", "acc") \
         .replace("inner", "nested").replace("(z)", "(q)").replace("z +", "q +")
    keep = frozenset({"graded"})
    assert text(a, keep=keep) != text(b, keep=keep)
    assert placeholders(text(a, keep=keep)) == placeholders(text(b, keep=keep))
    assert "def graded(values, k=1):" in text(a, keep=keep) and "import" not in text(a, keep=keep)
    # what the filter keeps as it is (a builtin's name) is a placeholder too where code binds it
    bound = "def f(x, self):\n    sum = x * 2\n    return sum + len(x) + self\n"
    assert text(bound) == "def f(x, v):\n    v = 2 * x\n    return len(x) + v + v"
    assert placeholders(text(bound)) == placeholders(text(bound.replace("sum", "total")))
    assert placeholders("def f(x):\n    return len(x) + 'a'") == 'defF(V):returnlen(V)+"S"'


def test_operands_are_ordered_whatever_the_names():
    """The key of the order is the shape, then the builtins' names (which the filter keeps):
    the names a copy changes never decide it."""
    a = "def f(x, y):\n    return x[len(y)] + y[max(x)] + f(input=x) * y == y\n"
    b = "def f(y, x):\n    return y == x * f(input=y) + x[max(y)] + y[len(x)]\n"
    assert placeholders(text(a)) == placeholders(text(b))   # (by the names: x[max(y)] first)


def test_function_order_does_not_count():
    a = "def b(x):\n    return x + 1\n\ndef a(y):\n    return y * 2\n\ndef _h(z):\n    return -z\n"
    tree = ast.parse(a)
    tree.body.reverse()
    assert text(a, keep=frozenset("ab")) == text(ast.unparse(tree), keep=frozenset("ab"))
    assert text(a, keep=frozenset("ab")).index("def a(") < text(a, keep=frozenset("ab")).index("def b(")


def test_dead_statements_go():
    live = "def f(x):\n    y = x + 1\n    return y\n"
    dead = ("def f(x):\n    unused = x * 3\n    also = unused + 1\n    'a string'\n    x.shape\n"
            "    len(x)\n    abs(max(x, 2))\n"
            "    if False:\n        print('never')\n    while 0:\n        pass\n    y = x + 1\n"
            "    if not True:\n        y = 0\n    return y\n    print('after return')\n")
    assert text(live) == text(dead)
    # what has an effect, or is read, stays
    kept = "def f(x):\n    print(x)\n    len(g(x))\n    y = g(x)\n    return y\n"
    assert "print(x)" in text(kept) and "len(g(x))" in text(kept) and "y = g(x)" in text(kept)


def test_a_notebook_raise_ends_a_cell_not_the_notebook():
    cells = ["raise NotImplementedError()", "def f(x):\n    return x"]
    assert "def f(x):" in normalise(cells, notebook=True, keep=frozenset("f")).text


def test_magics_and_unparsable_cells():
    cells = ["%matplotlib inline\nimport torch", "def f(x):\n    # YOUR CODE HERE\n",
             "def g(x):\n    return x"]
    n = normalise(cells, notebook=True, keep=frozenset("fg"))
    assert not n.parsed and "def g(x):" in n.text and "YOUR CODE HERE" in n.text
    assert "%matplotlib" not in n.text


def test_origin_maps_canonical_lines_to_the_students():
    code = "import torch\n\n\n# note\ndef f(x):\n    '''doc'''\n    y = (x +\n         1)\n    return y\n"
    n = normalise([code], keep=frozenset("f"))
    lines = n.text.splitlines()
    assert len(n.origin) == len(lines)
    assert n.origin[lines.index("    y = 1 + x")] == (7, 8)
    assert n.origin[lines.index("def f(x):")] == (5, 5)
    cells = ["x = 1", "def f(y):\n    return y + x"]
    n = normalise(cells, notebook=True, keep=frozenset("f"))
    assert n.origin[n.text.splitlines().index("    return y + x")] == (4, 4)   # cell 2, line 2


def test_starter_statements_are_left_out():
    stub = 'def f(x):\n    raise NotImplementedError("f: not implemented yet")\n\ndef g(x):\n    raise NotImplementedError("g")\n'
    done = stub.replace('raise NotImplementedError("g")', "return x + 1")
    out = normalise([done], keep=frozenset("fg"), boilerplate=statements([stub], keep=frozenset("fg"))).text
    assert out == "def g(x):\n    return 1 + x"


# -- code built at run time ------------------------------------------------------------------------

PAYLOAD = "def f(x):\n    return x + 1\n"


@pytest.mark.parametrize("expression", [
    f"base64.b64decode({base64.b64encode(PAYLOAD.encode())!r})",
    f"zlib.decompress(base64.b64decode({base64.b64encode(zlib.compress(PAYLOAD.encode()))!r}))",
    f"codecs.decode({codecs.encode(PAYLOAD, 'rot13')!r}, 'rot13')",
    f"bytes.fromhex({PAYLOAD.encode().hex()!r}).decode()",
    f"bytes({list(PAYLOAD.encode())!r})",
    f"''.join(map(chr, {[ord(c) for c in PAYLOAD]!r}))",
    f"{PAYLOAD[::-1]!r}[::-1]",
    f"lzma.decompress({lzma.compress(PAYLOAD.encode())!r})",
    f"bz2.decompress({bz2.compress(PAYLOAD.encode())!r})",
    f"compile({PAYLOAD[:10]!r} + {PAYLOAD[10:]!r}, 'x', 'exec')",
])
def test_embedded_code_is_read_and_compared(expression):
    source = f"import base64, zlib, codecs, lzma, bz2\nexec({expression})\n"
    n = normalise([source])
    assert "def f(x):\n    return 1 + x" in n.text, n.text
    assert (2, "exec", True) in {(f.line, f.what, f.decoded) for f in n.findings}


def test_code_fetched_by_name_and_through_a_variable():
    source = ("import builtins\nimport base64 as b\nPAYLOAD = b.b64decode(%r)\n"
              "run = getattr(builtins, 'ex' + 'ec')\nrun(PAYLOAD)\n"
              "getattr(builtins, 'ex' + 'ec')(PAYLOAD)\n") % base64.b64encode(PAYLOAD.encode())
    n = normalise([source])
    assert "return 1 + x" in n.text
    found = {(f.line, f.what, f.decoded) for f in n.findings}
    assert {(1, "imports builtins", False), (4, "builtins", False), (5, "exec", True),
            (6, "exec", True)} <= found, found


@pytest.mark.parametrize("line, what", [
    ("eval('1 + 1')", "eval"),
    ("__import__('os')", "__import__"),
    ("import importlib\nimportlib.import_module('os')", "importlib.import_module"),
    ("import marshal\nmarshal.loads(b'')", "marshal.loads"),
    ("from importlib import import_module as im\nim('os')", "importlib.import_module"),
    ("globals()['ex' + 'ec']('x = 1')", "looks up exec by name"),
    ("f = exec\nf('x = 1')", "exec"),
    ("__builtins__.__dict__['exec']", "__builtins__.__dict__"),
    ("import types\ntypes.FunctionType(None, {})", "types.FunctionType"),
])
def test_every_way_to_run_built_code_is_found(line, what):
    n = normalise([line])
    assert what in {f.what for f in n.findings}, n.findings


def test_ordinary_code_is_not_reported():
    ordinary = ("import re\nimport torch\nPATTERN = re.compile(r'\\d+')\n"
                "def f(model, x):\n    model.eval()\n    code = 3\n    return torch.compile(model)(x)\n")
    assert normalise([ordinary]).findings == ()
    assert all(normalise([s]).findings == () for s in SOURCES)


def test_notebook_load_time_code_is_found():
    cells = ["import torch\nfrom functools import lru_cache",
             "def train():\n    return 1",
             "class Hidden:\n    result = train()",
             "@(lambda f: train() or f)\ndef a(x):\n    return x",
             "def b(x, y=train()):\n    return x",
             "class Meta(type):\n    pass\n\nclass C(metaclass=Meta):\n    pass",
             "def c(x: train() = 1):\n    return x",
             # plain definitions: a library decorator, literals, types, pure builtins
             "@torch.no_grad()\n@lru_cache(maxsize=None)\ndef d(x: list[int] | None = None, "
             "eps=-1e-8, inf=float('inf'), dev=torch.device('cpu')) -> tuple[int, int]:\n"
             "    return x",
             "class Plain(torch.nn.Module):\n    '''doc'''\n    size: int = 3\n"
             "    def forward(self, x):\n        return x"]
    n = normalise(cells, notebook=True)
    kinds = sorted(f.what.rsplit(": ", 1)[1] for f in n.findings)
    assert kinds == ["annotation", "class body", "class definition", "decorator",
                     "default argument"], n.findings
    assert normalise(cells, notebook=False).findings == ()   # a module runs all its code anyway


# -- bounded, whatever the input -------------------------------------------------------------------

@pytest.mark.parametrize("module, packer, megabytes", [
    ("zlib", lambda: zlib.compressobj(9), 64), ("bz2", bz2.BZ2Compressor, 4),
    ("lzma", lzma.LZMACompressor, 16)])
def test_a_decompression_bomb_costs_nothing(module, packer, megabytes):
    pack, chunk = packer(), bytes(1 << 20)
    bomb = b"".join(pack.compress(chunk) for _ in range(megabytes)) + pack.flush()
    assert len(bomb) * 16 < megabytes << 20               # megabytes of zeros, packed tight
    tree = ast.parse(f"import {module}\nexec({module}.decompress({bomb!r}))")
    started = time.perf_counter()
    assert dynamic.embedded_code(tree.body[1].value, dynamic.Folder(tree)) is None
    assert time.perf_counter() - started < 2


def test_names_doubling_a_string_cost_nothing():
    lines = ["s0 = ''"] + [f"s{i + 1} = s{i} + s{i}" for i in range(60)] + ["exec(s60)"]
    lines += ["t0 = 'ab'"] + [f"t{i + 1} = t{i} + t{i}" for i in range(60)] + ["exec(t60)"]
    started = time.perf_counter()
    n = normalise(["\n".join(lines)])
    assert time.perf_counter() - started < 5 and n.parsed


def test_deep_nesting_falls_back_to_tokens():
    deep = "x = " + "(" * 150 + "1" + ")" * 150 + "\ny = " + "-" * 100_000 + "1\n"
    n = normalise([deep])
    assert n.text.startswith("x = ") and len(n.origin) == n.text.count("\n") + 1


def test_every_python_file_of_the_repository_is_handled():
    """The reference modules, variants, known mistakes and the adversarial bank: each one
    parses, and the code built at run time found is the adversarial bank's alone."""
    files = sorted({*ROOT.glob("solutions/*/*.py"), *ROOT.glob("tests/variants/*/*/*.py"),
                    *ROOT.glob("autograder/hidden/*/mutants/*.py"),
                    *ROOT.glob("tests/assignments/*/adversarial/*.py")})
    flagged = set()
    for path in files:
        text = path.read_text()
        if path.parent.name == "adversarial" and not path.name.startswith("_"):
            text = (path.parent / "_wrong.py").read_text() + "\n" + text   # as it is graded
        n = normalise([text])
        assert n.parsed and n.text, path
        if n.findings:
            flagged.add(path.parent.name)
    assert len(files) > 80 and flagged == {"adversarial"}


FRAGMENTS = [line for s in SOURCES for line in s.splitlines()] + [
    "exec(", "class A:", "    exec(base64.b64decode('aGk='))", "@", "lambda: (yield)",
    "def f(*, a=1, **k): pass", "async def g(): await x", "global q", "nonlocal r",
    "try:\n    pass\nfinally:\n    pass", "match x:\n    case 1:\n        pass", "%time", "!ls",
    "globals()[[1, 2]]", "getattr(x, ['exec'])(y)", "exec(bytes([1, 2]))", "x[::-1][b'e']"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(st.text(max_size=80), st.sampled_from(FRAGMENTS)), max_size=30),
       st.booleans())
def test_any_text_is_handled(lines, notebook):
    code = "\n".join(lines)
    n = normalise([code, code[::-1]], notebook=notebook, keep=KEEP)
    assert isinstance(n.text, str) and len(n.origin) == (n.text.count("\n") + 1 if n.text else 0)


LEAVES = st.sampled_from(["x", "exec", "globals()", "builtins", "base64", "__builtins__",
                          "'exec'", "b'ex'", "'ec'", "1", "-1", "[1, 2]", "(101, 120)", "None",
                          "'aGk='", "chr", "'rot13'", "3.5", "True"])
EXPRESSIONS = st.recursive(LEAVES, lambda inner: st.one_of(
    st.tuples(inner, inner).map(lambda t: f"{t[0]}[{t[1]}]"),
    st.tuples(inner, inner).map(lambda t: f"{t[0]}({t[1]})"),
    st.tuples(inner, inner).map(lambda t: f"({t[0]} + {t[1]})"),
    st.tuples(inner, inner).map(lambda t: f"getattr({t[0]}, {t[1]})"),
    st.tuples(inner, inner).map(lambda t: f"[{t[0]}, {t[1]}]"),
    st.tuples(inner, inner).map(lambda t: f"codecs.decode({t[0]}, {t[1]})"),
    inner.map(lambda e: f"{e}[::-1]"), inner.map(lambda e: f"{e}.decode()"),
    inner.map(lambda e: f"''.join({e})"), inner.map(lambda e: f"map(chr, {e})"),
    inner.map(lambda e: f"bytes({e})"), inner.map(lambda e: f"base64.b64decode({e})"),
    inner.map(lambda e: f"zlib.decompress({e})"), inner.map(lambda e: f"exec({e})")),
    max_leaves=8)


@pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")
@settings(max_examples=100, deadline=None)
@given(st.lists(EXPRESSIONS, min_size=1, max_size=4), st.booleans())
def test_any_expression_is_folded_or_left(expressions, notebook):
    """Folding embedded strings on arbitrary expressions of literals, names, decoders and
    runners: a value or nothing, never an exception, in a module or a class body."""
    head = "import base64, builtins, codecs, zlib\ns = 'eA=='\n"
    body = "\n".join(f"v{i} = {e}" for i, e in enumerate(expressions))
    for code in (head + body, head + "class A:\n" + "\n".join("    " + e for e in expressions)):
        n = normalise([code], notebook=notebook)
        try:
            ast.parse(code)
        except SyntaxError:         # (``1.decode()``): compared as tokens
            continue
        assert n.parsed


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=200), st.sampled_from(sorted(dynamic.DECODERS)))
def test_decoders_never_raise(data, decoder):
    module, _, fn = decoder.rpartition(".")
    tree = ast.parse(f"import {module or 'base64'}\nexec({decoder}({data!r}))")
    dynamic.Folder(tree).fold(tree.body[1].value.args[0])   # a value or None, never an error


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(SOURCES),
       st.lists(st.sampled_from(["parentheses", "renamed", "reordered", "commuted", "wrapped",
                                 "dead_code"]), min_size=1, max_size=5))
def test_disguises_leave_the_canonical_form_unchanged(source, steps):
    copy = source
    for step in steps:
        copy = getattr(disguises, step)(copy)
    assert placeholders(text(copy, keep=KEEP)) == placeholders(text(source, keep=KEEP))
