"""The safe codec between the grader and a worker: JSON plus raw tensor bytes.

Nothing that crosses the pipe is ever unpickled. A message is a frame::

    u32 json_length | u32 buffer_count | json bytes | (u64 length | bytes) * buffer_count

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
=============================================  ================================

Decoding validates everything (dtype allow-list, shape against byte count,
nesting depth, sizes), so a hostile worker can at worst send wrong numbers.
"""
from __future__ import annotations

import json
import math
import struct
import sys
from dataclasses import dataclass

MAX_JSON = 16 << 20        # bytes of JSON in one frame
MAX_BUFFER = 512 << 20     # bytes of one tensor
MAX_BUFFERS = 4096         # tensors in one frame
MAX_DEPTH = 32             # nesting of lists/tuples/dicts

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


# -- encoding (both sides) ---------------------------------------------------

def encode(value, buffers: list, depth: int = 0):
    """Turn ``value`` into JSON-able data, appending raw tensor bytes to ``buffers``."""
    if depth > MAX_DEPTH:
        raise ProtocolError("value nested too deeply")
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
        return {"t": "dict", "v": {str(k): encode(v, buffers, depth + 1) for k, v in value.items()}}
    np = sys.modules.get("numpy")     # not imported: no value can be a numpy one
    if np is not None and isinstance(value, np.generic):
        return encode(value.item(), buffers, depth)
    if np is not None and isinstance(value, np.ndarray):
        return _encode_array("ndarray", value, buffers)
    torch = sys.modules.get("torch")
    if torch is not None and isinstance(value, torch.Tensor):
        plain = torch.Tensor.detach(value).cpu()
        plain = plain.as_subclass(torch.Tensor) if type(plain) is not torch.Tensor else plain
        if plain.dtype == torch.bfloat16:
            plain = plain.to(torch.float32)
        out = _encode_array("tensor", plain.contiguous().numpy(), buffers)
        out["requires_grad"] = bool(value.requires_grad)
        return out
    return {"t": "opaque", "type": type(value).__qualname__, "repr": _short_repr(value)}


def _encode_array(tag, array, buffers):
    name = str(array.dtype)
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

def decode(data, buffers: list[bytes], depth: int = 0):
    """Inverse of :func:`encode`, validating every field; raises ProtocolError."""
    if depth > MAX_DEPTH:
        raise ProtocolError("value nested too deeply")
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    if isinstance(data, list):
        return [decode(v, buffers, depth + 1) for v in data]
    if not isinstance(data, dict):
        raise ProtocolError(f"unexpected JSON value {type(data).__name__}")
    tag = data.get("t")
    if tag == "tuple":
        return tuple(decode(v, buffers, depth + 1) for v in _expect(data, "v", list))
    if tag == "dict":
        return {str(k): decode(v, buffers, depth + 1) for k, v in _expect(data, "v", dict).items()}
    if tag == "float":
        text = _expect(data, "v", str)
        if text not in ("nan", "inf", "-inf"):
            raise ProtocolError(f"bad float {text!r}")
        return float(text)
    if tag == "opaque":
        return Opaque(str(data.get("type", "?"))[:200], str(data.get("repr", ""))[:200])
    if tag in ("tensor", "ndarray"):
        array = _decode_array(data, buffers)
        if tag == "ndarray":
            return array
        import torch
        tensor = torch.from_numpy(array)
        if data.get("requires_grad") is True and tensor.is_floating_point():
            tensor.requires_grad_(True)
        return tensor
    raise ProtocolError(f"unknown tag {tag!r}")


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
        raise ProtocolError(f"dtype {data.get('dtype')!r} not allowed")
    if not isinstance(shape, list) or len(shape) > 16 or not all(
            isinstance(n, int) and not isinstance(n, bool) and 0 <= n for n in shape):
        raise ProtocolError("bad shape")
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(buffers):
        raise ProtocolError("bad buffer index")
    raw = buffers[index]
    if math.prod(shape) * np.dtype(dtype).itemsize != len(raw):
        raise ProtocolError("shape does not match the byte count")
    return np.frombuffer(raw, dtype=dtype).reshape(shape).copy()


# -- framing -----------------------------------------------------------------

def pack(message) -> bytes:
    """Frame a message (any encodable value)."""
    buffers: list[bytes] = []
    body = json.dumps(encode(message, buffers), allow_nan=False).encode()
    parts = [struct.pack(">II", len(body), len(buffers)), body]
    for buf in buffers:
        parts += [struct.pack(">Q", len(buf)), buf]
    return b"".join(parts)


def send(sock, message) -> None:
    sock.sendall(pack(message))


def _recv_exact(sock, n: int) -> bytes:
    chunks, got = [], 0
    while got < n:
        chunk = sock.recv(min(n - got, 1 << 20))
        if not chunk:
            raise PeerClosed("connection closed")
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def recv(sock):
    """Read one frame and decode it; raises ProtocolError / PeerClosed."""
    return _read_frame(lambda n: _recv_exact(sock, n))


def unpack(frame: bytes):
    """Decode one complete frame held in memory."""
    view = memoryview(frame)
    pos = 0

    def take(n):
        nonlocal pos
        if pos + n > len(view):
            raise ProtocolError("truncated frame")
        pos += n
        return bytes(view[pos - n:pos])

    return _read_frame(take)


def _read_frame(read):
    json_len, count = struct.unpack(">II", read(8))
    if json_len > MAX_JSON or count > MAX_BUFFERS:
        raise ProtocolError("frame too large")
    body = read(json_len)
    buffers = []
    for _ in range(count):
        (size,) = struct.unpack(">Q", read(8))
        if size > MAX_BUFFER:
            raise ProtocolError("tensor too large")
        buffers.append(read(size))
    try:
        data = json.loads(body)
    except (ValueError, RecursionError) as exc:
        raise ProtocolError(f"bad JSON: {exc}") from None
    try:
        return decode(data, buffers)
    except RecursionError:
        raise ProtocolError("value nested too deeply") from None
