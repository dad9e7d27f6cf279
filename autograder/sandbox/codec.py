"""The safe codec between the grader and a worker: JSON plus raw tensor bytes.

Nothing that crosses the pipe is ever unpickled. A message is a frame::

    u32 json_length | u32 buffer_count | u64 buffer_length * buffer_count | json | buffers

Every length comes before the bytes it announces, so a reader knows the whole
frame's size after its first ``8 + 8 * buffer_count`` bytes and checks it
against a :class:`Budget` before it holds anything more (it makes room for the
JSON with the lengths' table only when the two alone fit the budget, and reads
on once the table is checked, so a frame usually takes three ``recv`` calls,
whatever its number of tensors); it then counts the
JSON's values (lists, dicts, numbers and strings each cost up to ~100 bytes
once parsed, whatever their text: ``[]`` is 2 bytes of JSON and a 56-byte
list) against the same budget before parsing it. A reader may also be given a
deadline for the whole frame (:func:`recv`), so a peer that sends one byte a
second is cut off at the deadline, not waited for one ``recv`` at a time.

The JSON holds plain values (None, bool, int, float, str, lists) and tagged
objects for everything else:

=============================================  ================================
tag                                            decoded as
=============================================  ================================
``{"t": "tensor", "dtype", "shape", "buf"}``   ``torch.Tensor`` built from bytes
``{"t": "ndarray", "dtype", "shape", "buf"}``  ``numpy.ndarray`` built from bytes
``{"t": "tuple", "v": [...]}``                 tuple
``{"t": "dict", "v": {...}}``                  dict with str keys
``{"t": "float", "v": "nan"}``                 non-finite float
``{"t": "opaque", "type", "repr"}``            :class:`Opaque` (type name + repr)
an integer beyond 64 bits                      :class:`Opaque` (no arithmetic of the grader
                                               overflows on a number it was sent)
=============================================  ================================

Decoding validates everything (dtype allow-list, shape against byte count,
nesting depth, sizes), and every way a frame can be wrong raises
:class:`ProtocolError` (or its :class:`ReplyTooLarge`), never anything else, so
a hostile worker can at worst send wrong numbers, or be told its reply was
malformed.

Long because: the worker's harness (:mod:`.harness`) watches this module's own functions,
the framing's and the encoding's, as one; split in two, the half it was not told of would be
left unwatched in the student's process. Both halves also share the limits above.
"""
from __future__ import annotations

import json
import math
import struct
import sys
import time
from dataclasses import dataclass

from pgcheck.messages import encodable

MAX_JSON = 16 << 20        # bytes of JSON in one frame
MAX_BUFFER = 512 << 20     # bytes of one tensor
MAX_BUFFERS = 4096         # tensors in one frame
MAX_DEPTH = 32             # nesting of lists/tuples/dicts
MAX_DIM = (1 << 31) - 1    # one dimension of a shape (more than any array that fits in memory)
MAX_FRAME = 2 << 30        # bytes of one frame from a trusted peer (the grader, the fork server)
MAX_VALUES = 1 << 24       # JSON values in one frame from a trusted peer

HEADER = struct.Struct(">II")
LENGTH = struct.Struct(">Q")

# the only dtypes that cross the pipe (numpy's names; torch's are the same, bool included)
DTYPES = frozenset({"float16", "float32", "float64", "int8", "int16", "int32", "int64",
                    "uint8", "bool", "complex64", "complex128"})


class ProtocolError(Exception):
    """The peer sent something that is not a valid frame."""


class PeerClosed(ProtocolError):
    """The peer closed the connection (for a worker: it died or exited)."""


@dataclass(frozen=True)
class Opaque:
    """A value of a type the codec does not carry: only its type name and a short repr."""
    type: str
    repr: str

    def __str__(self):
        return f"<{self.type}: {self.repr}>"


