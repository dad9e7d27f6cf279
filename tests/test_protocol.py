"""The codec between grader and worker: round trips, and refusals of malformed frames.

Frames that are refused by their budget, cut off by a deadline, or hold values no array can
have; the property-based fuzz of the same is ``tests/test_codec_fuzz.py``.
"""
import json
import socket
import struct
import threading
import time

import numpy as np
import pytest
import torch

from autograder.sandbox import codec
from autograder.sandbox.codec import Budget, ProtocolError, ReplyTooLarge, Size


def roundtrip(value):
    return codec.unpack(codec.pack(value))


def test_roundtrip_values():
    t = torch.randn(3, 4, dtype=torch.float64)
    out = roundtrip({"a": [1, 2.5, None, True, "s"], "t": t, "tup": (t[0], float("nan")),
                     "arr": np.arange(3, dtype=np.int32), "empty": torch.zeros(0, 2)})
    assert torch.equal(out["t"], t) and out["t"].dtype == torch.float64
    assert isinstance(out["tup"], tuple) and np.isnan(out["tup"][1])
    assert isinstance(out["arr"], np.ndarray) and out["arr"].tolist() == [0, 1, 2]
    assert out["empty"].shape == (0, 2)


def test_non_contiguous_values_cross_in_their_logical_order():
    a = np.arange(6, dtype=np.float64).reshape(2, 3).T
    t = torch.arange(12.0).reshape(3, 4)[:, ::2]
    out = roundtrip([a, t])
    assert out[0].tolist() == a.tolist() and torch.equal(out[1], t)


def test_unknown_objects_become_opaque():
    class Thing:
        def __repr__(self):
            raise RuntimeError("hostile")
    out = roundtrip([Thing()])
    assert isinstance(out[0], codec.Opaque) and out[0].type.endswith("Thing")


def test_requires_grad_travels_with_the_tensor():
    out = roundtrip(torch.ones(2, requires_grad=True))
    assert out.requires_grad


@pytest.mark.parametrize("payload", [
    {"t": "tensor", "dtype": "object", "shape": [1], "buf": 0},
    {"t": "tensor", "dtype": ["float32"], "shape": [1], "buf": 0},    # not even a name
    {"t": "tensor", "dtype": "float32", "shape": [3], "buf": 0},      # 4 bytes for 3 floats
    {"t": "tensor", "dtype": "float32", "shape": [-1], "buf": 0},
    {"t": "tensor", "dtype": "float32", "shape": [1], "buf": 5},
    {"t": "pickle", "v": "gASV"},
])
def test_malformed_payloads_are_refused(payload):
    with pytest.raises(ProtocolError):
        codec.decode(payload, [b"\0\0\0\0"])


def test_oversized_frame_is_refused():
    a, b = socket.socketpair()
    a.sendall(struct.pack(">II", codec.MAX_JSON + 1, 0))
    with pytest.raises(ProtocolError):
        codec.recv(b)
    a.close()
    with pytest.raises(codec.PeerClosed):
        codec.recv(b)


def test_deep_nesting_is_refused():
    with pytest.raises(ProtocolError):
        codec.unpack(struct.pack(">II", 4000, 0) + b"[" * 2000 + b"]" * 2000)


def frame(body: bytes, *buffers: bytes) -> bytes:
    """A frame written by hand, as a hostile worker would."""
    lengths = b"".join(struct.pack(">Q", len(b)) for b in buffers)
    return struct.pack(">II", len(body), len(buffers)) + lengths + body + b"".join(buffers)


SMALL = Budget(bytes=64 << 10, values=1000)


def test_a_frame_declaring_more_than_its_budget_is_refused_before_anything_is_read():
    """4096 buffers of 512 MB declared, then nothing: refused at once, nothing held."""
    a, b = socket.socketpair()
    a.sendall(struct.pack(">II", 2, 4096) + struct.pack(">Q", 512 << 20) * 4096)
    start = time.monotonic()
    with pytest.raises(ReplyTooLarge) as refused:
        codec.recv(b, SMALL, deadline=time.monotonic() + 5)
    assert time.monotonic() - start < 1
    assert refused.value.size.bytes == 8 + 8 * 4096 + 2 + 4096 * (512 << 20)
    a.close(), b.close()


def test_json_of_tiny_values_is_refused_by_its_count_not_its_bytes():
    """``[[], [], ...]`` is 3 bytes a value in JSON but about 100 once parsed and decoded."""
    body = json.dumps([[]] * 5000).encode()
    assert len(body) < SMALL.bytes
    with pytest.raises(ReplyTooLarge) as refused:
        codec.unpack(frame(body), SMALL)
    assert refused.value.size.values > SMALL.values
    assert codec.unpack(frame(json.dumps([[]] * 400).encode()), SMALL) == [[]] * 400


