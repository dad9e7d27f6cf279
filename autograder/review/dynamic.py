"""Code built at run time: where a submission runs it, and what an embedded string holds.

A copy can hide from any comparison of source code by not being source code:
``exec(base64.b64decode("<the copied module>"))`` shows one string literal. Such code is
*reported* (:func:`findings`: per line, what builds or loads code at run time) and, where
the string can be read without running anything, *decoded* (:func:`embedded_code`) so that
the similarity check compares the code it holds.

What counts as building or loading code at run time: ``exec``, ``eval``, ``compile``,
``__import__``, the builtins reached by name, ``importlib``, ``marshal``, ``pickle``,
``runpy``, ``ctypes``, code objects (``types.CodeType``/``FunctionType``), and a string that
names one of them. In a notebook, the grader runs only definitions
(:func:`pgcheck.loading.notebook_definitions`), so code hidden where a definition runs it
is reported too: a class body, a decorator, a default argument or an annotation that calls
anything but a library function on literal arguments.

Decoding is constant folding over literals with pure, bounded functions only: the
``base64``/``binascii`` decoders, ``bytes.fromhex``, ``codecs.decode`` (rot13, hex, base64,
zlib, bz2), ``zlib``/``gzip``/``bz2``/``lzma`` decompression, ``str``/``bytes`` methods
(``decode``, ``encode``, ``replace``, ``strip``, ``join``, reversal), ``chr`` and ``bytes`` of
integer lists, and names bound once to such values. Every value is capped at
:data:`MAX_DECODED` (decompression stops there; ``lzma`` also has a memory limit), so a
decompression bomb costs nothing; and the size of every value that can grow (``+``, ``*``,
``replace``, ``join``) is computed from its parts *before* it is built (:func:`_room`), so
``S.replace("x", T)`` with two 60,000-character strings is refused without asking for 3.6 GB.
``format`` and ``%`` are never folded. Nothing here runs student code.

Long because: the list of what builds code at run time and the constant folder that
decodes it must agree name for name; they are kept in one file to stay in step.
"""
from __future__ import annotations

import ast
import base64
import binascii
import bz2
import codecs
import lzma
import zlib
from dataclasses import dataclass

#: the most decoded text one submission may yield: 35 times the largest reference module
#: of the course (about 7 kB); a correct answer needs none
MAX_DECODED = 256 << 10
#: names that run or load code given as data
RUNNERS = frozenset({"exec", "eval", "compile", "builtins.exec", "builtins.eval",
                     "builtins.compile"})
DYNAMIC_NAMES = frozenset({"exec", "eval", "compile", "__import__", "execfile",
                           "__builtins__", "builtins"})
DYNAMIC_MODULES = ("builtins", "importlib", "marshal", "pickle", "dill", "cloudpickle", "runpy",
                   "ctypes", "code", "codeop")
DYNAMIC_ATTRIBUTES = ("types.CodeType", "types.FunctionType", "sys.modules")


class TooBig(ValueError):
    """A decoded value over :data:`MAX_DECODED`."""


@dataclass(frozen=True)
class Finding:
    """One place where a submission runs code built at run time."""
    line: int           # 1-based, in the code as compared (a notebook's cells joined)
    what: str           # e.g. "exec", "runs when the notebook is loaded: class body"
    decoded: bool = False   # the code it runs was read from the string and compared


# -- names -----------------------------------------------------------------------------

def aliases(tree: ast.AST) -> dict[str, str]:
    """Local name -> dotted name, from every import in ``tree``
    (``import base64 as b``: ``b`` -> ``base64``; ``from zlib import decompress as d``)."""
    found = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                found[a.asname or a.name.split(".")[0]] = a.name if a.asname else \
                    a.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for a in node.names:
                found[a.asname or a.name] = f"{node.module}.{a.name}"
    return found


def dotted(node: ast.AST, names: dict[str, str]) -> str:
    """``base64.b64decode`` for ``b.b64decode`` after ``import base64 as b``; "" when the
    expression is not a chain of names."""
    if isinstance(node, ast.Name):
        return names.get(node.id, node.id)
    if isinstance(node, ast.Attribute):
        base = dotted(node.value, names)
        return f"{base}.{node.attr}" if base else ""
    return ""


# -- folding embedded strings -------------------------------------------------------------

def _capped(value):
    if isinstance(value, (str, bytes)) and len(value) > MAX_DECODED:
        raise TooBig(f"over {MAX_DECODED} bytes")
    return value


def _room(size: int) -> None:
    """Refuse a value of ``size`` characters or bytes before it is built."""
    if size > MAX_DECODED:
        raise TooBig(f"would be {size} bytes, over {MAX_DECODED}")


