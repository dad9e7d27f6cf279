"""The contract a student reads: each graded function's argument table, parsed and checked.

Every graded function's docstring holds one table (reStructuredText's simple table) with a row
per argument and one for what it returns::

    ============  ==========================  ======================================
    argument      shape/dtype                 meaning
    ============  ==========================  ======================================
    ``logprobs``  ``(T,)`` or ``(T, N)``      ``log pi(a_t | s_t)``, differentiable
    ``returns``   like ``logprobs``           ``G_t``
    ``baseline``  None, float, or tensor      subtracted from the returns
                  broadcasting to ``returns``
    ``mask``      bool ``(N, L)``             True for real tokens
    returns       ``()``                      the loss to minimise
    ============  ==========================  ======================================

The second column (headed ``shape/dtype`` or ``type``) is read as one of these, its lines
joined, alternatives separated by ``or`` or a comma (a table written for students, so
literal markup is left out here)::

    written                          what the argument (or the answer) must be
    None, float, int, bool, str,     that Python value ("float" is a Python float: an int or a
    any                              0-d tensor is not one; "any" is anything)
    ``(T, N)``                       a float32 or float64 tensor of that shape; each named
                                     dimension has one size across the call
    bool ``(N, L)``                  a bool tensor of that shape (``(N, L)`` bool too)
    like ``x``, bool like ``x``      the shape and dtype of argument x (the shape, bool)
    tensor broadcasting to ``x``     a float tensor whose shape broadcasts to x's
    two floats, two like ``x``       (an answer) a pair of such values

Every float tensor of one call has the same dtype, and a float tensor in the answer has it too
(docs/contract.md: "float32 or float64, and returns a result of the same dtype"). The table is
the whole truth about types: :func:`check_call` says what is wrong with the arguments of a
call, :func:`check_answer` with the answer a test requires (the reference's, whose type,
shape and dtype the comparison demands), and ``tests/test_contracts.py`` runs both on every call
the hidden suites and the public checks make. Nothing here runs student code.
"""
from __future__ import annotations

import inspect
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import torch

#: Python values named in the table, and the types they admit (bool is no int here)
PYTHON = {"None": (type(None),), "float": (float,), "int": (int,), "bool": (bool,),
          "str": (str,)}
DTYPES = {"bool": torch.bool, "float32": torch.float32, "float64": torch.float64}
FLOATS = (torch.float32, torch.float64)
_BORDER = re.compile(r"^=+( +=+)+$")
_TOKEN = re.compile(r"``[^`]*``|[A-Za-z_][\w-]*|,|\S")


class ContractError(ValueError):
    """An argument table that cannot be read; the message names the function and the row."""


@dataclass(frozen=True)
class Alternative:
    """One form an argument may take: a Python value, or a tensor."""
    kind: str                               #: a key of PYTHON, "any" or "tensor"
    shape: tuple[str | int, ...] | None = None    #: named (or fixed) dimensions
    like: str = ""                          #: the shape (and dtype) of this argument
    broadcasts_to: str = ""                 #: a shape that broadcasts to this argument's
    dtype: str = ""                         #: "bool", "float32", "float64"; "" a float dtype

    def __str__(self) -> str:
        if self.kind != "tensor":
            return self.kind
        prefix = f"{self.dtype} " if self.dtype else ""
        if self.like:
            return f"{prefix}tensor like {self.like}"
        if self.broadcasts_to:
            return f"{prefix}tensor broadcasting to {self.broadcasts_to}"
        return f"{prefix}tensor of shape ({', '.join(map(str, self.shape))}{',' * (len(self.shape) == 1)})"


@dataclass(frozen=True)
class Spec:
    """What one row allows: any of its alternatives, ``count`` times (2: a pair)."""
    alternatives: tuple[Alternative, ...]
    count: int = 1
    text: str = ""                          #: the row as written

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Contract:
    """A graded function's argument table: each parameter's spec and the answer's."""
    function: str
    params: dict[str, Spec]
    returns: Spec
    signature: inspect.Signature


def parse_spec(text: str, where: str) -> Spec:
    """The spec of one row's second column (see the module docstring).

    >>> str(parse_spec("None, float, or tensor broadcasting to ``returns``", "f").alternatives[2])
    'tensor broadcasting to returns'
    >>> parse_spec("bool ``(N, L)``", "f").alternatives[0].shape
    ('N', 'L')
    """
    tokens = _TOKEN.findall(" ".join(text.split()))
    count = 1
    if tokens[:1] == ["two"]:
        count, tokens = 2, tokens[1:]
    alternatives, i = [], 0
    while i < len(tokens):
        if tokens[i] in (",", "or", "a", "an"):
            i += 1
            continue
        alternative, i = _alternative(tokens, i, where)
        alternatives.append(alternative)
    if not alternatives:
        raise ContractError(f"{where}: no type in {text!r}")
    return Spec(tuple(alternatives), count, " ".join(text.split()))