@dataclass(frozen=True)
class Size:
    """What a frame costs its reader: ``bytes`` in all, and ``values`` in its JSON."""
    bytes: int
    values: int

    def __add__(self, other: "Size") -> "Size":
        return Size(self.bytes + other.bytes, self.values + other.values)

    @classmethod
    def of(cls, frame: bytes) -> "Size":
        """The size of a packed frame (see :func:`pack`)."""
        json_len, count = HEADER.unpack_from(frame)
        start = HEADER.size + LENGTH.size * count
        return cls(len(frame), count_values(frame[start:start + json_len]))


@dataclass(frozen=True)
class Budget:
    """How much of one frame a reader will hold: checked against the declared lengths before
    the bytes are read, and against the JSON's values before it is parsed.

    ``expected`` is the size of the frame this one should resemble (for a student's call: the
    reference's answer on the same input), for the message of a refusal. The default budget
    is for trusted peers only.
    """
    bytes: int = MAX_FRAME
    values: int = MAX_VALUES
    expected: Size | None = None

    @classmethod
    def around(cls, expected: Size, factor: int, allowance: Size, ceiling: Size) -> "Budget":
        """``factor`` times ``expected`` plus ``allowance``; never more than ``ceiling`` plus
        the allowance unless ``expected`` itself is that large (then twice ``expected``)."""
        def scaled(n, cap):
            return max(min(factor * n, cap), 2 * n)
        return cls(scaled(expected.bytes, ceiling.bytes) + allowance.bytes,
                   scaled(expected.values, ceiling.values) + allowance.values, expected)


class ReplyTooLarge(ProtocolError):
    """A frame declared more than its budget; nothing of it beyond the lengths was read.

    ``size`` is what the frame declared (``values`` is 0 when the bytes alone were refused).
    """

    def __init__(self, size: Size, budget: Budget):
        self.size, self.budget = size, budget
        if size.bytes > budget.bytes:
            text = f"a frame of {human_bytes(size.bytes)} (at most {human_bytes(budget.bytes)})"
        else:
            text = f"a frame of {size.values:,} JSON values (at most {budget.values:,})"
        super().__init__(text)


def human_bytes(n: int) -> str:
    """``812 B``, ``3.2 KB``, ``800 MB``: a size as a student reads it."""
    for unit in ("B", "KB", "MB", "GB", "TB"):
        if n < 1000 or unit == "TB":
            return f"{n:.1f} {unit}" if unit != "B" and n < 10 else f"{n:.0f} {unit}"
        n /= 1000
    raise AssertionError("unreachable")


def count_values(body: bytes) -> int:
    """An upper bound on the values in a JSON text: every value but the first follows a
    ``[``, ``{``, ``,`` or ``:``. Those inside strings are counted too: telling them apart
    would mean lexing the text, which costs more than it saves (a message full of commas
    only needs a budget that allows for its length)."""
    return 1 + sum(body.count(c) for c in (b"[", b"{", b",", b":"))


# -- encoding (both sides) ---------------------------------------------------

def encode(value, buffers: list, depth: int = 0):
    """Turn ``value`` into JSON-able data, appending raw tensor bytes to ``buffers``."""
    if depth > MAX_DEPTH:
        raise ProtocolError("value nested too deeply")
    kind = type(value)          # the common exact types first; a subclass takes the checks below
    if kind is str or kind is int or kind is bool or value is None or (
            kind is float and math.isfinite(value)):
        return value
    if kind is list:
        return [encode(v, buffers, depth + 1) for v in value]
    if kind is dict:
        return _encode_dict(value, buffers, depth)
    torch = sys.modules.get("torch")
    if torch is not None and kind is torch.Tensor:
        return _encode_tensor(torch, value, buffers)
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value) if math.isfinite(value) else {"t": "float", "v": repr(float(value))}
    if isinstance(value, (list, tuple)):
        items = [encode(v, buffers, depth + 1) for v in value]
        return items if type(value) is list else {"t": "tuple", "v": items}
    if isinstance(value, dict):
        return _encode_dict(value, buffers, depth)
    np = sys.modules.get("numpy")     # not imported: no value can be a numpy one
    if np is not None and isinstance(value, np.generic):
        return encode(value.item(), buffers, depth)
    if np is not None and isinstance(value, np.ndarray):
        return _encode_array("ndarray", value, buffers)
    if torch is not None and isinstance(value, torch.Tensor):
        return _encode_tensor(torch, value, buffers)
    if type(value) is Opaque:        # relayed as it came (the worker re-frames a child's answer)
        return {"t": "opaque", "type": value.type, "repr": value.repr}
    return {"t": "opaque", "type": type(value).__qualname__, "repr": _short_repr(value)}