def _data(value) -> bytes:
    return value.encode("latin-1") if isinstance(value, str) else bytes(value)


def _inflate(data, wbits=zlib.MAX_WBITS, *_):
    d = zlib.decompressobj(wbits)
    return _capped(d.decompress(_data(data), MAX_DECODED + 1))


def _bunzip(data, *_):
    return _capped(bz2.BZ2Decompressor().decompress(_data(data), MAX_DECODED + 1))


def _unxz(data, *_, **__):
    d = lzma.LZMADecompressor(memlimit=64 << 20)
    return _capped(d.decompress(_data(data), MAX_DECODED + 1))


_TEXT_CODECS = {"rot13": "rot13", "rot_13": "rot13", "hex": "hex", "hex_codec": "hex",
                "base64": "base64", "base_64": "base64", "base64_codec": "base64"}


_CHARSETS = frozenset({"utf_8", "utf8", "latin_1", "latin1", "iso_8859_1", "ascii",
                       "utf_16", "utf_32", "utf_16_le", "utf_16_be"})


def _codecs_decode(data, encoding="utf-8", *_):
    encoding = str(encoding).lower().replace("-", "_")
    if encoding in ("zlib", "zip", "zlib_codec"):
        return _inflate(data)
    if encoding in ("bz2", "bz2_codec"):
        return _bunzip(data)
    if encoding in _TEXT_CODECS:
        name = _TEXT_CODECS[encoding]
        return codecs.decode(data if name == "rot13" else _data(data), name)
    if encoding in _CHARSETS:
        return _data(data).decode(encoding)
    raise ValueError(f"not a decoder folded here: {encoding}")


DECODERS = {
    "base64.b64decode": base64.b64decode, "base64.standard_b64decode": base64.b64decode,
    "base64.urlsafe_b64decode": base64.urlsafe_b64decode, "base64.b32decode": base64.b32decode,
    "base64.b16decode": base64.b16decode, "base64.b85decode": base64.b85decode,
    "base64.a85decode": base64.a85decode, "base64.decodebytes": base64.decodebytes,
    "binascii.a2b_base64": binascii.a2b_base64, "binascii.unhexlify": binascii.unhexlify,
    "binascii.a2b_hex": binascii.a2b_hex, "bytes.fromhex": bytes.fromhex,
    "codecs.decode": _codecs_decode, "zlib.decompress": _inflate,
    "gzip.decompress": lambda data: _inflate(data, 31), "bz2.decompress": _bunzip,
    "lzma.decompress": _unxz,
    "str": lambda v="", *a: _codecs_decode(v, *a) if a else v if isinstance(v, str) else None,
}
#: builtins that only build a value from literals (``float("inf")``): plain in a definition
PURE_BUILTINS = frozenset({"bool", "int", "float", "complex", "str", "bytes", "tuple", "list",
                           "dict", "set", "frozenset", "range", "slice", "object",
                           "staticmethod", "classmethod", "property", "Exception", "type"})