def _alternative(tokens: list[str], i: int, where: str) -> tuple[Alternative, int]:
    word = tokens[i]
    following = tokens[i + 1] if i + 1 < len(tokens) else ""
    dtype = ""
    if word in DTYPES and (following.startswith("``(") or following in ("like", "tensor",
                                                                         "tensors")):
        dtype, i = word, i + 1
    elif word.rstrip("s") in PYTHON or word == "any":
        return Alternative(word.rstrip("s") if word != "any" else "any"), i + 1
    if i < len(tokens) and tokens[i] in ("tensor", "tensors"):
        i += 1
    if i < len(tokens) and tokens[i].startswith("``("):
        shape = _shape(tokens[i], where)
        i += 1
        if i < len(tokens) and tokens[i] in DTYPES and not dtype:
            dtype, i = tokens[i], i + 1
        return Alternative("tensor", shape=shape, dtype=dtype), i
    if tokens[i:i + 1] == ["like"] and i + 1 < len(tokens):
        return Alternative("tensor", like=_name(tokens[i + 1], where), dtype=dtype), i + 2
    if tokens[i:i + 2] == ["broadcasting", "to"] and i + 2 < len(tokens):
        return Alternative("tensor", broadcasts_to=_name(tokens[i + 2], where), dtype=dtype), i + 3
    raise ContractError(f"{where}: cannot read {' '.join(tokens[i:i + 4])!r} as a type "
                        "(see autograder/authoring/contract.py for what a row may say)")


def _shape(token: str, where: str) -> tuple[str | int, ...]:
    inner = token.strip("`").strip()
    if not (inner.startswith("(") and inner.endswith(")")):
        raise ContractError(f"{where}: {token} is not a shape such as ``(T, N)``")
    dims = [d.strip() for d in inner[1:-1].split(",") if d.strip()]
    for d in dims:
        if not (d.isidentifier() or d.isdigit()):
            raise ContractError(f"{where}: dimension {d!r} of {token} is neither a name nor a size")
    return tuple(int(d) if d.isdigit() else d for d in dims)


def _name(token: str, where: str) -> str:
    name = token.strip("`")
    if not (token.startswith("``") and name.isidentifier()):
        raise ContractError(f"{where}: {token} should name an argument, as ``x``")
    return name


# -- reading the table ----------------------------------------------------------------------

def table_rows(docstring: str, where: str) -> list[tuple[str, str]]:
    """(first column, second column) of each row of the docstring's argument table, a row's
    continuation lines joined to it."""
    lines = docstring.splitlines()
    borders = [n for n, line in enumerate(lines) if _BORDER.match(line.strip())]
    if len(borders) < 3:
        raise ContractError(f"{where}: no argument table (argument | shape/dtype | meaning)")
    first, header_end, last = borders[0], borders[1], borders[2]
    indent = len(lines[first]) - len(lines[first].lstrip())
    spans = [(m.start() + indent, m.end() + indent)
             for m in re.finditer(r"=+", lines[first].strip())]
    header = [lines[first + 1][a:b].strip().lower() for a, b in spans[:2]]
    if header[0] != "argument" or header[1] not in ("shape/dtype", "type"):
        raise ContractError(f"{where}: the table's columns should be 'argument' and "
                            f"'shape/dtype' (or 'type'), not {header}")
    rows: list[list[str]] = []
    for line in lines[header_end + 1:last]:
        name = line[spans[0][0]:spans[1][0]].strip()
        spec = line[spans[1][0]:spans[2][0] if len(spans) > 2 else None].strip()
        if name:
            rows.append([name, spec])
        elif rows and spec:
            rows[-1][1] += " " + spec
    return [(name, spec) for name, spec in rows]


def parse(function, where: str = "") -> Contract:
    """The contract of ``function`` (a reference's graded function) from its docstring."""
    where = where or function.__name__
    params: dict[str, Spec] = {}
    returns = None
    for names, text in table_rows(inspect.getdoc(function) or "", where):
        spec = parse_spec(text, f"{where}, row {names!r}")
        if names == "returns":
            returns = spec
            continue
        found = re.findall(r"``(\w+)``", names)
        if not found:
            raise ContractError(f"{where}: row {names!r} names no argument (``name``)")
        params.update({name: spec for name in found})
    signature = inspect.signature(function)
    if returns is None:
        raise ContractError(f"{where}: the table has no 'returns' row")
    if set(params) != set(signature.parameters):
        raise ContractError(f"{where}: the table documents {sorted(params)}, the function "
                            f"takes {list(signature.parameters)}")
    for spec in [*params.values(), returns]:
        for alt in spec.alternatives:
            named = alt.like or alt.broadcasts_to
            if named and named not in params:
                raise ContractError(f"{where}: {spec.text!r} names {named!r}, not an argument")
    if len(returns.alternatives) != 1:
        raise ContractError(f"{where}: the answer has one type, not {returns.text!r}")
    return Contract(function.__name__, params, returns, signature)