def _encode_dict(value: dict, buffers: list, depth: int) -> dict:
    return {"t": "dict", "v": {str(k): encode(v, buffers, depth + 1) for k, v in value.items()}}


def _encode_tensor(torch, value, buffers: list) -> dict:
    """A tensor's bytes (C order, on the CPU; bfloat16 as float32), of any subclass: the
    detach and the type are torch.Tensor's own, whatever the subclass defines."""
    plain = torch.Tensor.detach(value).cpu()
    plain = plain.as_subclass(torch.Tensor) if type(plain) is not torch.Tensor else plain
    if plain.dtype == torch.bfloat16:
        plain = plain.to(torch.float32)
    out = _encode_array("tensor", plain.contiguous().numpy(), buffers)
    out["requires_grad"] = bool(value.requires_grad)
    return out


#: numpy's dtype objects of :data:`DTYPES` -> name, filled on first use: ``str(dtype)`` costs
#: more than copying a small tensor's bytes
_NAMES: dict = {}
#: name in :data:`DTYPES` -> numpy's dtype object, filled on first use
_DTYPE_OF: dict = {}


def _dtype_name(dtype) -> str:
    name = _NAMES.get(dtype)
    if name is None:
        name = str(dtype)
        if name in DTYPES and len(_NAMES) < len(DTYPES):
            _NAMES[dtype] = name
    return name


def _encode_array(tag, array, buffers):
    name = _dtype_name(array.dtype)
    if name not in DTYPES:
        return {"t": "opaque", "type": f"{tag} of {name}", "repr": ""}
    buffers.append(array.tobytes())      # C order whatever the array's own layout
    return {"t": tag, "dtype": name, "shape": list(array.shape), "buf": len(buffers) - 1}


def _short_repr(value, limit=200):
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not break the codec
        text = "?"
    return text[:limit]


# -- decoding (validating) ---------------------------------------------------

def decode(data, buffers: list, depth: int = 0):
    """Inverse of :func:`encode`, validating every field; raises ProtocolError only."""
    try:
        return _decode(data, buffers, depth)
    except RecursionError:
        raise ProtocolError("value nested too deeply") from None


def _text(data: str) -> str:
    """A peer's string, made encodable: a lone surrogate ("\\ud800") never reaches a writer."""
    return data if data.isascii() else encodable(data)


def _decode(data, buffers, depth):
    if depth > MAX_DEPTH:
        raise ProtocolError("value nested too deeply")
    kind = type(data)           # what JSON parses to: exactly one of these types
    if kind is float or kind is bool or data is None:
        return data
    if kind is str:
        return _text(data)
    if kind is list:
        return [_decode(v, buffers, depth + 1) for v in data]
    if kind is dict:
        return _decode_tagged(data, buffers, depth)
    if kind is not int:
        raise ProtocolError(f"unexpected JSON value {type(data).__name__}")
    if not -(1 << 63) <= data < 1 << 64:
        return Opaque("int", f"an integer of {len(str(abs(data)))} digits")
    return data