class Folder:
    """Constant folding of the expressions of one module (see the module's docstring)."""

    def __init__(self, tree: ast.AST):
        self.names = aliases(tree)
        self.bound: dict[str, ast.expr | None] = {}
        for node in ast.walk(tree):     # names bound once to one expression, at any level
            if isinstance(node, ast.Assign) and len(node.targets) == 1 \
                    and isinstance(node.targets[0], ast.Name):
                name = node.targets[0].id
                self.bound[name] = node.value if name not in self.bound else None
        self._memo: dict[str, object] = {}

    def fold(self, node: ast.AST):
        """The str or bytes ``node`` evaluates to, or None when that needs more than
        literals and pure decoders (never an exception)."""
        try:
            return self._fold(node)
        except (ValueError, TypeError, LookupError, ArithmeticError, RecursionError,
                MemoryError, EOFError, OSError, lzma.LZMAError, binascii.Error, zlib.error):
            return None

    def _fold(self, node):
        return _capped(self._value(node))

    def _value(self, node):
        if isinstance(node, ast.Constant):
            return node.value if isinstance(node.value, (str, bytes, int)) else None
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            value = self._fold(node.operand)
            return -value if isinstance(value, int) else None
        if isinstance(node, ast.Name):
            if node.id not in self._memo:       # each name folded once: no blow-up, no cycle
                self._memo[node.id] = None
                value = self.bound.get(node.id)
                self._memo[node.id] = self.fold(value) if value is not None else None
            return self._memo[node.id]
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            a, b = self._fold(node.left), self._fold(node.right)
            if type(a) is type(b) and isinstance(a, (str, bytes)):
                _room(len(a) + len(b))
                return a + b
            return None
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
            a, b = self._fold(node.left), self._fold(node.right)
            text, times = (a, b) if isinstance(b, int) else (b, a)
            if isinstance(text, (str, bytes)) and isinstance(times, int) \
                    and not isinstance(times, bool):
                _room(len(text) * max(times, 0))
                return text * times
            return None
        if isinstance(node, (ast.List, ast.Tuple)):
            items = [self._fold(e) for e in node.elts]
            return None if any(i is None for i in items) else items
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice):
            value, s = self._fold(node.value), node.slice
            step = self._fold(s.step) if s.step else None
            if s.lower is None and s.upper is None and step == -1 and value is not None:
                return value[::-1]
            return None
        if isinstance(node, ast.Call):
            return self._call(node)
        return None

    def _call(self, node: ast.Call):
        name = dotted(node.func, self.names)
        if name == "map" and len(node.args) == 2 and isinstance(node.args[0], ast.Name) \
                and node.args[0].id == "chr":
            codes = self._fold(node.args[1])
            return [chr(i) for i in codes] if isinstance(codes, list) else None
        args = [self._fold(a) for a in node.args]
        if any(a is None for a in args) or node.keywords:
            return None
        if name in RUNNERS and name.endswith("compile") and args:
            return args[0]                  # compile(src, ...): the code is src
        if name in DECODERS:
            return DECODERS[name](*args)
        if name == "chr" and len(args) == 1 and isinstance(args[0], int):
            return chr(args[0])
        if name in ("bytes", "bytearray") and len(args) == 1 and isinstance(args[0], list):
            return bytes(args[0])
        if isinstance(node.func, ast.Attribute):
            return self._method(node.func.attr, self._fold(node.func.value), args)
        return None

    @staticmethod
    def _method(method: str, value, args):
        if not isinstance(value, (str, bytes)):
            return None
        if method == "decode" and isinstance(value, bytes):
            return value.decode(*args)
        if method == "encode" and isinstance(value, str):
            return value.encode(*args)
        if method == "replace" and 2 <= len(args) <= 3 and all(
                type(a) is type(value) for a in args[:2]):
            old, new = args[:2]
            count = value.count(old) if old else len(value) + 1
            if len(args) == 3 and isinstance(args[2], int) and args[2] >= 0:
                count = min(count, args[2])
            _room(len(value) + count * max(len(new) - len(old), 0))
            return value.replace(*args)
        if method in ("strip", "lstrip", "rstrip", "lower", "upper", "swapcase"):
            return getattr(value, method)(*args)
        if method == "join" and len(args) == 1 and isinstance(args[0], list):
            items = args[0]
            if not all(type(i) is type(value) for i in items):
                return None
            _room(sum(map(len, items)) + len(value) * max(len(items) - 1, 0))
            return value.join(items)
        return None


def embedded_code(call: ast.Call, folder: Folder) -> str | None:
    """The source ``call`` runs when it is ``exec``/``eval``/``compile`` of a string that
    folds to Python text; None otherwise."""
    if not call.args or _runner(call.func, folder) is None:
        return None
    value = folder.fold(call.args[0])
    if isinstance(value, bytes):
        try:
            value = value.decode("utf-8")
        except UnicodeDecodeError:
            return None
    return value if isinstance(value, str) else None


def _names_dynamic(value, names=DYNAMIC_NAMES) -> bool:
    """Whether a folded value is the name of something in ``names``."""
    return isinstance(value, str) and value in names


def _runner(func: ast.AST, folder: Folder, depth: int = 0) -> str | None:
    """``exec``/``eval``/``compile`` when ``func`` is one: by name, fetched by name
    (``getattr(builtins, "ex" + "ec")``), or a name bound to either (``run = exec``)."""
    name = dotted(func, folder.names)
    if name in RUNNERS:
        return name
    if isinstance(func, ast.Call) and dotted(func.func, folder.names) == "getattr" \
            and len(func.args) >= 2 and _names_dynamic(folder.fold(func.args[1]), RUNNERS):
        return folder.fold(func.args[1])
    if isinstance(func, ast.Name) and folder.bound.get(func.id) is not None and depth < 8:
        return _runner(folder.bound[func.id], folder, depth + 1)
    return None


# -- findings -------------------------------------------------------------------------------