@cache
def contracts(reference_module: Path, functions: tuple[str, ...]) -> dict[str, Contract]:
    """The contract of each of ``functions`` of a reference module (which is imported: the
    course's own code), by name."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(f"_contract_{reference_module.stem}",
                                                  reference_module)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return {name: parse(getattr(module, name), f"{reference_module.name}: {name}")
            for name in functions}


# -- checking a call ------------------------------------------------------------------------

@dataclass
class Binding:
    """What one call fixed: each named dimension's size, and the float dtype of its tensors."""
    dims: dict
    arguments: dict
    dtype: torch.dtype | None


def check_call(contract: Contract, args: tuple, kwargs: dict) -> tuple[list[str], Binding | None]:
    """(what in this call the table does not allow, the call's binding if it is allowed)."""
    try:
        bound = contract.signature.bind(*args, **kwargs)
    except TypeError as exc:
        return [f"the call does not fit the signature: {exc}"], None
    arguments = dict(bound.arguments)
    floats = {v.dtype for v in arguments.values()
              if isinstance(v, torch.Tensor) and v.dtype.is_floating_point}
    problems = [f"float tensors of dtypes {sorted(map(str, floats))} in one call"] \
        if len(floats) > 1 else []
    dtype = next(iter(floats)) if len(floats) == 1 else None
    if dtype is not None and dtype not in FLOATS:
        problems.append(f"a float tensor of dtype {dtype} (float32 or float64 only)")
    names = list(arguments)

    def search(i: int, dims: dict) -> dict | None:     # each argument's alternatives, in turn
        if i == len(names):
            return dims
        name = names[i]
        for alt in contract.params[name].alternatives:
            fits = _fits(alt, arguments[name], dims, arguments, dtype)
            if fits is not None:
                found = search(i + 1, fits)
                if found is not None:
                    return found
        return None

    dims = search(0, {})
    if dims is None:
        for name in names:
            spec = contract.params[name]
            if not any(_fits(a, arguments[name], {}, arguments, dtype) is not None
                       for a in spec.alternatives):
                problems.append(f"{name} is {describe(arguments[name])}; the table says {spec}")
        if not problems:
            problems.append("the named dimensions disagree: " + ", ".join(
                f"{n} {describe(arguments[n])}" for n in names))
    return problems, (Binding(dims, arguments, dtype) if not problems else None)


def check_answer(contract: Contract, value, binding: Binding) -> list[str]:
    """What the table does not allow in ``value`` as the answer of the call ``binding`` fixed."""
    spec = contract.returns
    values = [value]
    if spec.count == 2:
        if not isinstance(value, (tuple, list)) or len(value) != 2:
            return [f"the answer is {describe(value)}; the table says {spec}"]
        values = list(value)
    (alt,) = spec.alternatives
    return [f"the answer is {describe(v)}; the table says {spec}" for v in values
            if _fits(alt, v, dict(binding.dims), binding.arguments, binding.dtype) is None]


def _fits(alt: Alternative, value, dims: dict, arguments: dict, dtype) -> dict | None:
    """``dims`` extended by what ``value`` binds, or None when it is not ``alt``."""
    if alt.kind == "any":
        return dims
    if alt.kind != "tensor":
        types = PYTHON[alt.kind]
        ok = isinstance(value, types) and not (alt.kind != "bool" and isinstance(value, bool))
        return dims if ok else None
    if not isinstance(value, torch.Tensor):
        return None
    if alt.like:
        other = arguments.get(alt.like)
        if not isinstance(other, torch.Tensor) or value.shape != other.shape:
            return None
        want = DTYPES.get(alt.dtype, other.dtype)
        return dims if value.dtype == want else None
    if alt.dtype in DTYPES:
        if value.dtype != DTYPES[alt.dtype]:
            return None
    elif value.dtype not in FLOATS or (dtype is not None and value.dtype != dtype):
        return None
    if alt.broadcasts_to:
        other = arguments.get(alt.broadcasts_to)
        if not isinstance(other, torch.Tensor):
            return None
        try:
            return dims if torch.broadcast_shapes(value.shape, other.shape) == other.shape else None
        except RuntimeError:
            return None
    if value.dim() != len(alt.shape):
        return None
    found = dict(dims)
    for dim, size in zip(alt.shape, value.shape):
        if isinstance(dim, int):
            if size != dim:
                return None
        elif found.setdefault(dim, size) != size:
            return None
    return found


def describe(value) -> str:
    """How a value reads in a contract's complaint: its type, and a tensor's shape and dtype."""
    if isinstance(value, torch.Tensor):
        return f"a {str(value.dtype).replace('torch.', '')} tensor of shape {tuple(value.shape)}"
    if isinstance(value, (tuple, list)):
        return f"a {type(value).__name__} of " + ", ".join(describe(v) for v in value[:4])
    return f"a {type(value).__name__} ({value!r:.40})"