def _decode_tagged(data: dict, buffers, depth):
    """A tagged object (the table of the module's docstring), tensors first."""
    tag = data.get("t")
    if tag == "tensor":
        import torch
        tensor = torch.from_numpy(_decode_array(data, buffers))
        if data.get("requires_grad") is True and tensor.is_floating_point():
            tensor.requires_grad_(True)
        return tensor
    if tag == "tuple":
        return tuple(_decode(v, buffers, depth + 1) for v in _expect(data, "v", list))
    if tag == "dict":
        return {_text(k): _decode(v, buffers, depth + 1)
                for k, v in _expect(data, "v", dict).items()}
    if tag == "float":
        text = _expect(data, "v", str)
        if text not in ("nan", "inf", "-inf"):
            raise ProtocolError(f"bad float {_clip(text)}")
        return float(text)
    if tag == "opaque":
        return Opaque(_clip(data.get("type", "?"), 200), _clip(data.get("repr", ""), 200))
    if tag == "ndarray":
        return _decode_array(data, buffers)
    raise ProtocolError(f"unknown tag {_clip(tag)}")


def _clip(value, limit: int = 40) -> str:
    """A peer's value quoted in a message or a name: never more than ``limit`` characters."""
    text = value if isinstance(value, str) else repr(value) if isinstance(
        value, (int, float, bool, type(None))) else type(value).__name__
    return text[:limit]


def _expect(data, key, kind):
    value = data.get(key)
    if not isinstance(value, kind):
        raise ProtocolError(f"field {key!r} should be {kind.__name__}")
    return value


def _decode_array(data, buffers):
    import numpy as np   # here, not at the top: the grader starts its fork server before numpy

    dtype = data.get("dtype")
    shape = data.get("shape")
    index = data.get("buf")
    if not isinstance(dtype, str) or dtype not in DTYPES:
        raise ProtocolError(f"dtype {_clip(dtype)} not allowed")
    if not isinstance(shape, list) or len(shape) > 16 or not all(
            isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MAX_DIM for n in shape):
        raise ProtocolError("bad shape")
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(buffers):
        raise ProtocolError("bad buffer index")
    raw = buffers[index]
    kind = _DTYPE_OF.get(dtype)
    if kind is None:
        kind = _DTYPE_OF[dtype] = np.dtype(dtype)
    if math.prod(shape) * kind.itemsize != len(raw):
        raise ProtocolError("shape does not match the byte count")
    try:    # a bytearray (read from a socket) is used in place; bytes are copied, to be writable
        array = np.frombuffer(raw, dtype=kind).reshape(shape)
        return array if array.flags.writeable else array.copy()
    except (ValueError, TypeError, OverflowError, MemoryError) as exc:  # e.g. shape [0, 2**31]
        raise ProtocolError(f"bad shape ({_clip(str(exc), 80)})") from None


# -- framing -----------------------------------------------------------------

#: the frames' JSON encoder, built once (``json.dumps(..., allow_nan=False)`` builds one a call)
_JSON = json.JSONEncoder(allow_nan=False)


def pack(message) -> bytes:
    """Frame a message (any encodable value); ProtocolError if it is too large to frame."""
    buffers: list[bytes] = []
    body = _JSON.encode(encode(message, buffers)).encode()
    if len(body) > MAX_JSON or len(buffers) > MAX_BUFFERS or any(
            len(b) > MAX_BUFFER for b in buffers):
        raise ProtocolError("value too large to send")
    head = [HEADER.pack(len(body), len(buffers)), *(LENGTH.pack(len(b)) for b in buffers)]
    return b"".join([*head, body, *buffers])


def send(sock, message, deadline: float | None = None) -> None:
    """Send one frame (``message``, or bytes already packed) before ``deadline``
    (``time.monotonic()``; TimeoutError after it)."""
    frame = message if isinstance(message, bytes) else pack(message)
    if deadline is not None:
        sock.settimeout(_left(deadline))
    sock.sendall(frame)     # since Python 3.5 the timeout bounds the whole sendall