def findings(tree: ast.Module, notebook: bool = False) -> list[Finding]:
    """Every place in ``tree`` that builds or loads code at run time (see the module's
    docstring), and in a notebook every definition that runs code when loaded, by line."""
    folder = Folder(tree)
    found: dict[tuple[int, str], Finding] = {}
    nodes = list(ast.walk(tree))
    callees = {id(n.func) for n in nodes if isinstance(n, ast.Call)}
    inner = {id(n.value) for n in nodes if isinstance(n, ast.Attribute)}

    def add(node, what, decoded=False):
        key = (getattr(node, "lineno", 0), what)
        if key not in found or decoded:
            found[key] = Finding(key[0], what, decoded)

    def named(node) -> str:
        """The dynamic thing a name or attribute chain reaches, or ""."""
        root = node
        while isinstance(root, ast.Attribute):
            root = root.value
        if not isinstance(root, ast.Name):
            return ""
        name = dotted(node, folder.names)
        if root.id in folder.names:          # rooted in an import
            top = name.split(".")[0]
            hit = top in DYNAMIC_MODULES or any(name == a or name.startswith(a + ".")
                                                for a in DYNAMIC_ATTRIBUTES)
            return name if hit or name in DYNAMIC_NAMES else ""
        return name if root.id == "__builtins__" or name in DYNAMIC_NAMES else ""

    for node in nodes:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) \
                else [node.module or ""]
            for m in modules:
                if m.split(".")[0] in DYNAMIC_MODULES:
                    add(node, f"imports {m}")
        elif isinstance(node, ast.Call) and _runner(node.func, folder):
            add(node, _runner(node.func, folder), decoded=embedded_code(node, folder) is not None)
        elif isinstance(node, (ast.Name, ast.Attribute)) and id(node) not in inner:
            name = named(node)
            if name and not (id(node) in callees and name in RUNNERS):   # the call says it
                add(node, name)
        elif isinstance(node, ast.Constant) and _names_dynamic(node.value):
            add(node, f"names {node.value} in a string")
        elif isinstance(node, ast.Subscript) and _names_dynamic(folder.fold(node.slice)):
            add(node, f"looks up {folder.fold(node.slice)} by name")
    if notebook:
        for node, what in load_time_code(tree, folder):
            add(node, f"runs when the notebook is loaded: {what}")
    return sorted(found.values(), key=lambda f: (f.line, f.what))


def load_time_code(tree: ast.Module, folder: Folder) -> list[tuple[ast.AST, str]]:
    """In a notebook: code that the grader's loader runs although it keeps only definitions
    (a class body, decorators, default arguments, annotations, class bases), unless it is a
    literal, a name, or a library function called on literals.

    Long because: one walk over the tree, one branch per place where code can hide.
    """
    own = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                       ast.ClassDef))}

    def library(e) -> bool:
        """A library function or class (rooted in an import) or a pure builtin."""
        root = e
        while isinstance(root, ast.Attribute):
            root = root.value
        if not isinstance(root, ast.Name) or root.id in own:
            return False
        return root.id in folder.names or dotted(e, folder.names) in PURE_BUILTINS

    def applied(e) -> bool:
        """A decorator, base class or class keyword that runs no code of the notebook's."""
        return library(e) or (isinstance(e, ast.Call) and library(e.func) and plain(e))

    def plain(e, calls=True) -> bool:
        """A literal, a name, a type (``list[int]``, ``int | None``), or (``calls``) a
        library function or pure builtin called on such."""
        if e is None or isinstance(e, (ast.Constant, ast.Name)):
            return True
        if isinstance(e, ast.Attribute):
            return bool(dotted(e, folder.names))
        if isinstance(e, (ast.Tuple, ast.List)):
            return all(plain(x, calls) for x in e.elts)
        if isinstance(e, ast.UnaryOp):
            return plain(e.operand, False)
        if isinstance(e, ast.BinOp) and isinstance(e.op, ast.BitOr):
            return plain(e.left, False) and plain(e.right, False)
        if isinstance(e, ast.Subscript):
            return plain(e.value, False) and plain(e.slice, False)
        if isinstance(e, ast.Call) and calls:
            return library(e.func) and all(plain(a, False) for a in e.args) \
                and all(plain(k.value, False) for k in e.keywords)
        return False

    found = []

    def definition(node):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            a = node.args
            args = [x for x in [*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg] if x]
            found.extend((e, "decorator") for e in node.decorator_list if not applied(e))
            found.extend((e, "default argument") for e in [*a.defaults, *a.kw_defaults]
                         if not plain(e))
            found.extend((x, "annotation") for x in args if not plain(x.annotation))
            if not plain(node.returns):
                found.append((node.returns, "annotation"))
        elif isinstance(node, ast.ClassDef):
            bases = [*node.decorator_list, *node.bases, *(k.value for k in node.keywords)]
            found.extend((e, "class definition") for e in bases if not applied(e))
            for stmt in node.body:
                if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    definition(stmt)
                elif isinstance(stmt, ast.Pass) or (
                        isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)):
                    continue
                elif isinstance(stmt, (ast.Assign, ast.AnnAssign)) and plain(stmt.value):
                    continue
                else:
                    found.append((stmt, "class body"))

    for node in tree.body:
        definition(node)
    return found