def test_values_are_counted_from_the_structure_of_the_text():
    assert codec.count_values(json.dumps([[], [1, {"k": 2.5}], "s"]).encode()) == 9  # 8 values
    assert codec.count_values(b"1") == 1


def test_a_trickled_frame_is_cut_off_at_the_deadline_not_per_recv():
    """One byte every 50 ms keeps each recv short; the deadline covers the whole frame."""
    a, b = socket.socketpair()
    data = codec.pack({"ok": True, "value": list(range(100))})

    def trickle():
        try:
            for i in range(len(data)):
                a.send(data[i:i + 1])
                time.sleep(0.05)
        except OSError:
            pass
    threading.Thread(target=trickle, daemon=True).start()
    start = time.monotonic()
    with pytest.raises(TimeoutError):
        codec.recv(b, SMALL, deadline=start + 0.5)
    assert time.monotonic() - start < 1.0
    a.close(), b.close()


def test_a_send_to_a_peer_that_never_reads_ends_at_the_deadline():
    a, b = socket.socketpair()
    start = time.monotonic()
    with pytest.raises(TimeoutError):
        codec.send(a, bytes(64 << 20), deadline=start + 0.3)
    assert time.monotonic() - start < 1.0
    a.close(), b.close()


@pytest.mark.parametrize("shape, dtype, nbytes", [
    ([2**31, 2**31, 0], "float32", 0),        # no elements, but numpy's size overflows
    ([0, 2**62, 2**62], "float64", 0),
    ([2**64 + 1], "float32", 4),              # more elements than any index can hold
    ([1] * 17, "float32", 4),                 # more dimensions than allowed
    ([True], "float32", 4),
    ([1.0], "float32", 4),
    ("4", "float32", 4),
    ([None], "float32", 4),
])
def test_absurd_shapes_are_the_codecs_error(shape, dtype, nbytes):
    body = json.dumps({"t": "tensor", "dtype": dtype, "shape": shape, "buf": 0}).encode()
    with pytest.raises(ProtocolError):
        codec.unpack(frame(body, bytes(nbytes)), SMALL)


def test_an_integer_no_float_can_hold_arrives_as_opaque():
    """``float(10**400)`` raises: such a number would break the grader's own checks."""
    out = roundtrip([10 ** 400, 2 ** 63 - 1, -(2 ** 63)])
    assert isinstance(out[0], codec.Opaque) and "401 digits" in str(out[0])
    assert out[1:] == [2 ** 63 - 1, -(2 ** 63)]


def test_texts_quoted_in_errors_are_short():
    body = json.dumps({"t": "x" * 1_000_000}).encode()
    with pytest.raises(ProtocolError) as refused:
        codec.unpack(frame(body))
    assert len(str(refused.value)) < 100


def test_decoded_tensors_are_writable_and_own_no_shared_bytes():
    t = torch.arange(6.0).reshape(2, 3)
    a, b = socket.socketpair()
    codec.send(a, t)
    out = codec.recv(b, SMALL)
    out += 1            # in place: the tensor owns writable memory
    assert torch.equal(out, t + 1)
    a.close(), b.close()


def test_a_budget_is_a_multiple_of_the_expected_size_plus_an_allowance_under_a_ceiling():
    allowance, ceiling = Size(1000, 10), Size(10_000, 100)
    assert Budget.around(Size(100, 1), 64, allowance, ceiling) == Budget(7400, 74, Size(100, 1))
    big = Budget.around(Size(9000, 90), 64, allowance, ceiling)     # the ceiling applies ...
    assert (big.bytes, big.values) == (19_000, 190)
    huge = Budget.around(Size(50_000, 500), 64, allowance, ceiling)  # ... unless it is the answer
    assert (huge.bytes, huge.values) == (101_000, 1010)


def test_sizes_read_as_a_student_reads_them():
    assert [codec.human_bytes(n) for n in (812, 3200, 15_000_000, 2_199_023_255_552)] == \
        ["812 B", "3.2 KB", "15 MB", "2.2 TB"]


def test_the_codec_imports_neither_numpy_nor_torch_until_an_array_crosses():
    """The grader starts its fork server before its own ``import torch`` (the two then warm
    up side by side), so the modules that start it must not pull either in."""
    import subprocess
    import sys

    code = ("import sys; import autograder.engine.pool, autograder.sandbox.codec as p; "
            "p.unpack(p.pack({'a': [1, 2.5, None]})); "
            "print(sorted({'numpy', 'torch'} & set(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
