"""Property-based fuzz of the codec (issue 22): whatever bytes a worker sends, decoding ends in a
value or in the codec's own :class:`ProtocolError`, never in another exception (which the grader
would report as its own fault), and within a memory and a time bounded by the reader's budget.

Three sources of frames: random bytes; frames of random JSON documents that look like the
codec's tagged objects (tensors with absurd shapes, dtypes, buffer indices, nesting) with random
buffers; and valid frames of random values, mutated (bytes flipped, cut, inserted, header lengths
overwritten). Each frame is decoded from memory and from a socket whose writer has closed.
"""
import json
import socket
import struct
import time
import tracemalloc
from datetime import timedelta

import torch
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from autograder.sandbox import codec
from autograder.sandbox.codec import Budget, ProtocolError

BUDGET = Budget(bytes=64 << 10, values=2000)
#: what decoding may allocate (traced): its frame, twice, and about 100 bytes a JSON value (the
#: parsed and the decoded copy), with room for the interpreter's own caches
MEMORY_BOUND = 2 * BUDGET.bytes + 300 * BUDGET.values + (256 << 10)
FUZZ = settings(max_examples=150, deadline=timedelta(seconds=2), database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

NUMBERS = st.sampled_from([0, 1, 2, 3, -1, 4, 2**31 - 1, 2**31, 2**62, 2**63, 2**64 + 1, 10**30,
                           True, False, None, 1.5, float("inf")])
FIELDS = {"t": st.sampled_from(["tensor", "ndarray", "tuple", "dict", "float", "opaque", "pickle"]),
          "dtype": st.sampled_from(sorted(codec.DTYPES) + ["object", "bfloat16", "<f4", ""]),
          "shape": st.lists(NUMBERS, max_size=18) | NUMBERS | st.text(max_size=3),
          "buf": NUMBERS, "v": st.text(max_size=5) | st.lists(NUMBERS, max_size=3) | NUMBERS,
          "requires_grad": NUMBERS, "type": st.text(max_size=5) | NUMBERS, "repr": NUMBERS}


def documents():
    """JSON documents built of plain values and tag-like dicts with hostile fields."""
    leaf = (st.none() | st.booleans() | NUMBERS | st.integers() | st.text(max_size=8)
            | st.floats(allow_nan=False))
    tagged = st.fixed_dictionaries({}, optional=FIELDS)

    def nest(children):
        return (st.lists(children, max_size=6) | st.dictionaries(st.text(max_size=3), children,
                                                                 max_size=4)
                | st.builds(lambda v, t: {"t": t, "v": v}, children,
                            st.sampled_from(["tuple", "dict"])))
    return st.recursive(leaf | tagged, nest, max_leaves=40)


def frame(body: bytes, buffers) -> bytes:
    lengths = b"".join(struct.pack(">Q", len(b)) for b in buffers)
    return struct.pack(">II", len(body), len(buffers)) + lengths + body + b"".join(buffers)


def values():
    """Values the worker really sends: tensors of every dtype, nested in lists, tuples, dicts."""
    tensors = st.builds(lambda n, d: torch.arange(n).to(d),
                        st.integers(0, 20), st.sampled_from([torch.float32, torch.float64,
                                                             torch.int64, torch.bool]))
    leaf = (st.none() | st.booleans() | st.integers(-2**63, 2**64 - 1) | st.floats()
            | st.text(max_size=10) | tensors)
    return st.recursive(leaf, lambda c: st.lists(c, max_size=4) | st.tuples(c, c)
                        | st.dictionaries(st.text(max_size=4), c, max_size=3), max_leaves=12)


@st.composite
def mutated(draw):
    """A valid frame, then one to three mutations."""
    data = bytearray(codec.pack({"ok": True, "value": draw(values())}))
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.integers(0, max(len(data) - 1, 0)))
        kind = draw(st.sampled_from(["flip", "cut", "insert", "header", "length"]))
        if kind == "flip" and data:
            data[where] ^= draw(st.integers(1, 255))
        elif kind == "cut":
            del data[where:]
        elif kind == "insert":
            data[where:where] = draw(st.binary(min_size=1, max_size=16))
        elif kind == "header" and len(data) >= 8:
            data[0:8] = struct.pack(">II", draw(st.integers(0, 2**32 - 1)) % (1 << 32),
                                    draw(st.integers(0, 2**32 - 1)))
        elif kind == "length" and len(data) >= 16:
            data[8:16] = struct.pack(">Q", draw(st.integers(0, 2**64 - 1)))
    return bytes(data)


def decodes_or_refuses(data: bytes) -> None:
    """Decode ``data`` from memory and from a closed socket: a value or ProtocolError only,
    within :data:`MEMORY_BOUND` and the budget's time."""
    tracemalloc.start()     # here only: tracing Hypothesis's own work would triple its time
    try:
        codec.unpack(data, BUDGET)
    except ProtocolError:
        pass
    a, b = socket.socketpair()
    try:
        a.sendall(data)
        a.shutdown(socket.SHUT_WR)
        try:
            codec.recv(b, BUDGET, deadline=time.monotonic() + 5)
        except ProtocolError:
            pass
    finally:
        a.close(), b.close()
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert peak <= MEMORY_BOUND, f"decoding a {len(data)}-byte frame allocated {peak:,} bytes"


@FUZZ
@given(st.binary(max_size=600))
def test_random_bytes(data):
    decodes_or_refuses(data)


@FUZZ
@given(documents(), st.lists(st.binary(max_size=40), max_size=4))
def test_forged_documents(document, buffers):
    decodes_or_refuses(frame(json.dumps(document).encode(), buffers))


@FUZZ
@given(mutated())
def test_mutated_frames(data):
    decodes_or_refuses(data)


@FUZZ
@given(values())
def test_what_is_sent_is_what_arrives(value):
    """The other half of the property: no valid frame of what a worker sends is refused."""
    decoded = codec.unpack(codec.pack(value), Budget())
    assert codec.pack(decoded) == codec.pack(value)