def _left(deadline: float) -> float:
    left = deadline - time.monotonic()
    if left <= 0:
        raise TimeoutError("the deadline passed")
    return left


def _recv_exact(sock, n: int, deadline: float | None, first: int = 0, check=None) -> bytearray:
    """Exactly ``n`` bytes, all of them before ``deadline``: each ``recv`` waits only for what
    is left of the time, so a trickle of bytes cannot stretch it. ``check``, if given, is
    called on the first ``first`` bytes as soon as they are in, before waiting for the rest
    (it raises to refuse them); one ``recv`` usually brings all ``n``."""
    buf = bytearray(n)
    view = memoryview(buf)
    got = 0
    while True:
        if check is not None and got >= first:
            check(view[:first])
            check = None
        if got >= n:
            return buf
        if deadline is not None:
            sock.settimeout(_left(deadline))
        k = sock.recv_into(view[got:], min(n - got, 1 << 20))
        if not k:
            raise PeerClosed("connection closed")
        got += k


def recv(sock, budget: Budget = Budget(), deadline: float | None = None):
    """Read one frame and decode it, holding no more than ``budget``; raises ProtocolError,
    ReplyTooLarge, PeerClosed, or TimeoutError once ``deadline`` (``time.monotonic()``)
    has passed."""
    return _read_frame(lambda n, first=0, check=None: _recv_exact(sock, n, deadline, first,
                                                                  check), budget)


def unpack(frame: bytes, budget: Budget = Budget()):
    """Decode one complete frame held in memory."""
    view = memoryview(frame)
    pos = 0

    def take(n, first=0, check=None):
        nonlocal pos
        if check is not None:
            if pos + first > len(view):
                raise ProtocolError("truncated frame")
            check(view[pos:pos + first])
        if pos + n > len(view):
            raise ProtocolError("truncated frame")
        pos += n
        return bytes(view[pos - n:pos])

    return _read_frame(take, budget)


def _read_frame(read, budget: Budget):
    """Read a frame with ``read(n, first, check)`` (see :func:`_recv_exact`), holding no byte
    beyond ``budget``. From a socket that is three ``recv`` calls where one would do for each
    part: the header; the table of the buffers' lengths with the JSON after it (checked
    against the budget as soon as the table is in); all the buffers at once."""
    json_len, count = HEADER.unpack(read(HEADER.size))
    if json_len > MAX_JSON or count > MAX_BUFFERS:
        raise ProtocolError("frame too large")
    table = LENGTH.size * count
    declared = [HEADER.size + table + json_len]     # the buffers' lengths added once read
    lengths = []

    def check(raw) -> None:
        lengths.extend(struct.unpack_from(f">{count}Q", raw) if count else ())
        if any(n > MAX_BUFFER for n in lengths):
            raise ProtocolError("tensor too large")
        declared[0] += sum(lengths)
        if declared[0] > budget.bytes:
            raise ReplyTooLarge(Size(declared[0], 0), budget)

    if declared[0] > budget.bytes:      # refused whatever the buffers: read the table to say how
        check(read(table))              # much the frame declares (it raises)
    chunk = read(table + json_len, table, check)
    body = chunk[table:]
    values = count_values(body)
    if values > budget.values:
        raise ReplyTooLarge(Size(declared[0], values), budget)
    buffers = _split(read(sum(lengths)), lengths)
    try:
        data = json.loads(body)
    except (ValueError, RecursionError) as exc:
        raise ProtocolError(f"bad JSON: {_clip(str(exc), 80)}") from None
    return decode(data, buffers)


def _split(blob, lengths) -> list:
    """The buffers of a frame, read as one ``blob``: views of it (a socket's bytearray stays
    writable, so its arrays need no copy)."""
    view, pos, out = memoryview(blob), 0, []
    for n in lengths:
        out.append(view[pos:pos + n])
        pos += n
    return out
